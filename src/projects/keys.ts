/** API key material: generation and the one-way hash under which secret keys are stored. */
import { createHash, randomBytes } from 'node:crypto';

export interface NewKeys {
  secretKey: string;
  secretKeyHash: string;
  secretKeyHint: string;
  publicKey: string;
}

/** Fresh secret and public keys; the secret is returned once and only its hash is kept. */
export function generateKeys(): NewKeys {
  const secretKey = `sk_${randomBytes(24).toString('base64url')}`;
  return {
    secretKey,
    secretKeyHash: hashSecretKey(secretKey),
    secretKeyHint: secretKey.slice(-4),
    publicKey: `pk_${randomBytes(24).toString('base64url')}`,
  };
}

/**
 * SHA-256 is enough here: the key has 192 random bits, so there is nothing to brute-force, and a
 * fast hash lets every request look the key up by an index.
 */
export function hashSecretKey(secretKey: string): string {
  return createHash('sha256').update(secretKey).digest('base64url');
}

/** A key of the right shape (prefix + base64url body); anything else is rejected before any lookup. */
export function parseApiKey(token: string): { kind: 'secret' | 'public'; key: string } | undefined {
  const m = /^(sk|pk)_[A-Za-z0-9_-]{16,128}$/.exec(token);
  if (!m) return undefined;
  return { kind: m[1] === 'sk' ? 'secret' : 'public', key: token };
}
