/**
 * The secret a project's outgoing webhooks are signed with (decisions.md: `X-Mailwright-Signature`).
 * Derived from SIGNING_SECRET and the project id, so every process computes the same one and nothing
 * secret is stored per project; `whsec_` marks it for people and secret scanners.
 */
import { createHmac } from 'node:crypto';

export function webhookSigningSecret(signingSecret: string, projectId: string): string {
  const key = createHmac('sha256', signingSecret).update(`webhook-signing:${projectId}`).digest('base64url');
  return `whsec_${key}`;
}

/** The header value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function webhookSignature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}
