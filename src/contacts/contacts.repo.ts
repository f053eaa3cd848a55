/** SQL for contacts. Every statement is scoped by project_id; writes are conditional, never read-then-write. */
import { type Expression, type Selectable, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { type DialectSql, likeContaining } from '../db/dialect.ts';
import type { Executor } from '../db/index.ts';
import { deleteProjectRow, findProjectRow } from '../db/project-rows.ts';
import type { ContactsTable, Database } from '../db/schema.ts';

export type ContactRow = Selectable<ContactsTable>;

/** Which contact a write addresses: by id or by (normalised) email, always inside one project. */
export type ContactKey = { id: string } | { email: string };

/** One contact of the project, or undefined. */
export async function findContact(db: Executor, projectId: string, id: string): Promise<ContactRow | undefined> {
  return findProjectRow(db, 'contacts', projectId, id);
}

/**
 * Holds the contacts' rows until the transaction ends (where the database has row locks): writers that
 * must see each other's work on one contact (an event and a wait for it) take this first.
 */
export async function lockContacts(db: Executor, dialect: DialectSql, projectId: string, ids: string[]): Promise<void> {
  if (!dialect.rowLocks || ids.length === 0) return;
  await db
    .selectFrom('contacts')
    .select('id')
    .where('projectId', '=', projectId)
    .where('id', 'in', [...new Set(ids)].sort())
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * One page of contacts, newest first, after `beforeId` (exclusive), fetching `limit + 1` rows so the
 * caller can tell whether more exist: a walk down the (project_id, id) index.
 */
export async function listContacts(
  db: Executor,
  projectId: string,
  opts: { beforeId?: string; limit: number },
): Promise<ContactRow[]> {
  return db
    .selectFrom('contacts')
    .selectAll()
    .where('projectId', '=', projectId)
    .$if(opts.beforeId !== undefined, (q) => q.where('id', '<', opts.beforeId!))
    .orderBy('id', 'desc')
    .limit(opts.limit + 1)
    .execute();
}

/** Emails are stored lower-cased, so this is a case-insensitive substring match on both databases. */
const emailLike = (term: string) => sql<boolean>`contacts.email like ${likeContaining(term)} escape '\\'`;

/** How a search reaches its rows: see searchContacts. */
export type SearchPlan = 'recent' | 'indexed' | 'scan';

interface SearchOpts {
  beforeId?: string;
  limit: number;
  /** Lower-cased substring of the email. */
  term: string;
}

/**
 * Contacts whose email contains `term`, newest first, `limit + 1` rows. The LIKE is the final word
 * in every plan: `recent` looks only at the newest `window` contacts after the cursor (cheap when
 * matches are common), `indexed` asks the trigram index plus the rows it has not taken in yet (cheap
 * when matches are rare), `scan` filters the whole project (terms too short for trigrams).
 */
export async function searchContacts(
  db: Executor,
  dialect: DialectSql,
  projectId: string,
  plan: SearchPlan,
  opts: SearchOpts & { window?: number },
): Promise<ContactRow[]> {
  const like = emailLike(opts.term);
  const after = <Q extends SelectQueryBuilder<Database, 'contacts', ContactRow>>(q: Q) =>
    opts.beforeId === undefined ? q : (q.where('contacts.id', '<', opts.beforeId) as Q);
  const page = (where: Expression<SqlBool>) =>
    after(db.selectFrom('contacts').selectAll().where(where).where(like))
      .orderBy('id', 'desc')
      .limit(opts.limit + 1)
      .execute();
  if (plan === 'recent') {
    const recent = after(db.selectFrom('contacts').selectAll().where('projectId', '=', projectId))
      .orderBy('id', 'desc')
      .limit(opts.window ?? 2000);
    return db
      .selectFrom(recent.as('contacts'))
      .selectAll()
      .where(like)
      .orderBy('id', 'desc')
      .limit(opts.limit + 1)
      .execute() as Promise<ContactRow[]>;
  }
  if (plan === 'scan') return page(sql<SqlBool>`contacts.project_id = ${projectId}`);
  const index = dialect.contactIndex;
  // The tail is read by rowid range without ORDER BY (sorted here): with one, the planner walks the
  // id index over the whole project instead. It is small: the indexer keeps up within moments.
  const tail = () =>
    after(db.selectFrom('contacts').selectAll().where(index.unindexed(projectId)).where(like)).execute();
  const [found, waiting] = await Promise.all([
    page(index.indexedMatches(projectId, opts.term)),
    index.deferred ? tail() : [],
  ]);
  return [...found, ...waiting].sort((x, y) => (x.id < y.id ? 1 : -1)).slice(0, opts.limit + 1);
}

/**
 * Contacts of the project whose email contains `term`: through the trigram index (plus, on SQLite, the
 * short tail it has not taken in yet) when the term allows, else by filtering the project's contacts.
 */
export async function countMatching(
  db: Executor,
  dialect: DialectSql,
  projectId: string,
  term: string,
  indexed: boolean,
): Promise<number> {
  const count = async (where: Expression<SqlBool>) => {
    const row = await db
      .selectFrom('contacts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(where)
      .where(emailLike(term))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  if (!indexed) return count(sql<SqlBool>`contacts.project_id = ${projectId}`);
  const index = dialect.contactIndex;
  const [found, waiting] = await Promise.all([
    count(index.indexedMatches(projectId, term)),
    index.deferred ? count(index.unindexed(projectId)) : 0,
  ]);
  return found + waiting;
}

/** Contacts of the project, from the counters the triggers keep (no scan). */
export async function countContacts(db: Executor, projectId: string): Promise<number> {
  const row = await db
    .selectFrom('contactCounts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n'))
    .where('projectId', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
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

/** Deletes one contact of the project, answering the row it was; undefined when there was none. */
export async function deleteContactReturning(db: Executor, projectId: string, id: string) {
  return db
    .deleteFrom('contacts')
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** The project's contacts among `ids`. */
export async function findContactsByIds(db: Executor, projectId: string, ids: string[]): Promise<ContactRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('contacts').selectAll().where('projectId', '=', projectId).where('id', 'in', ids).execute();
}

/** Deletes one contact of the project; false when there was none. */
export async function deleteContact(db: Executor, projectId: string, id: string): Promise<boolean> {
  return deleteProjectRow(db, 'contacts', projectId, id);
}

/** The contacts of the project among `emails` (already normalised); one statement. */
export async function findContactsByEmail(db: Executor, dialect: DialectSql, projectId: string, emails: string[]) {
  if (emails.length === 0) return [];
  return db
    .selectFrom('contacts')
    .select(['id', 'email', 'data'])
    .where('projectId', '=', projectId)
    .where(dialect.inList('contacts.email', emails))
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
