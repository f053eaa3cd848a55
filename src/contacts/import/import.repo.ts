/** SQL for import job rows. The row is the truth: every state change is a conditional update. */
import type { Selectable } from 'kysely';
import { toJson } from '../../db/codecs.ts';
import type { Executor } from '../../db/index.ts';
import type { ImportJobsTable } from '../../db/schema.ts';
import { finishJobRow, type JobOutcome, listStaleJobRows, noteJobRowError } from '../job-rows.repo.ts';

export type ImportJobRow = Selectable<ImportJobsTable>;

export interface ImportRowError {
  row: number;
  email: string;
  reason: string;
}

/** Inserts a queued import job for a checked file. */
export async function insertImportJob(
  db: Executor,
  row: { id: string; projectId: string; fileName: string; delimiter: string; totalRows: number; now: Date },
): Promise<void> {
  const { now, ...rest } = row;
  await db
    .insertInto('importJobs')
    .values({ ...rest, status: 'queued', errors: toJson([]), createdAt: now, updatedAt: now })
    .execute();
}

/** One import job of the project, or undefined. */
export async function findImportJob(db: Executor, projectId: string, id: string): Promise<ImportJobRow | undefined> {
  return db
    .selectFrom('importJobs')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Marks a queued or interrupted job as processing and counts the attempt; undefined once it has ended. */
export async function claimImportJob(db: Executor, id: string, now: Date): Promise<ImportJobRow | undefined> {
  return db
    .updateTable('importJobs')
    .set((eb) => ({ status: 'processing', attempts: eb('attempts', '+', 1), updatedAt: now }))
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'processing'])
    .returningAll()
    .executeTakeFirst();
}

export interface ImportProgress {
  cursor: number;
  imported: number;
  updated: number;
  skipped: number;
  errors: ImportRowError[];
}

/**
 * Records a written batch, only if the job is still processing at `fromCursor`: a second run that
 * raced this one finds the cursor moved, gets false, and its transaction rolls back.
 */
export async function advanceImportJob(
  db: Executor,
  id: string,
  fromCursor: number,
  delta: ImportProgress,
  now: Date,
): Promise<boolean> {
  const r = await db
    .updateTable('importJobs')
    .set((eb) => ({
      cursor: delta.cursor,
      imported: eb('imported', '+', delta.imported),
      updated: eb('updated', '+', delta.updated),
      skipped: eb('skipped', '+', delta.skipped),
      errors: toJson(delta.errors),
      updatedAt: now,
    }))
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .where('cursor', '=', fromCursor)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Ends a job as completed or failed (with the reason); false if it had already ended. */
export const finishImportJob = (db: Executor, id: string, outcome: JobOutcome, now: Date) =>
  finishJobRow(db, 'importJobs', id, outcome, now);

/** Keeps the latest error of a run that will be retried, so a final failure can say why. */
export const noteImportError = (db: Executor, id: string, message: string, now: Date) =>
  noteJobRowError(db, 'importJobs', id, message, now);

/** Jobs not finished and untouched since `before`: their run was lost (a crash) or never started. */
export const listStaleImportJobs = (db: Executor, before: Date) => listStaleJobRows(db, 'importJobs', before);

/** Stores an upload for its job (same transaction as the job row). */
export async function insertImportFile(db: Executor, importId: string, content: Buffer): Promise<void> {
  await db.insertInto('importFiles').values({ importId, content }).execute();
}

/** The stored upload of a job, or undefined once the job has ended and dropped it. */
export async function findImportFile(db: Executor, importId: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('importFiles').select('content').where('importId', '=', importId).executeTakeFirst();
  return row ? Buffer.from(row.content) : undefined;
}

export async function deleteImportFile(db: Executor, importId: string): Promise<void> {
  await db.deleteFrom('importFiles').where('importId', '=', importId).execute();
}
