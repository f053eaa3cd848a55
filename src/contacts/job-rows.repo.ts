/**
 * The state machine shared by the import and bulk job rows (queued → processing → completed | failed):
 * one set of conditional updates for both tables, so they cannot drift apart.
 */
import type { Executor } from '../db/index.ts';

export type JobTable = 'importJobs' | 'bulkJobs';
export type JobOutcome = { status: 'completed' } | { status: 'failed'; reason: string };

/** Ends a job as completed or failed (with the reason); false if it had already ended. */
export async function finishJobRow(
  db: Executor,
  table: JobTable,
  id: string,
  outcome: JobOutcome,
  now: Date,
): Promise<boolean> {
  const r = await db
    .updateTable(table)
    .set({
      status: outcome.status,
      failureReason: outcome.status === 'failed' ? outcome.reason.slice(0, 1000) : null,
      updatedAt: now,
      finishedAt: now,
    })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'processing'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Keeps the latest error of a run that will be retried, so a final failure can say why. */
export async function noteJobRowError(db: Executor, table: JobTable, id: string, message: string, now: Date) {
  await db
    .updateTable(table)
    .set({ failureReason: message.slice(0, 1000), updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .execute();
}

/** Jobs not finished and untouched since `before`: their run was lost (a crash) or never started. */
export async function listStaleJobRows(db: Executor, table: JobTable, before: Date): Promise<string[]> {
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('status', 'in', ['queued', 'processing'])
    .where('updatedAt', '<', before.toISOString())
    .limit(100)
    .execute();
  return rows.map((r) => r.id);
}
