/**
 * The one-second send counters every worker shares (lib/rate-window.ts has the arithmetic): a table
 * of this contract holds one row per key and window, `(<key>, window_start, n)` with primary key
 * `(<key>, window_start)`, so concurrent workers add up in one upsert instead of counting apart.
 */
import { sql } from 'kysely';
import type { Executor } from './types.ts';

/** The counter tables and the column each counts by. */
const KEY_COLUMN = {
  sendRateWindows: 'projectId',
  transportRateWindows: 'transportId',
  marketingDayCounts: 'projectId',
} as const;

export type RateWindowTable = keyof typeof KEY_COLUMN;

/** Adds `n` sends of `key` to its window `windowStart`; returns the window's count after the addition. */
export async function addToRateWindow(
  db: Executor,
  table: RateWindowTable,
  key: string,
  windowStart: number,
  n: number,
): Promise<number> {
  const column = KEY_COLUMN[table];
  // The table is a union here (as in project-rows.ts): the row is typed as the first table's, and the
  // existing count is named through sql.ref; the statement is the same for either.
  const row = await db
    .insertInto(table)
    .values({ [column]: key, windowStart, n } as { projectId: string; windowStart: number; n: number })
    .onConflict((oc) =>
      oc.columns([column as 'projectId', 'windowStart']).doUpdateSet({ n: sql`${sql.ref(`${table}.n`)} + excluded.n` }),
    )
    .returning('n')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Forgets the table's windows that started before `windowStart`. */
export async function deleteRateWindowsBefore(
  db: Executor,
  table: RateWindowTable,
  windowStart: number,
): Promise<void> {
  await db.deleteFrom(table).where('windowStart', '<', windowStart).execute();
}

/** The count of `key`'s window `windowStart`; 0 when nothing was added to it. */
export async function findWindowCount(
  db: Executor,
  table: RateWindowTable,
  key: string,
  windowStart: number,
): Promise<number> {
  const column = KEY_COLUMN[table];
  const row = await db
    .selectFrom(table)
    .select('n')
    .where(column as 'projectId', '=', key)
    .where('windowStart', '=', windowStart)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
