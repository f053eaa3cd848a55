/**
 * The SQL of due rows, once for every table declared in due-row-tables.ts: the claim of due rows, the
 * renewal of a claim's lease, when the next row falls due, and the writes of a claim, each fenced the
 * one way: the row is still `held` under the claim's token. A worker whose lease ran out, and whose
 * rows another claim took since, writes nothing; nor does one whose row was cancelled or reset.
 */
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  sql,
  type UpdateObject,
} from 'kysely';
import type { DialectSql, RowType } from '../db/dialect.ts';
import type { Db, Executor } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import type { AnyDueRowTable, DueRowTable, DueTableName } from './due-row-tables.ts';
import type { DueClaim } from './due-rows.ts';

// Below the typed schema: the table and its columns are parameters, which Kysely's builders cannot
// follow. The declarations are typed (due-row-tables.ts), and so is what callers add.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type Untyped = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyBuilder = ExpressionBuilder<any, any>;
/** A declared table as the SQL here reads it: names, not types (any DueRowTable is one). */
export interface Declared {
  table: string;
  due: string;
  active: readonly string[];
  held: string;
  token: string;
  leaseUntil?: string;
  order: readonly string[];
}
type RowSet<T extends DueTableName> =
  | UpdateObject<Database, T>
  | ((eb: ExpressionBuilder<Database, T>) => UpdateObject<Database, T>);

/** `status in (…)` of the table's active statuses, as literals (`alias`: the table's alias in a subquery). */
export function stillActive(t: Declared, alias?: string): RawBuilder<SqlBool> {
  const status = sql.ref(alias ? `${alias}.status` : 'status');
  return sql<SqlBool>`${status} in (${sql.join(t.active.map((s) => sql.lit(s)))})`;
}

/** The fence: the row is still held under `token`. */
function heldBy(eb: AnyBuilder, t: Declared, token: string): Expression<SqlBool> {
  return eb.and([eb('status', '=', t.held), eb(t.token, '=', token)]);
}

/** What a claim writes on a row besides what its kind adds: held under the token, until the lease's end. */
function claimed(eb: AnyBuilder, t: Declared, c: Omit<DueClaim, 'limit'>) {
  return {
    status: t.held,
    attempts: eb('attempts', '+', 1),
    [t.token]: c.token,
    [t.due]: c.leaseUntil,
    ...(t.leaseUntil ? { [t.leaseUntil]: c.leaseUntil } : {}),
  };
}

/** What a kind adds to its claim: rows it leaves out, columns it writes too. */
export interface ClaimExtra<T extends DueTableName> {
  where?: (eb: ExpressionBuilder<Database, T>) => Expression<SqlBool>;
  set?: RowSet<T>;
}

/**
 * Claims up to `c.limit` due rows of `t` in its pick order (one statement, DialectSql.claimRows):
 * held under `c.token` until `c.leaseUntil`, one more attempt counted.
 */
export async function claimDueRows<T extends DueTableName>(
  db: Db,
  dialect: DialectSql,
  t: DueRowTable<T>,
  c: DueClaim,
  extra: ClaimExtra<T> = {},
): Promise<Selectable<Database[T]>[]> {
  const d: Declared = t;
  const rows = await dialect.claimRows(db as Untyped, {
    table: d.table,
    // The due conditions are on the claimed row itself: on PostgreSQL a row another claim took and
    // committed meanwhile is checked again once locked (read committed), and is no longer due.
    where: (eb) =>
      eb.and([
        stillActive(d),
        eb(d.due, '<=', c.now.toISOString()),
        ...(extra.where ? [extra.where(eb as ExpressionBuilder<Database, T>)] : []),
      ]),
    orderBy: [...d.order],
    limit: c.limit,
    set: (eb) => ({ ...claimed(eb, d, c), ...setOf(extra.set, eb) }),
  });
  return rows as Selectable<Database[T]>[];
}

/**
 * Claims the one row `id` for an attempt now, whatever its due time and status (`where` narrows it),
 * unless a claim holds it (held, its lease not run out): held under `c.token` until `c.leaseUntil`,
 * one more attempt counted. A user's "retry now".
 */
export async function claimRowNow<T extends DueTableName>(
  db: Executor,
  t: DueRowTable<T>,
  id: string,
  c: Omit<DueClaim, 'limit'>,
  where: (eb: ExpressionBuilder<Database, T>) => Expression<SqlBool>,
): Promise<Selectable<Database[T]> | undefined> {
  const d: Declared = t;
  const row = await (db as Untyped)
    .updateTable(d.table)
    .set((eb) => claimed(eb, d, c))
    .where('id', '=', id)
    .where((eb) => where(eb as ExpressionBuilder<Database, T>))
    .where((eb) => eb.or([eb('status', '!=', d.held), eb(d.due, '<=', c.now.toISOString())]))
    .returningAll()
    .executeTakeFirst();
  return row as Selectable<Database[T]> | undefined;
}

/**
 * Extends the lease of the claim `token` on the rows of `ids` it still holds, in one statement that
 * passes over rows whose outcome is being written right now (DialectSql.renewRows).
 */
export async function renewClaimedRows(
  db: Db,
  dialect: DialectSql,
  t: AnyDueRowTable,
  at: { ids: readonly string[]; token: string; until: Date },
): Promise<void> {
  await dialect.renewRows(db as Untyped, {
    table: t.table,
    ids: at.ids,
    fence: (eb) => heldBy(eb, t as Declared, at.token),
    set: { [t.due]: at.until, ...(t.leaseUntil ? { [t.leaseUntil]: at.until } : {}) },
  });
}

/** When the next row of `t` falls due (a retry, a wait's end, a lease running out); undefined when none waits. */
export async function findNextDueAt(
  db: Executor,
  t: AnyDueRowTable,
  where?: (eb: AnyBuilder) => Expression<SqlBool>,
): Promise<Date | undefined> {
  const row = await (db as Untyped)
    .selectFrom(t.table)
    .select(t.due)
    .where(stillActive(t))
    .where(t.due, 'is not', null)
    .$if(where !== undefined, (q) => q.where(where!))
    .orderBy(t.due)
    .limit(1)
    .executeTakeFirst();
  const due = row?.[t.due] as string | Date | undefined;
  return due ? new Date(due) : undefined;
}

/**
 * Applies `set` to the rows of `ids` that the claim `token` still holds; answers the ids written (a
 * row whose claim was lost is not among them). A null token holds nothing.
 */
export async function updateClaimed<T extends DueTableName>(
  db: Executor,
  t: DueRowTable<T>,
  claim: { ids: readonly string[]; token: string | null },
  set: RowSet<T>,
): Promise<string[]> {
  const d: Declared = t;
  const token = claim.token;
  if (claim.ids.length === 0 || token === null) return [];
  const rows = await (db as Untyped)
    .updateTable(d.table)
    .set((eb) => setOf(set, eb))
    .where('id', 'in', claim.ids)
    .where((eb) => heldBy(eb, d, token))
    .returning('id')
    .execute();
  return rows.map((r: { id: string }) => r.id);
}

/** Outcomes of many claimed rows, each with its own values, as one write. */
export interface ClaimedRowsWrite {
  /** The columns each row sets (SQL names, as DialectSql.rowsSource reads them), besides `id` and `token`. */
  columns: Record<string, RowType>;
  /** Each row: its id and the token of its claim, which pick and fence it, and its values. */
  rows: Array<{ id: string; token: string | null } & Record<string, unknown>>;
  /** Values every row gets alike (SQL names). */
  same?: Record<string, unknown>;
}

/**
 * Writes many rows' outcomes in one statement (`update … from` the rows), each only while its own
 * claim still holds it; answers the ids written.
 */
export async function updateClaimedRows(
  db: Executor,
  dialect: DialectSql,
  t: AnyDueRowTable,
  w: ClaimedRowsWrite,
): Promise<Set<string>> {
  if (w.rows.length === 0) return new Set();
  const columns: Record<string, RowType> = { id: 'text', token: 'text', ...w.columns };
  const names = sql.join(Object.keys(columns).map((c) => sql.id(c)));
  const set = sql.join([
    ...Object.keys(w.columns).map((c) => sql`${sql.id(c)} = r.${sql.id(c)}`),
    ...Object.entries(w.same ?? {}).map(([c, v]) => sql`${sql.id(c)} = ${v}`),
  ]);
  // Table and column names pass through the CamelCasePlugin like any identifier.
  const table = sql.table(t.table);
  const out = await sql<{ id: string }>`with r (${names}) as (${dialect.rowsSource(w.rows, columns)})
    update ${table} set ${set} from r
    where ${table}.id = r.id and ${table}.${sql.id(t.token)} = r.token and ${table}.status = ${t.held}
    returning ${table}.id`.execute(db);
  return new Set(out.rows.map((r) => r.id));
}

function setOf<T extends DueTableName>(set: RowSet<T> | undefined, eb: AnyBuilder) {
  return typeof set === 'function' ? set(eb as ExpressionBuilder<Database, T>) : (set ?? {});
}
