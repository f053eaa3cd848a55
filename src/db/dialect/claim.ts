/** "Claim up to N rows" as one statement, per database (DialectSql.claimRows). */
import type { Expression, ExpressionBuilder, Kysely, Selectable, SqlBool, UpdateObject } from 'kysely';

/**
 * "Claim up to N rows matching X": one statement picks the rows and writes the claim (a lease, an
 * attempt) on them, returning them. On PostgreSQL the pick is `FOR UPDATE SKIP LOCKED`, so concurrent
 * claimers on other connections each get different rows and never wait on each other. On SQLite the
 * one writer connection runs the statement alone, which gives the same guarantee.
 */
export interface ClaimSpec<DB, TB extends keyof DB & string> {
  /** A table with an `id` primary key. */
  table: TB;
  /** The rows that may be claimed (due, unlocked, lease expired…). */
  where: (eb: ExpressionBuilder<DB, TB>) => Expression<SqlBool>;
  /** Columns the pick is ordered by (ascending), e.g. `['runAt', 'id']`. */
  orderBy: (keyof DB[TB] & string)[];
  limit: number;
  /** What claiming writes on each picked row. */
  set: UpdateObject<DB, TB> | ((eb: ExpressionBuilder<DB, TB>) => UpdateObject<DB, TB>);
}

/** The statement behind `claimRows`: a CTE picks the ids (locking them where `lock` is set), the update joins it. */
export async function claimRowsWith<DB, TB extends keyof DB & string>(
  db: Kysely<DB>,
  spec: ClaimSpec<DB, TB>,
  lock: boolean,
): Promise<Selectable<DB[TB]>[]> {
  // Below the typed schema: the table is a parameter, which Kysely's builders cannot follow.
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  const k = db as Kysely<any>;
  const table = spec.table as string;
  const rows = await k
    .with('picked', (qc) => {
      let pick = qc
        .selectFrom(table)
        .select('id')
        // biome-ignore lint/suspicious/noExplicitAny: see above.
        .where(spec.where as any);
      for (const column of spec.orderBy) pick = pick.orderBy(column);
      pick = pick.limit(spec.limit);
      return lock ? pick.forUpdate().skipLocked() : pick;
    })
    .updateTable(table)
    // biome-ignore lint/suspicious/noExplicitAny: see above.
    .set(spec.set as any)
    .from('picked')
    .whereRef(`${table}.id`, '=', 'picked.id')
    .returningAll()
    .execute();
  return rows as Selectable<DB[TB]>[];
}

/**
 * "Extend the lease on these rows of my claim": an update of the rows matching X that never waits on
 * a row another transaction holds. The rows a claim still works are also written by its outcomes (a
 * group of stamps, a failure), which lock them in their own order; a renewal taking the same rows in
 * another order could deadlock with them. On PostgreSQL it skips the rows held right now (their
 * outcome is being written, or the next renewal, a third of a lease later, catches them), taking the
 * rest in id order; on SQLite the one writer runs it alone.
 */
export interface RenewSpec<DB, TB extends keyof DB & string> {
  table: TB;
  /** The claim's rows still in work. */
  ids: readonly string[];
  /** Which of them the claim still holds (its token, still in work). */
  fence: (eb: ExpressionBuilder<DB, TB>) => Expression<SqlBool>;
  set: UpdateObject<DB, TB>;
}

/** The statement behind `renewRows`; `lock` as in claimRowsWith. */
export async function renewRowsWith<DB, TB extends keyof DB & string>(
  db: Kysely<DB>,
  spec: RenewSpec<DB, TB>,
  lock: boolean,
): Promise<void> {
  if (spec.ids.length === 0) return;
  // biome-ignore lint/suspicious/noExplicitAny: the table is a parameter, as in claimRowsWith.
  const k = db as Kysely<any>;
  const table = spec.table as string;
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  const where = (eb: any) => eb.and([eb('id', 'in', spec.ids), (spec.fence as any)(eb)]);
  if (!lock) {
    await k.updateTable(table).set(spec.set).where(where).execute();
    return;
  }
  await k
    .with('held', (qc) => qc.selectFrom(table).select('id').where(where).orderBy('id').forUpdate().skipLocked())
    .updateTable(table)
    .set(spec.set)
    .from('held')
    .whereRef(`${table}.id`, '=', 'held.id')
    .execute();
}
