/**
 * Server secrets: taken from the configuration when given, otherwise generated once and kept in
 * DATA_DIR/secrets.json (mode 0600) so sessions and signed links survive restarts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';

export interface Secrets {
  jwtSecret: string;
  signingSecret: string;
  /** 32 bytes, for AES-256-GCM encryption of data at rest (DKIM private keys). */
  encryptionKey: Buffer;
}

type Stored = Partial<Record<'jwtSecret' | 'signingSecret' | 'encryptionKey', string>>;

/** Resolves every secret; generates and persists the missing ones. */
export function loadSecrets(config: Pick<Config, 'dataDir' | 'secrets'>): Secrets {
  const given = config.secrets;
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: Stored = {};
  const missing = !given.jwtSecret || !given.signingSecret || !given.encryptionKey;
  if (missing) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8')) as Stored;
    } catch {
      stored = {};
    }
    let changed = false;
    for (const key of ['jwtSecret', 'signingSecret', 'encryptionKey'] as const) {
      if (!given[key] && !stored[key]) {
        stored[key] = randomBytes(32).toString('base64url');
        changed = true;
      }
    }
    if (changed) {
      mkdirSync(config.dataDir, { recursive: true });
      writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
      chmodSync(file, 0o600);
    }
  }
  const pick = (key: keyof Stored) => (given[key] ?? stored[key]) as string;
  return {
    jwtSecret: pick('jwtSecret'),
    signingSecret: pick('signingSecret'),
    encryptionKey: deriveKey(pick('encryptionKey')),
  };
}

/** Any configured string becomes a 32-byte key; a generated one already is 32 random bytes. */
function deriveKey(value: string): Buffer {
  const raw = Buffer.from(value, 'base64url');
  if (raw.length === 32 && raw.toString('base64url') === value) return raw;
  // SHA-256 of a configured passphrase: the same key in every process that shares the setting.
  return createHash('sha256').update(value).digest();
}
