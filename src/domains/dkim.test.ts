// Invariant: generated DKIM keys are a working RSA-2048 pair, and a sealed secret opens only with the same key and
// only when every byte of the box is untouched.
import { createPublicKey, randomBytes, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from '../lib/secret-box.ts';
import { generateDkimKeyPair, newSelector } from './dkim.ts';

describe('generateDkimKeyPair', () => {
  it('returns a 2048-bit RSA pair whose private key signs what the public key verifies', async () => {
    const { publicKeyPem, privateKeyPem } = await generateDkimKeyPair();
    expect(publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    const pub = createPublicKey(publicKeyPem);
    expect(pub.asymmetricKeyType).toBe('rsa');
    expect(pub.asymmetricKeyDetails?.modulusLength).toBe(2048);

    const message = Buffer.from('DKIM-Signature test');
    const signature = sign('sha256', message, privateKeyPem);
    expect(verify('sha256', message, publicKeyPem, signature)).toBe(true);
    expect(verify('sha256', Buffer.from('other'), publicKeyPem, signature)).toBe(false);
  });

  it('gives a different pair each time', async () => {
    const [a, b] = await Promise.all([generateDkimKeyPair(), generateDkimKeyPair()]);
    expect(a.publicKeyPem).not.toBe(b.publicKeyPem);
  });
});

describe('encryptSecret / decryptSecret', () => {
  const key = randomBytes(32);

  it('round-trips text, including non-ASCII and empty strings', () => {
    for (const plain of ['-----BEGIN PRIVATE KEY-----\nabc\n', 'héllo ✓', '']) {
      expect(decryptSecret(encryptSecret(plain, key), key)).toBe(plain);
    }
  });

  it('produces the compact v1 format with a 12-byte IV and a 16-byte tag', () => {
    const box = encryptSecret('secret', key);
    const [version, iv, tag, ciphertext, ...rest] = box.split('.');
    expect(version).toBe('v1');
    expect(rest).toEqual([]);
    expect(Buffer.from(iv!, 'base64url')).toHaveLength(12);
    expect(Buffer.from(tag!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(ciphertext!, 'base64url')).toHaveLength('secret'.length);
    expect(box).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it('uses a fresh IV, so the same plaintext never seals the same way twice', () => {
    expect(encryptSecret('same', key)).not.toBe(encryptSecret('same', key));
  });

  it('refuses a box opened with another key', () => {
    const box = encryptSecret('secret', key);
    expect(() => decryptSecret(box, randomBytes(32))).toThrow();
  });

  it('refuses a box with any single flipped byte in IV, tag or ciphertext', () => {
    const box = encryptSecret('a private key worth protecting', key);
    const parts = box.split('.');
    for (const index of [1, 2, 3]) {
      const bytes = Buffer.from(parts[index]!, 'base64url');
      for (let i = 0; i < bytes.length; i++) {
        const flipped = Buffer.from(bytes);
        flipped[i] = flipped[i]! ^ 0x01;
        const tampered = parts.map((p, j) => (j === index ? flipped.toString('base64url') : p)).join('.');
        expect(() => decryptSecret(tampered, key)).toThrow();
      }
    }
  });

  it('refuses a truncated tag, an unknown version and malformed boxes', () => {
    const [, iv, tag, ciphertext] = encryptSecret('secret', key).split('.');
    const shortTag = Buffer.from(tag!, 'base64url').subarray(0, 4).toString('base64url');
    expect(() => decryptSecret(`v1.${iv}.${shortTag}.${ciphertext}`, key)).toThrow(/length/);
    expect(() => decryptSecret(`v2.${iv}.${tag}.${ciphertext}`, key)).toThrow(/format/);
    expect(() => decryptSecret(`v1.${iv}.${tag}`, key)).toThrow(/format/);
    expect(() => decryptSecret(`v1.${iv}.${tag}.${ciphertext}!`, key)).toThrow(/ciphertext/);
    expect(() => decryptSecret('', key)).toThrow();
  });

  it('insists on a 32-byte key', () => {
    expect(() => encryptSecret('x', randomBytes(16))).toThrow(/32 bytes/);
    expect(() => decryptSecret(encryptSecret('x', key), randomBytes(31))).toThrow(/32 bytes/);
  });
});

describe('newSelector', () => {
  it('is a DNS label of mw, year, month and random hex', () => {
    const selector = newSelector(new Date('2026-11-22T10:00:00.000Z'));
    expect(selector).toMatch(/^mw202611[0-9a-f]{6}$/);
  });

  it('differs between calls in the same month', () => {
    const now = new Date('2026-01-05T00:00:00.000Z');
    const selectors = new Set(Array.from({ length: 50 }, () => newSelector(now)));
    expect(selectors.size).toBeGreaterThan(45);
  });
});
