/**
 * The Standard Webhooks signature (standardwebhooks.com): `v1,<base64 HMAC-SHA256>` of
 * `<webhook-id>.<webhook-timestamp>.<body>`, keyed by the base64-decoded part of the `whsec_` secret.
 * Several secrets (during a rotation) give several signatures, space-separated.
 */
import { randomBytes } from 'node:crypto';
import { hmacSha256 } from '../lib/hmac.ts';

/** Marks a webhook signing secret for people and secret scanners. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** The key bytes of a `whsec_` secret. */
export function secretKey(secret: string): Buffer {
  return Buffer.from(
    secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret,
    'base64',
  );
}

/** The `webhook-signature` header value for `body` under each key. */
export function signatureHeader(keys: readonly Buffer[], id: string, timestamp: number, body: string): string {
  return keys.map((key) => `v1,${hmacSha256(key, [id, timestamp, body]).toString('base64')}`).join(' ');
}
