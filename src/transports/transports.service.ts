/**
 * A project's own transports (beyond.md §7): create, read, change and delete. Credentials are
 * encrypted at rest and never answered: the URL is shown without its password, SES settings without
 * the secret key. Every write forgets the project's transports in every process (the cache and the
 * pools), once committed.
 */
import { fromJson, toBool, toJson } from '../db/codecs.ts';
import type { Trx } from '../db/types.ts';
import type { Deps } from '../deps.ts';
import { conflict, type FieldError, invalid, invalidFields, notFound } from '../errors.ts';
import { newId } from '../lib/ids.ts';
import { encryptSecret } from '../lib/secret-box.ts';
import type { SmtpConnection } from '../mail/transports/smtp.ts';
import type { StoredSes } from './transport-cache.ts';
import { checkHosts, testTransport } from './transport-check.ts';
import { kindProblems, publicSmtpUrl, readEndpoint, readSmtpUrl } from './transport-input.ts';
import * as repo from './transports.repo.ts';
import type { CreateTransportBody, SesPatch, TransportView, UpdateTransportBody } from './transports.schemas.ts';

/** Transports a project may have. */
export const MAX_TRANSPORTS = 20;
const DEFAULT_PRIORITY = 100;

type TransportDeps = Pick<Deps, 'db' | 'reader' | 'clock' | 'config' | 'dns' | 'secrets' | 'dialect' | 'transports'>;

export function toTransportView(row: repo.TransportRow): TransportView {
  const ses = row.ses === null ? null : fromJson<StoredSes>(row.ses);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    url: row.url,
    ses: ses && { region: ses.region, accessKeyId: ses.accessKeyId, endpoint: ses.endpoint ?? null },
    hasSecret: row.secret !== null,
    streams: fromJson<TransportView['streams']>(row.streams),
    ratePerSecond: row.ratePerSecond === null ? null : Number(row.ratePerSecond),
    priority: Number(row.priority),
    enabled: toBool(row.enabled),
    consecutiveFailures: Number(row.consecutiveFailures),
    pausedUntil: row.pausedUntil === null ? null : new Date(row.pausedUntil).toISOString(),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

export async function findTransportOrThrow(deps: Pick<Deps, 'reader'>, projectId: string, id: string) {
  const row = await repo.findTransport(deps.reader, projectId, id);
  if (!row) throw notFound('TRANSPORT');
  return row;
}

/** The connection columns of an SMTP URL: the URL without its password, and the password sealed. */
function smtpColumns(deps: Pick<Deps, 'secrets'>, c: SmtpConnection) {
  const secret = c.user && c.pass ? encryptSecret(c.pass, deps.secrets.encryptionKey) : null;
  return { url: publicSmtpUrl(c), secret, ses: null };
}

/** Reads the URL (SMTP) or endpoint (SES) given, every problem in one list. */
function readConnection(input: { url?: string; ses?: SesPatch }, errors: FieldError[]) {
  let smtp: SmtpConnection | undefined;
  if (input.url !== undefined) {
    const read = readSmtpUrl(input.url);
    if (Array.isArray(read)) errors.push(...read);
    else smtp = read;
  }
  let endpoint: URL | undefined;
  if (typeof input.ses?.endpoint === 'string') {
    const read = readEndpoint(input.ses.endpoint);
    if (read instanceof URL) endpoint = read;
    else errors.push(read);
  }
  if (errors.length > 0) throw invalidFields(errors);
  return { smtp, endpoint };
}

/** Runs a write that forgets the project's transports everywhere; a taken name is a 409. */
async function writing<T>(deps: TransportDeps, projectId: string, write: (trx: Trx) => Promise<T>) {
  try {
    return await deps.transports.cache.writing(deps.db, projectId, write);
  } catch (err) {
    if (deps.dialect.isUniqueViolation(err)) throw conflict('The project has a transport of that name.', 'NAME_TAKEN');
    throw err;
  } finally {
    deps.transports.retire(projectId);
  }
}

/** Creates one of the project's own transports; 422 listing every problem, or for a host the outbound guard refuses. */
export async function createProjectTransport(deps: TransportDeps, projectId: string, input: CreateTransportBody) {
  const { smtp, endpoint } = readConnection(input, kindProblems(input.kind, input, true));
  await checkHosts(deps, smtp, endpoint);
  const now = deps.clock.now();
  const connection =
    input.kind === 'SMTP'
      ? smtpColumns(deps, smtp!)
      : {
          url: null,
          ses: toJson({
            region: input.ses!.region,
            accessKeyId: input.ses!.accessKeyId,
            endpoint: endpoint?.href ?? null,
          }),
          secret: encryptSecret(input.ses!.secretAccessKey, deps.secrets.encryptionKey),
        };
  const row = await writing(deps, projectId, async (trx) => {
    if ((await repo.countTransports(trx, projectId)) >= MAX_TRANSPORTS) {
      throw invalid('name', `a project may have at most ${MAX_TRANSPORTS} transports`, 'TOO_MANY_TRANSPORTS');
    }
    return repo.insertTransport(trx, {
      id: newId(),
      projectId,
      name: input.name,
      kind: input.kind,
      ...connection,
      streams: toJson(input.streams),
      ratePerSecond: input.ratePerSecond ?? null,
      priority: input.priority ?? DEFAULT_PRIORITY,
      enabled: input.enabled ?? true,
      createdAt: now,
      updatedAt: now,
    });
  });
  return toTransportView(row);
}

/** The project's transports in the order they are tried. */
export async function listTransportViews(deps: Pick<Deps, 'reader'>, projectId: string): Promise<TransportView[]> {
  return (await repo.listTransports(deps.reader, projectId)).map(toTransportView);
}

export async function getTransport(deps: Pick<Deps, 'reader'>, projectId: string, id: string) {
  return toTransportView(await findTransportOrThrow(deps, projectId, id));
}

/** Connects to the transport and logs in without sending (transport-check.ts); 404 when not the project's. */
export async function testProjectTransport(deps: TransportDeps, projectId: string, id: string) {
  return testTransport(deps, await findTransportOrThrow(deps, projectId, id));
}

/**
 * Changes the fields given. A `url` replaces the relay and its credentials entirely (a URL without
 * a password stores none); `ses` changes the parts given, and keeps the stored secret key unless a
 * new one is given (one is needed with a new access key id). A changed connection, or enabling,
 * starts with a clean failure streak.
 */
export async function updateTransport(deps: TransportDeps, projectId: string, id: string, input: UpdateTransportBody) {
  const row = await findTransportOrThrow(deps, projectId, id);
  const errors = kindProblems(row.kind, input, false);
  if (input.kind !== undefined && input.kind !== row.kind) {
    errors.push({
      field: 'kind',
      message: 'cannot change; create a transport of the other kind',
      code: 'INVALID_VALUE',
    });
  }
  const stored = row.ses === null ? undefined : fromJson<StoredSes>(row.ses);
  const newKey = input.ses?.accessKeyId !== undefined && input.ses.accessKeyId !== stored?.accessKeyId;
  if (row.kind === 'SES' && newKey && input.ses?.secretAccessKey === undefined) {
    errors.push({ field: 'ses.secretAccessKey', message: 'is required with a new accessKeyId', code: 'REQUIRED' });
  }
  const { smtp, endpoint } = readConnection(input, errors);
  await checkHosts(deps, smtp, endpoint);
  const reconnect = smtp !== undefined || (row.kind === 'SES' && input.ses !== undefined);
  const set = {
    ...(input.name !== undefined && { name: input.name }),
    ...(smtp && smtpColumns(deps, smtp)),
    ...(row.kind === 'SES' && input.ses && stored && sesColumns(deps, stored, input.ses, endpoint)),
    ...(input.streams !== undefined && { streams: toJson(input.streams) }),
    ...(input.ratePerSecond !== undefined && { ratePerSecond: input.ratePerSecond }),
    ...(input.priority !== undefined && { priority: input.priority }),
    ...(input.enabled !== undefined && { enabled: input.enabled }),
    ...((reconnect || input.enabled === true) && { consecutiveFailures: 0, pausedUntil: null }),
    updatedAt: deps.clock.now(),
  };
  const next = await writing(deps, projectId, (trx) => repo.updateTransport(trx, projectId, id, set));
  if (!next) throw notFound('TRANSPORT');
  return toTransportView(next);
}

/** The SES columns after a PATCH of `ses`: the parts given, the secret key kept unless a new one is given. */
function sesColumns(deps: Pick<Deps, 'secrets'>, stored: StoredSes, patch: SesPatch, endpoint: URL | undefined) {
  const ses: StoredSes = {
    region: patch.region ?? stored.region,
    accessKeyId: patch.accessKeyId ?? stored.accessKeyId,
    endpoint: patch.endpoint === undefined ? stored.endpoint : (endpoint?.href ?? null),
  };
  const secret = patch.secretAccessKey && encryptSecret(patch.secretAccessKey, deps.secrets.encryptionKey);
  return { ses: toJson(ses), ...(secret && { secret }) };
}

/** Deletes the transport; 404 when it is not the project's. Its pools end once their sends are done. */
export async function deleteTransport(deps: TransportDeps, projectId: string, id: string): Promise<void> {
  const gone = await writing(deps, projectId, (trx) => repo.deleteTransport(trx, projectId, id));
  if (!gone) throw notFound('TRANSPORT');
}
