/**
 * The contact write path shared by POST /contacts and CSV import (and later /v1/send and /v1/track):
 * one upsert statement per contact, concurrent ones grouped into one statement on PostgreSQL, and the
 * import's multi-row batch. JSON merges happen in SQL, so concurrent writers keep each other's keys.
 */
import { type RawBuilder, sql } from 'kysely';
import type { DialectSql, RowType } from '../db/dialect.ts';
import type { Executor } from '../db/index.ts';
import { runCompiled, templateQuery } from '../db/prepared.ts';
import { type Batches, type BatchOptions, batchKind, type Outcome } from '../lib/batcher.ts';
import type { ContactRow } from './contacts.repo.ts';

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

/** A contact's columns as rows of `dialect.rowsSource` name them (`data` parsed, as an object). */
const CONTACT_COLUMNS = {
  id: 'text',
  project_id: 'text',
  email: 'text',
  subscribed: 'boolean',
  data: 'json',
  created_at: 'timestamp',
  updated_at: 'timestamp',
} as const;

function contactColumns(r: Omit<NewContactRow, 'data'>) {
  return {
    id: r.id,
    project_id: r.projectId,
    email: r.email,
    subscribed: r.subscribed,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

const columnList = (columns: Record<string, RowType>): RawBuilder<unknown> =>
  sql.join(Object.keys(columns).map((c) => sql.id(c)));

type UpsertSlot = keyof NewContactRow | 'patchA' | 'patchB' | 'setSubscribed';

// Built once per dialect: this statement runs on every POST /contacts, where building it through
// Kysely cost more than running it. `setSubscribed` null keeps an existing contact's subscription.
const upsertStatement = templateQuery<UpsertSlot, ContactRow>((db, slot, dialect) =>
  db
    .insertInto('contacts')
    .values({
      id: slot('id'),
      projectId: slot('projectId'),
      email: slot('email'),
      subscribed: sql<boolean>`${slot('subscribed')}`,
      data: slot('data'),
      createdAt: slot('createdAt'),
      updatedAt: slot('updatedAt'),
    })
    .onConflict((oc) =>
      oc.columns(['projectId', 'email']).doUpdateSet((eb) => ({
        data: dialect.json.patchWith('contacts.data', slot('patchA'), slot('patchB')),
        updatedAt: eb.ref('excluded.updatedAt'),
        subscribed: sql<boolean>`coalesce(${slot('setSubscribed')}, contacts.subscribed)`,
      })),
    )
    .returningAll(),
);

/**
 * Creates the contact, or merges `patch` into the one with that email, in one statement (the JSON
 * merge happens in SQL, so concurrent writers keep each other's keys). `subscribed` is written on an
 * existing contact only when given. `inserted` says which happened. Given the process's `batches`,
 * concurrent calls outside a transaction share one statement where the dialect groups upserts.
 */
export async function upsertContact(
  db: Executor,
  dialect: DialectSql,
  row: NewContactRow,
  patch: ContactPatch & { subscribed?: boolean },
  batches?: Batches,
): Promise<ContactRow & { inserted: boolean }> {
  const saved =
    batches && dialect.groupedUpserts && patch.subscribed === undefined && !db.isTransaction
      ? await batches.add(upserts, { db, dialect }, { row, patch })
      : await upsertOne(db, dialect, row, patch);
  // Ids are fresh UUIDv7s: the row carries the proposed id only if this statement inserted it.
  return { ...saved, inserted: saved.id === row.id };
}

type ContactPatch = { set: Record<string, unknown>; remove: string[] };

async function upsertOne(
  db: Executor,
  dialect: DialectSql,
  row: NewContactRow,
  patch: ContactPatch & { subscribed?: boolean },
): Promise<ContactRow> {
  const [patchA, patchB] = dialect.json.patchValues(patch.set, patch.remove);
  const values = { ...row, patchA, patchB, setSubscribed: patch.subscribed ?? null };
  const [saved] = await upsertStatement(db, dialect, values);
  return saved!;
}

export interface UpsertCall {
  row: NewContactRow;
  patch: ContactPatch;
}

/** A group's rows: the new contact's columns, and the patch each existing one gets. */
const GROUP_COLUMNS = { ...CONTACT_COLUMNS, set: 'json', remove: 'textArray' } as const;

/**
 * Concurrent upserts on the root database batched into one statement for a group (distinct emails):
 * each existing contact gets its own patch, read back from the group's rows by email. Should a row
 * break a constraint (its project deleted meanwhile, say), each call runs alone, so that write fails
 * by itself; any other error fails them all.
 */
const upserts = batchKind(
  ({ db, dialect }: { db: Executor; dialect: DialectSql }): BatchOptions<UpsertCall, ContactRow> => ({
    max: 100,
    key: (c) => `${c.row.projectId}\n${c.row.email}`,
    group: async (calls) =>
      (await upsertContactRows(db, dialect, calls)).map(
        (row): Outcome<ContactRow> => (row ? { ok: true, value: row } : { ok: false, error: lost() }),
      ),
    alone: ({ row, patch }) => upsertOne(db, dialect, row, patch),
    retryAlone: (err) => dialect.isConstraintViolation(err),
  }),
);

const lost = () => new Error('grouped upsert lost a row');

/**
 * Upserts contacts of distinct (project, email) in one statement, each existing one getting its own
 * patch (no subscription change); returns each call's row in order (undefined should one be missing).
 * Runs on `db` as given: the root database or a transaction of the caller's (POST /v1/track's group).
 */
export async function upsertContactRows(
  db: Executor,
  dialect: DialectSql,
  calls: UpsertCall[],
  events: ContactEventRow[] = [],
): Promise<(ContactRow | undefined)[]> {
  const rows = calls.map(({ row, patch }) => ({
    ...contactColumns(row),
    data: JSON.parse(row.data) as unknown,
    set: patch.set,
    remove: patch.remove,
  }));
  const mine = (column: string) =>
    sql`(select ${sql.ref(`r.${column}`)} from r where r.project_id = excluded.project_id and r.email = excluded.email)`;
  const names = columnList(CONTACT_COLUMNS);
  // The text is the same for every group (the rows are one parameter): a named statement, parsed once.
  const upsert = sql`insert into contacts (${names}) select ${names} from r where true
    on conflict (project_id, email) do update
    set data = ${dialect.json.patchWith('contacts.data', mine('remove'), mine('set'))}, updated_at = excluded.updated_at
    returning *`;
  const statement = (
    events.length === 0
      ? sql<ContactRow>`with r (${columnList(GROUP_COLUMNS)}) as (${dialect.rowsSource(rows, GROUP_COLUMNS)}) ${upsert}`
      : // The events go in with the contacts they belong to, by (project, email): one statement, so
        // both commit together without a transaction (PostgreSQL; SQLite has no writing CTEs).
        sql<ContactRow>`with r (${columnList(GROUP_COLUMNS)}) as (${dialect.rowsSource(rows, GROUP_COLUMNS)}),
        up as (${upsert}),
        ev as (insert into events (id, project_id, contact_id, name, data, created_at)
          select e.id, e.project_id, up.id, e.name, e.data, e.created_at
          from (${dialect.rowsSource(events.map(eventColumns), EVENT_COLUMNS)}) e
          join up on up.project_id = e.project_id and up.email = e.email)
        select * from up`
  ).compile(db);
  const saved = await runCompiled(db, statement);
  const byEmail = new Map(saved.map((r) => [`${r.projectId}\n${r.email}`, r]));
  return calls.map(({ row }) => byEmail.get(`${row.projectId}\n${row.email}`));
}

/** An event stored with the upsert of its contact (by project and email) in upsertContactRows. */
export interface ContactEventRow {
  id: string;
  projectId: string;
  email: string;
  name: string;
  data: Record<string, unknown>;
  createdAt: Date;
}

const EVENT_COLUMNS = {
  id: 'text',
  project_id: 'text',
  email: 'text',
  name: 'text',
  data: 'json',
  created_at: 'timestamp',
} as const;

const eventColumns = (e: ContactEventRow) => ({
  id: e.id,
  project_id: e.projectId,
  email: e.email,
  name: e.name,
  data: e.data,
  created_at: e.createdAt,
});

/**
 * Upserts contacts of distinct (project, email), none changing subscription, inside the caller's
 * transaction `trx`; returns their rows in order. One statement where the dialect groups upserts
 * (PostgreSQL), else one cheap statement each (SQLite, where the shared commit is the saving).
 */
export async function upsertContactsIn(trx: Executor, dialect: DialectSql, calls: UpsertCall[]): Promise<ContactRow[]> {
  const out: ContactRow[] = [];
  if (dialect.groupedUpserts && calls.length > 1) {
    for (const row of await upsertContactRows(trx, dialect, calls)) {
      if (!row) throw lost();
      out.push(row);
    }
    return out;
  }
  for (const { row, patch } of calls) out.push(await upsertOne(trx, dialect, row, patch));
  return out;
}

/**
 * Writes a batch of imported rows in one statement: new emails are inserted, existing ones get the
 * row's data merged over theirs (top-level keys replaced, others kept) and a new updatedAt. The
 * merge happens in SQL, so a contact written by someone else meanwhile keeps that write.
 */
export async function upsertContactsMerging(db: Executor, dialect: DialectSql, rows: BatchContactRow[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((r) => ({
    ...contactColumns({ ...r, createdAt: r.at, updatedAt: r.at }),
    data: r.data,
  }));
  await sql`insert into contacts (${columnList(CONTACT_COLUMNS)})
    ${dialect.rowsSource(values, CONTACT_COLUMNS)}
    on conflict (project_id, email) do update
    set data = ${dialect.json.merge('contacts.data', 'excluded.data')}, updated_at = excluded.updated_at`.execute(db);
}

/** A contact of a batch write: `data` is merged over a stored contact's, or is a new contact's whole data. */
export interface BatchContactRow {
  id: string;
  projectId: string;
  email: string;
  subscribed: boolean;
  data: Record<string, unknown>;
  at: Date;
}

/**
 * Sign-up's write (signup/signup.service.ts): creates the contact, or gives the one with that email
 * the keys of `row.data` it lacks, in one statement. Stored values win the merge in SQL, so a public
 * sign-up never overwrites what is stored, whoever wrote it meanwhile. `inserted` says which happened.
 */
export async function upsertContactAddingData(
  db: Executor,
  dialect: DialectSql,
  row: NewContactRow,
): Promise<ContactRow & { inserted: boolean }> {
  const saved = await db
    .insertInto('contacts')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['projectId', 'email']).doUpdateSet((eb) => ({
        data: dialect.json.merge('excluded.data', 'contacts.data'),
        updatedAt: eb.ref('excluded.updatedAt'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...saved, inserted: saved.id === row.id };
}

/** Sets when the contact confirmed a double opt-in (`contacts.confirmed_at`); false when the project has no such contact. */
export async function updateContactConfirmedAt(
  db: Executor,
  projectId: string,
  contactId: string,
  at: Date,
): Promise<boolean> {
  const r = await db
    .updateTable('contacts')
    .set({ confirmedAt: at, updatedAt: at })
    .where('projectId', '=', projectId)
    .where('id', '=', contactId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
