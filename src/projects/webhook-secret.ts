/**
 * The secret a project's outgoing webhooks are signed with (decisions.md: `X-Mailwright-Signature`).
 * Derived from SIGNING_SECRET and the project id, so every process computes the same one and nothing
 * secret is stored per project; `whsec_` marks it for people and secret scanners.
 */
import { hmacSha256, unixSeconds } from '../lib/hmac.ts';
import { WEBHOOK_SECRET_PREFIX } from '../webhooks/signing.ts';

/** The project's `whsec_` secret: HMAC-SHA256 of `webhook-signing:<projectId>` under SIGNING_SECRET, base64url. */
export function webhookSigningSecret(signingSecret: string, projectId: string): string {
  return WEBHOOK_SECRET_PREFIX + hmacSha256(signingSecret, [`webhook-signing:${projectId}`]).toString('base64url');
}

/** The header value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed by the whole `whsec_…` string. */
export function webhookSignature(secret: string, body: string, at: Date): string {
  const t = unixSeconds(at);
  return `t=${t},v1=${hmacSha256(secret, [t, body]).toString('hex')}`;
}
