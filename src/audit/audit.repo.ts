/** SQL for the audit log: append, list with filters (newest first), the filters' values, and the prune. */
import type { SelectQueryBuilder } from 'kysely';
import type { AuditActorType } from '../db/audit-tables.ts';
import type { DialectSql } from '../db/dialect.ts';
import type { Executor } from '../db/index.ts';
import type { Database } from '../db/schema.ts';

export interface NewAuditEntry {
  id: string;
  projectId: string;
  at: Date;
  actorType: AuditActorType;
  actorId: string | null;
  actorEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  action: string;
  resourceType: string;
  resourceId: string | null;
  /** JSON text, or null. */
  changes: string | null;
}

export async function insertEntries(db: Executor, entries: NewAuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insertInto('auditLog').values(entries).execute();
}

/** The statement that writes an unsealed entry, to run inside the change's transaction (db/first-write.ts). */
export function unsealedEntryStatement(db: Executor, entry: NewAuditEntry) {
  return db
    .insertInto('auditLog')
    .values({ ...entry, sealed: false })
    .compile();
}

/** Completes an unsealed entry once: what changed, and the id of a resource it created. */
export async function sealEntry(db: Executor, id: string, changes: string | null, resourceId: string | null) {
  await db
    .updateTable('auditLog')
    .set((eb) => ({
      changes,
      resourceId: eb.fn.coalesce('resourceId', eb.val(resourceId)),
      sealed: true,
    }))
    .where('id', '=', id)
    .where('sealed', '=', false)
    .execute();
}

export interface AuditFilter {
  /** A user id, a key id, or an email address. */
  actor?: string;
  /** An exact action, or a prefix (`template.`) when it ended in `.*`. */
  action?: string;
  actionPrefix?: string;
  resourceType?: string;
  resourceId?: string;
  since?: Date;
  until?: Date;
}

type AuditQuery = SelectQueryBuilder<Database, 'auditLog', object>;

function filtered(db: Executor, projectId: string, f: AuditFilter): AuditQuery {
  let q = db.selectFrom('auditLog').where('projectId', '=', projectId) as AuditQuery;
  if (f.actor !== undefined) {
    const actor = f.actor;
    q = q.where((eb) => eb.or([eb('actorId', '=', actor), eb('actorEmail', '=', actor.toLowerCase())]));
  }
  if (f.action !== undefined) q = q.where('action', '=', f.action);
  // Prefixes are made of [a-z_.] only (the route validates them), so LIKE needs no escaping.
  if (f.actionPrefix !== undefined) q = q.where('action', 'like', `${f.actionPrefix}%`);
  if (f.resourceType !== undefined) q = q.where('resourceType', '=', f.resourceType);
  if (f.resourceId !== undefined) q = q.where('resourceId', '=', f.resourceId);
  if (f.since !== undefined) q = q.where('at', '>=', f.since.toISOString());
  if (f.until !== undefined) q = q.where('at', '<=', f.until.toISOString());
  return q;
}

/** Up to `limit` entries after the cursor id, newest first (ids are UUIDv7: id order is time order). */
export async function listEntries(db: Executor, projectId: string, f: AuditFilter, limit: number, after?: string) {
  let q = filtered(db, projectId, f);
  if (after !== undefined) q = q.where('id', '<', after);
  return q.selectAll().orderBy('id', 'desc').limit(limit).execute();
}

export type AuditRow = Awaited<ReturnType<typeof listEntries>>[number];

export async function countEntries(db: Executor, projectId: string, f: AuditFilter): Promise<number> {
  const row = await filtered(db, projectId, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The actions, resource types and actors present in the project's log (what the filters offer). */
export async function facets(db: Executor, projectId: string) {
  const base = db.selectFrom('auditLog').where('projectId', '=', projectId);
  const [actions, types, actors] = await Promise.all([
    base.select('action').distinct().orderBy('action').execute(),
    base.select('resourceType').distinct().orderBy('resourceType').execute(),
    base
      .select(['actorType', 'actorId', (eb) => eb.fn.max('actorEmail').as('actorEmail')])
      .groupBy(['actorType', 'actorId'])
      .orderBy('actorType')
      .limit(500)
      .execute(),
  ]);
  return { actions: actions.map((r) => r.action), resourceTypes: types.map((r) => r.resourceType), actors };
}

/** The ids of the projects `userId` belongs to. */
export async function memberProjectIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('memberships').select('projectId').where('userId', '=', userId).execute();
  return rows.map((r) => r.projectId);
}

/** The user with that (lower-cased) address, if any. */
export async function findUserIdByEmail(db: Executor, email: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id;
}

/** The last characters of the project's secret key (how a key actor is named without its material). */
export async function secretKeyHint(db: Executor, projectId: string): Promise<string | undefined> {
  const row = await db.selectFrom('projects').select('secretKeyHint').where('id', '=', projectId).executeTakeFirst();
  return row?.secretKeyHint;
}

/**
 * Deletes up to `limit` entries older than `before`, through the one door the append-only trigger
 * leaves open (see migration 0030); returns how many went.
 */
export async function pruneSlice(
  db: { transaction(): { execute<T>(fn: (trx: Executor) => Promise<T>): Promise<T> } },
  door: DialectSql['auditPruneDoor'],
  before: Date,
  limit: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await door.open.execute(trx);
    const old = trx.selectFrom('auditLog').select('id').where('at', '<', before.toISOString()).limit(limit);
    const r = await trx.deleteFrom('auditLog').where('id', 'in', old).executeTakeFirst();
    if (door.close) await door.close.execute(trx);
    return Number(r.numDeletedRows);
  });
}
