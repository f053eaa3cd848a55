/** SQL for bulk job rows. The row is the truth: every state change is a conditional update. */
import type { Selectable } from 'kysely';
import { toJson } from '../../db/codecs.ts';
import type { Executor } from '../../db/index.ts';
import type { BulkAction, BulkJobsTable } from '../../db/schema.ts';
import { finishJobRow, type JobOutcome, listStaleJobRows, noteJobRowError } from '../job-rows.repo.ts';

export type BulkJobRow = Selectable<BulkJobsTable>;

/** Inserts a queued bulk job over `contactIds` (already de-duplicated). */
export async function insertBulkJob(
  db: Executor,
  row: { id: string; projectId: string; action: BulkAction; contactIds: string[]; now: Date },
): Promise<void> {
  await db
    .insertInto('bulkJobs')
    .values({
      id: row.id,
      projectId: row.projectId,
      action: row.action,
      status: 'queued',
      contactIds: toJson(row.contactIds),
      total: row.contactIds.length,
      createdAt: row.now,
      updatedAt: row.now,
    })
    .execute();
}

/** One bulk job of the project, or undefined. */
export async function findBulkJob(db: Executor, projectId: string, id: string): Promise<BulkJobRow | undefined> {
  return db
    .selectFrom('bulkJobs')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Marks a queued or interrupted job as processing and counts the attempt; undefined once it has ended. */
export async function claimBulkJob(db: Executor, id: string, now: Date): Promise<BulkJobRow | undefined> {
  return db
    .updateTable('bulkJobs')
    .set((eb) => ({ status: 'processing', attempts: eb('attempts', '+', 1), updatedAt: now }))
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'processing'])
    .returningAll()
    .executeTakeFirst();
}

/** Records a done chunk only if the job is still processing at `fromProcessed` (a racing run gets false). */
export async function advanceBulkJob(
  db: Executor,
  id: string,
  fromProcessed: number,
  delta: { processed: number; succeeded: number; failed: number },
  now: Date,
): Promise<boolean> {
  const r = await db
    .updateTable('bulkJobs')
    .set((eb) => ({
      processed: delta.processed,
      succeeded: eb('succeeded', '+', delta.succeeded),
      failed: eb('failed', '+', delta.failed),
      updatedAt: now,
    }))
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .where('processed', '=', fromProcessed)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Ends a job as completed or failed (with the reason); false if it had already ended. */
export const finishBulkJob = (db: Executor, id: string, outcome: JobOutcome, now: Date) =>
  finishJobRow(db, 'bulkJobs', id, outcome, now);

/** Keeps the latest error of a run that will be retried, so a final failure can say why. */
export const noteBulkError = (db: Executor, id: string, message: string, now: Date) =>
  noteJobRowError(db, 'bulkJobs', id, message, now);

/** Jobs not finished and untouched since `before`: their run was lost (a crash) or never started. */
export const listStaleBulkJobs = (db: Executor, before: Date) => listStaleJobRows(db, 'bulkJobs', before);
