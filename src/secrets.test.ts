// Invariant: server secrets are stable across restarts: generated once into DATA_DIR/secrets.json
// (readable by the owner only) and read back unchanged; a secret given in the configuration wins.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSecrets } from './secrets.ts';

describe('loadSecrets', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mailwright-secrets-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('generates every secret once into secrets.json with mode 0600 and returns the same ones next time', () => {
    const dataDir = path.join(dir, 'nested', 'data');
    const first = loadSecrets({ dataDir, secrets: {} });
    const file = path.join(dataDir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.jwtSecret).toMatch(/^[\w-]{43}$/);
    expect(first.signingSecret).toMatch(/^[\w-]{43}$/);
    expect(first.jwtSecret).not.toBe(first.signingSecret);
    expect(first.encryptionKey).toHaveLength(32);

    const written = readFileSync(file, 'utf8');
    const second = loadSecrets({ dataDir, secrets: {} });
    expect(second).toEqual(first);
    expect(readFileSync(file, 'utf8')).toBe(written);
  });

  it('prefers configured secrets and stores only the missing ones', () => {
    const jwtSecret = 'configured-jwt-secret-0123456789abcdef';
    const s = loadSecrets({ dataDir: dir, secrets: { jwtSecret } });
    expect(s.jwtSecret).toBe(jwtSecret);
    const stored = JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8'));
    expect(Object.keys(stored).sort()).toEqual(['encryptionKey', 'signingSecret']);
    expect(stored.signingSecret).toBe(s.signingSecret);
  });

  it('lets a configured secret override one stored earlier', () => {
    const generated = loadSecrets({ dataDir: dir, secrets: {} });
    const signingSecret = 'configured-signing-secret-0123456789abcd';
    const s = loadSecrets({ dataDir: dir, secrets: { signingSecret } });
    expect(s.signingSecret).toBe(signingSecret);
    expect(s.jwtSecret).toBe(generated.jwtSecret);
  });

  it('writes nothing when every secret is configured', () => {
    const secrets = {
      jwtSecret: 'a'.repeat(32),
      signingSecret: 'b'.repeat(32),
      encryptionKey: 'a passphrase of at least thirty-two chars',
    };
    const s = loadSecrets({ dataDir: dir, secrets });
    expect(() => statSync(path.join(dir, 'secrets.json'))).toThrow();
    // A configured passphrase becomes the same 32-byte key in every process.
    expect(s.encryptionKey).toHaveLength(32);
    expect(loadSecrets({ dataDir: dir, secrets }).encryptionKey.equals(s.encryptionKey)).toBe(true);
  });
});
