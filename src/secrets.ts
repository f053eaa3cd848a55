/**
 * Server secrets: taken from the configuration when given, otherwise generated once and kept in
 * DATA_DIR/secrets.json (mode 0600) so sessions and signed links survive restarts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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
    if (changed) stored = persistOnce(file, stored, config.dataDir);
  }
  const pick = (key: keyof Stored) => (given[key] ?? stored[key]) as string;
  return {
    jwtSecret: pick('jwtSecret'),
    signingSecret: pick('signingSecret'),
    encryptionKey: deriveKey(pick('encryptionKey')),
  };
}

/**
 * Writes the generated secrets unless another process got there first, in which case its file wins
 * (link() refuses to replace), so processes started together on an empty DATA_DIR agree.
 */
function persistOnce(file: string, generated: Stored, dataDir: string): Stored {
  mkdirSync(dataDir, { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, JSON.stringify(generated, null, 2), { mode: 0o600 });
  chmodSync(tmp, 0o600);
  try {
    linkSync(tmp, file);
    return generated;
  } catch {
    // The file exists: either an earlier start wrote it (and lacked some keys) or a racing process did.
    const existing = JSON.parse(readFileSync(file, 'utf8')) as Stored;
    const merged = { ...generated, ...existing };
    if (Object.keys(merged).length > Object.keys(existing).length) {
      writeFileSync(tmp, JSON.stringify(merged, null, 2), { mode: 0o600 });
      renameSync(tmp, file);
    }
    return merged;
  } finally {
    rmSync(tmp, { force: true });
  }
}

/** Any configured string becomes a 32-byte key; a generated one already is 32 random bytes. */
function deriveKey(value: string): Buffer {
  const raw = Buffer.from(value, 'base64url');
  if (raw.length === 32 && raw.toString('base64url') === value) return raw;
  // SHA-256 of a configured passphrase: the same key in every process that shares the setting.
  return createHash('sha256').update(value).digest();
}
