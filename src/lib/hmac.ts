/**
 * HMAC-SHA256 over parts joined by '.', the shape every signature here signs
 * (`<webhook-id>.<timestamp>.<body>`, `<t>.<body>`, `<purpose>.<payload>`).
 */
import { createHmac } from 'node:crypto';

/** The HMAC-SHA256 under `key` (a string keys by its UTF-8 bytes) of `parts` joined by '.'. */
export function hmacSha256(key: string | Buffer, parts: readonly (string | number)[]): Buffer {
  return createHmac('sha256', key).update(parts.join('.')).digest();
}

/** The unix seconds of `at` (the timestamp signatures carry). */
export function unixSeconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}
