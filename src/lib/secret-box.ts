/**
 * Secrets kept at rest (DKIM private keys, webhook signing secrets, transport credentials): sealed
 * with AES-256-GCM under the server's encryption key, so a copy of the database alone reveals none.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

function assertKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) throw new Error(`Secret key must be ${KEY_BYTES} bytes, got ${key.length}`);
}

/** Encrypts with AES-256-GCM under a fresh random 12-byte IV, as `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function encryptSecret(plain: string, key: Buffer): string {
  assertKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url'));
  return [VERSION, ...parts].join('.');
}

function decodePart(part: string | undefined, what: string): Buffer {
  // Buffer.from(…, 'base64url') skips characters it does not know; reject them instead of decrypting something else.
  if (part === undefined || !BASE64URL.test(part)) throw new Error(`Malformed secret box: bad ${what}`);
  return Buffer.from(part, 'base64url');
}

/** Decrypts a box made by encryptSecret; throws on a wrong key, an unknown version or any tampering. */
export function decryptSecret(box: string, key: Buffer): string {
  assertKey(key);
  const parts = box.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) throw new Error('Malformed secret box: unknown format');
  const iv = decodePart(parts[1], 'iv');
  const tag = decodePart(parts[2], 'tag');
  const ciphertext = decodePart(parts[3], 'ciphertext');
  // GCM accepts truncated tags unless told otherwise; a short tag would weaken the integrity check.
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error('Malformed secret box: bad iv or tag length');
  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}
