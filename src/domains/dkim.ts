import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

const generateKeyPairAsync = promisify(generateKeyPair);

export interface DkimKeyPair {
  publicKeyPem: string;
  privateKeyPem: string;
}

/** Generates an RSA-2048 DKIM key pair off the event loop: SPKI public and PKCS#8 private keys, both PEM. */
export async function generateDkimKeyPair(): Promise<DkimKeyPair> {
  const { publicKey, privateKey } = await generateKeyPairAsync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKeyPem: publicKey, privateKeyPem: privateKey };
}

/** A fresh DKIM selector such as `mw202611a3f9c2`: `mw`, the year and month, and 6 random hex digits. */
export function newSelector(now: Date = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `mw${now.getUTCFullYear()}${month}${randomBytes(3).toString('hex')}`;
}
