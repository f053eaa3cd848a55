/**
 * The audit log's rules: who an actor is, how an entry is written and shown, the list and its filters,
 * the CSV export, sign-ins, and the retention prune. What gets recorded for which route is decided in
 * audited-routes.ts and applied by audit-hook.ts.
 */
import { authorOf } from '../auth/authors.ts';
import { fromJson } from '../db/codecs.ts';
import type { Deps } from '../deps.ts';
import { invalid } from '../errors.ts';
import { decodeCursor, toCursorPage } from '../http/pagination.ts';
import { newId } from '../lib/ids.ts';
import * as repo from './audit.repo.ts';
import type { Changes } from './changes.ts';

export interface Actor {
  type: 'USER' | 'KEY' | 'SYSTEM';
  id: string | null;
  email?: string;
}

/** Where a request came from, as the entry records it. */
export interface Origin {
  ip: string | null;
  userAgent: string | null;
}

export interface Entry {
  action: string;
  resource: { type: string; id: string | null };
  changes?: Changes;
}

const USER_AGENT_MAX = 300;

export function originOf(req: { ip?: string; headers: Record<string, unknown> }): Origin {
  const ua = req.headers['user-agent'];
  return { ip: req.ip ?? null, userAgent: typeof ua === 'string' ? ua.slice(0, USER_AGENT_MAX) : null };
}

/**
 * The actor of a request: its member (with the address they have now), or the project's secret key,
 * named by the last characters the dashboard shows of it (never the key itself).
 */
export async function actorOf(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  auth: { via: string; userId?: string },
): Promise<Actor> {
  const author = await authorOf(deps, auth);
  if (author.type === 'USER') return { type: 'USER', id: author.userId, email: author.email ?? undefined };
  const hint = await repo.secretKeyHint(deps.reader, projectId);
  return { type: 'KEY', id: hint ? `sk_…${hint}` : null };
}

/** The row of an entry of `projectId`'s log, stamped now. */
export function entryRow(
  deps: Pick<Deps, 'clock'>,
  projectId: string,
  actor: Actor,
  origin: Origin,
  entry: Entry,
): repo.NewAuditEntry {
  return {
    id: newId(),
    projectId,
    at: deps.clock.now(),
    actorType: actor.type,
    actorId: actor.id,
    actorEmail: actor.email ?? null,
    ip: origin.ip,
    userAgent: origin.userAgent,
    action: entry.action,
    resourceType: entry.resource.type,
    resourceId: entry.resource.id,
    changes: entry.changes ? JSON.stringify(entry.changes) : null,
  };
}

/** Appends `entry` to each project's log; returns the entries' ids. */
export async function record(
  deps: Pick<Deps, 'db' | 'clock'>,
  projectIds: string[],
  actor: Actor,
  origin: Origin,
  entry: Entry,
): Promise<string[]> {
  const rows = projectIds.map((projectId) => entryRow(deps, projectId, actor, origin, entry));
  await repo.insertEntries(deps.db, rows);
  return rows.map((r) => r.id);
}

/** The statement writing `row` unsealed, for the change's own transaction (see audit-hook.ts). */
export function unsealedEntry(deps: Pick<Deps, 'db'>, row: repo.NewAuditEntry) {
  return repo.unsealedEntryStatement(deps.db, row);
}

/** Seals an entry written in the change's transaction with what changed. */
export async function sealEntry(
  deps: Pick<Deps, 'db'>,
  id: string,
  changes: Changes | undefined,
  resourceId: string | undefined,
): Promise<void> {
  await repo.sealEntry(deps.db, id, changes ? JSON.stringify(changes) : null, resourceId ?? null);
}

/**
 * A sign-in (or a refused one) of a known user, in the log of every project they belong to. A refused
 * sign-in for an address with no account belongs to no project and is not recorded here (the login
 * throttle counts it).
 */
export async function recordSignIn(
  deps: Pick<Deps, 'db' | 'reader' | 'clock'>,
  origin: Origin,
  who: { userId?: string; email?: string },
  outcome: { ok: boolean; method: string },
): Promise<void> {
  const userId = who.userId ?? (who.email ? await repo.findUserIdByEmail(deps.reader, who.email) : undefined);
  if (!userId) return;
  const projectIds = await repo.memberProjectIds(deps.reader, userId);
  if (projectIds.length === 0) return;
  const author = await authorOf(deps, { via: 'session', userId });
  await record(deps, projectIds, { type: 'USER', id: userId, email: author.email ?? undefined }, origin, {
    action: outcome.ok ? 'auth.signed_in' : 'auth.sign_in_failed',
    resource: { type: 'user', id: userId },
    changes: { method: [null, outcome.method] },
  });
}

export interface AuditQuery {
  actor?: string;
  action?: string;
  resourceType?: string;
  resourceId?: string;
  since?: string;
  until?: string;
}

function toFilter(q: AuditQuery): repo.AuditFilter {
  const f: repo.AuditFilter = { actor: q.actor, resourceType: q.resourceType, resourceId: q.resourceId };
  if (q.action?.endsWith('.*')) f.actionPrefix = q.action.slice(0, -1);
  else f.action = q.action;
  if (q.since) f.since = new Date(q.since);
  if (q.until) f.until = new Date(q.until);
  if (f.since && f.until && f.since > f.until) throw invalid('since', 'must not be after until');
  return f;
}

export function toEntryView(row: repo.AuditRow) {
  const actor: Actor = { type: row.actorType, id: row.actorId };
  if (row.actorEmail) actor.email = row.actorEmail;
  const changes = row.changes === null ? undefined : fromJson<Changes>(row.changes);
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    actor,
    ip: row.ip,
    userAgent: row.userAgent,
    action: row.action,
    resource: { type: row.resourceType, id: row.resourceId },
    ...(changes ? { changes } : {}),
  };
}

export type EntryView = ReturnType<typeof toEntryView>;

export async function listAudit(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  query: AuditQuery & { limit: number; cursor?: string },
) {
  const after = decodeCursor(query.cursor);
  const f = toFilter(query);
  const rows = await repo.listEntries(deps.reader, projectId, f, query.limit + 1, after);
  return toCursorPage(
    rows,
    query.limit,
    after === undefined,
    () => repo.countEntries(deps.reader, projectId, f),
    toEntryView,
  );
}

export async function auditFacets(deps: Pick<Deps, 'reader'>, projectId: string) {
  const f = await repo.facets(deps.reader, projectId);
  return {
    actions: f.actions,
    resourceTypes: f.resourceTypes,
    actors: f.actors.map((a) => ({
      type: a.actorType,
      id: a.actorId,
      ...(a.actorEmail ? { email: a.actorEmail } : {}),
    })),
  };
}

const CSV_COLUMNS = [
  'id',
  'at',
  'actorType',
  'actorId',
  'actorEmail',
  'ip',
  'userAgent',
  'action',
  'resourceType',
  'resourceId',
  'changes',
];
const EXPORT_PAGE = 1000;

/**
 * A CSV cell: quoted when it holds a separator, a quote or a line break; a cell a spreadsheet would
 * run as a formula (=, +, -, @ first) is prefixed with a quote mark.
 */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s = typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** The matching entries as CSV, newest first, read a page at a time (never the whole log in memory). */
export async function* exportAudit(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  query: AuditQuery,
): AsyncGenerator<string> {
  const f = toFilter(query);
  yield `${CSV_COLUMNS.join(',')}\r\n`;
  let after: string | undefined;
  for (;;) {
    const rows = await repo.listEntries(deps.reader, projectId, f, EXPORT_PAGE, after);
    if (rows.length === 0) return;
    let chunk = '';
    for (const row of rows) {
      const v = toEntryView(row);
      chunk += `${[
        v.id,
        v.at,
        v.actor.type,
        v.actor.id,
        v.actor.email,
        v.ip,
        v.userAgent,
        v.action,
        v.resource.type,
        v.resource.id,
        v.changes,
      ]
        .map(cell)
        .join(',')}\r\n`;
    }
    yield chunk;
    if (rows.length < EXPORT_PAGE) return;
    after = rows.at(-1)!.id;
  }
}

const PRUNE_SLICE = 5000;

/** Deletes entries older than AUDIT_RETENTION_DAYS, a slice per transaction; returns how many went. */
export async function pruneAuditLog(deps: Pick<Deps, 'db' | 'dialect' | 'clock' | 'config'>): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - deps.config.auditRetentionDays * 86_400_000);
  let total = 0;
  for (;;) {
    const n = await repo.pruneSlice(deps.db, deps.dialect.auditPruneDoor, before, PRUNE_SLICE);
    total += n;
    if (n < PRUNE_SLICE) return total;
  }
}
