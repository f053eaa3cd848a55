/**
 * Each project's enabled transports, credentials decrypted, kept in memory so delivery of a project
 * without transports costs no statement. Every transport write forgets the project here and, once
 * committed, in every other process (db/project-cache.ts). The failure streak and pause are not
 * kept here: they change with every failure and are read per delivery batch (routing.ts).
 */
import { fromJson, toBool } from '../db/codecs.ts';
import type { CacheRegistry, ProjectCache } from '../db/project-cache.ts';
import type { TransportKind, TransportStream } from '../db/schema.ts';
import { decryptSecret } from '../lib/secret-box.ts';
import type { SesSettings } from '../mail/transports/ses.ts';
import { parseSmtpUrl, type SmtpConnection } from '../mail/transports/smtp.ts';
import { listTransports, type TransportRow } from './transports.repo.ts';

/** The change-feed channel of transport writes (the cache and the pools listen to it). */
export const TRANSPORTS_CHANNEL = 'transports';

/** What delivery needs of one enabled transport. */
export interface TransportDef {
  id: string;
  projectId: string;
  name: string;
  kind: TransportKind;
  streams: TransportStream[];
  ratePerSecond: number | null;
  /** Changes with every write of the row: a pool built for another version is replaced. */
  version: string;
  smtp?: SmtpConnection;
  ses?: SesSettings;
  /** Why it cannot send (its secret does not decrypt under this server's key). */
  broken?: string;
}

export type TransportCache = ProjectCache<TransportDef[]>;

/** Stored SES settings (the secret is apart, encrypted). */
export interface StoredSes {
  region: string;
  accessKeyId: string;
  endpoint: string | null;
}

/** The delivery view of a row, its secret decrypted with `key`. */
export function toTransportDef(row: TransportRow, key: Buffer): TransportDef {
  const def: TransportDef = {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    kind: row.kind,
    streams: fromJson<TransportStream[]>(row.streams),
    ratePerSecond: row.ratePerSecond === null ? null : Number(row.ratePerSecond),
    version: new Date(row.updatedAt).toISOString(),
  };
  let secret: string | undefined;
  try {
    secret = row.secret === null ? undefined : decryptSecret(row.secret, key);
  } catch {
    return { ...def, broken: 'its stored credentials do not decrypt with this server’s ENCRYPTION_KEY' };
  }
  if (row.kind === 'SMTP') {
    const c = parseSmtpUrl(row.url ?? '');
    return { ...def, smtp: c.user ? { ...c, pass: secret ?? '' } : c };
  }
  const ses = fromJson<StoredSes>(row.ses);
  return {
    ...def,
    ses: {
      region: ses.region,
      endpoint: ses.endpoint ?? undefined,
      accessKeyId: ses.accessKeyId,
      secretAccessKey: secret,
      configurationSet: undefined,
    },
  };
}

/** The cache, registered on `caches`; its values are the enabled transports in the order they are tried. */
export function createTransportCache(caches: CacheRegistry, key: Buffer): TransportCache {
  return caches.define({
    channel: TRANSPORTS_CHANNEL,
    maxEntries: 5000,
    load: async (db, projectId) =>
      (await listTransports(db, projectId)).filter((r) => toBool(r.enabled)).map((r) => toTransportDef(r, key)),
  });
}
