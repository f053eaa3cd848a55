/** SQL for contacts. Every statement is scoped by project_id; writes are conditional, never read-then-write. */
import { type Selectable, sql } from 'kysely';
import type { DialectSql } from '../db/dialect.ts';
import type { Executor } from '../db/index.ts';
import type { ContactsTable } from '../db/schema.ts';

export type ContactRow = Selectable<ContactsTable>;

export interface NewContactRow {
  id: string;
  projectId: string;
  email: string;
  subscribed: boolean;
  /** JSON text of the data object. */
  data: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Which contact a write addresses: by id or by (normalised) email, always inside one project. */
export type ContactKey = { id: string } | { email: string };

/** One contact of the project, or undefined. */
export async function findContact(db: Executor, projectId: string, id: string): Promise<ContactRow | undefined> {
  return db
    .selectFrom('contacts')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** `%`, `_` and the escape character are literal in a search term. */
function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of contacts, newest first, after `beforeId` (exclusive), fetching `limit + 1` rows so the
 * caller can tell whether more exist. Emails are stored lower-cased, so a lower-cased LIKE is a
 * case-insensitive match on both databases.
 */
export async function listContacts(
  db: Executor,
  projectId: string,
  opts: { beforeId?: string; limit: number; search?: string },
): Promise<ContactRow[]> {
  let q = db.selectFrom('contacts').selectAll().where('projectId', '=', projectId);
  if (opts.beforeId) q = q.where('id', '<', opts.beforeId);
  if (opts.search) q = q.where(sql<boolean>`email like ${likePattern(opts.search)} escape '\\'`);
  return q
    .orderBy('id', 'desc')
    .limit(opts.limit + 1)
    .execute();
}

/** Contacts of the project (matching `search` when given). */
export async function countContacts(db: Executor, projectId: string, search?: string): Promise<number> {
  let q = db
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('projectId', '=', projectId);
  if (search) q = q.where(sql<boolean>`email like ${likePattern(search)} escape '\\'`);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts the contact unless its email exists in the project; the row when inserted, else undefined. */
export async function insertContactIfAbsent(db: Executor, row: NewContactRow): Promise<ContactRow | undefined> {
  return db
    .insertInto('contacts')
    .values(row)
    .onConflict((oc) => oc.columns(['projectId', 'email']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Sets `subscribed` only where it differs; returns the contact id when it changed. */
export async function updateSubscribedIfChanged(
  db: Executor,
  projectId: string,
  key: ContactKey,
  subscribed: boolean,
  now: Date,
): Promise<{ id: string } | undefined> {
  return db
    .updateTable('contacts')
    .set({ subscribed, updatedAt: now })
    .where('projectId', '=', projectId)
    .$call((q) => ('id' in key ? q.where('id', '=', key.id) : q.where('email', '=', key.email)))
    .where('subscribed', '=', !subscribed)
    .returning('id')
    .executeTakeFirst();
}

/** Applies a data patch in SQL (so concurrent writers never lose each other's keys), optionally a new email. */
export async function patchContact(
  db: Executor,
  dialect: DialectSql,
  projectId: string,
  key: ContactKey,
  patch: { set: Record<string, unknown>; remove: string[]; email?: string; now: Date },
): Promise<ContactRow | undefined> {
  return db
    .updateTable('contacts')
    .set({
      data: dialect.json.patch('contacts.data', patch.set, patch.remove),
      updatedAt: patch.now,
      ...(patch.email ? { email: patch.email } : {}),
    })
    .where('projectId', '=', projectId)
    .$call((q) => ('id' in key ? q.where('id', '=', key.id) : q.where('email', '=', key.email)))
    .returningAll()
    .executeTakeFirst();
}

/** Deletes one contact of the project; false when there was none. */
export async function deleteContact(db: Executor, projectId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom('contacts').where('projectId', '=', projectId).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The contacts of the project among `emails` (already normalised); one statement. */
export async function findContactsByEmail(db: Executor, projectId: string, emails: string[]) {
  if (emails.length === 0) return [];
  return db
    .selectFrom('contacts')
    .select(['id', 'email', 'data'])
    .where('projectId', '=', projectId)
    .where('email', 'in', emails)
    .execute();
}

/**
 * Writes a batch of imported rows in one statement: new emails are inserted, existing ones get the
 * row's data merged over theirs (top-level keys replaced, others kept) and a new updatedAt. The
 * merge happens in SQL, so a contact written by someone else meanwhile keeps that write.
 */
export async function upsertContactsMerging(db: Executor, dialect: DialectSql, rows: NewContactRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('contacts')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['projectId', 'email']).doUpdateSet((eb) => ({
        data: dialect.json.merge('contacts.data', 'excluded.data'),
        updatedAt: eb.ref('excluded.updatedAt'),
      })),
    )
    .execute();
}

/** Sets `subscribed` on those of `ids` in the project where it differs; returns the ids that changed. */
export async function updateSubscribedMany(
  db: Executor,
  projectId: string,
  ids: string[],
  subscribed: boolean,
  now: Date,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('contacts')
    .set({ subscribed, updatedAt: now })
    .where('projectId', '=', projectId)
    .where('id', 'in', ids)
    .where('subscribed', '=', !subscribed)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** How many of `ids` are contacts of the project. */
export async function countContactsByIds(db: Executor, projectId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('projectId', '=', projectId)
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes those of `ids` that are contacts of the project; returns how many went. */
export async function deleteContactsByIds(db: Executor, projectId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await db
    .deleteFrom('contacts')
    .where('projectId', '=', projectId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
