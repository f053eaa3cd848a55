/**
 * SQL for the per-project send rate: fixed one-second windows in `send_rate_windows`, shared by
 * every delivery worker, so N workers together keep a project under its rate.
 */
import { sql } from 'kysely';
import type { Executor } from '../db/index.ts';

/** Adds `n` sends to the project's window; returns the window's count after the addition. */
export async function reserveSends(db: Executor, projectId: string, windowStart: number, n: number): Promise<number> {
  const row = await db
    .insertInto('sendRateWindows')
    .values({ projectId, windowStart, n })
    .onConflict((oc) =>
      oc.columns(['projectId', 'windowStart']).doUpdateSet({ n: sql`send_rate_windows.n + excluded.n` }),
    )
    .returning('n')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Forgets windows that ended before `windowStart`. */
export async function pruneSendWindows(db: Executor, windowStart: number): Promise<void> {
  await db.deleteFrom('sendRateWindows').where('windowStart', '<', windowStart).execute();
}
