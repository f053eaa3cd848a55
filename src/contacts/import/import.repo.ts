/**
 * SQL for import job rows and their stored files. The row is the truth; its state changes (claim,
 * progress, end) go through src/jobs/job-rows.ts.
 */
import type { Selectable } from 'kysely';
import { toJson } from '../../db/codecs.ts';
import type { Executor } from '../../db/index.ts';
import { findProjectRow } from '../../db/project-rows.ts';
import type { ImportJobsTable } from '../../db/schema.ts';

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
  return findProjectRow(db, 'importJobs', projectId, id);
}

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

/** Drops the stored upload if its job has ended (a crash may have come between the end and the drop). */
export async function deleteImportFileIfEnded(db: Executor, importId: string): Promise<void> {
  await db
    .deleteFrom('importFiles')
    .where('importId', '=', importId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('importJobs')
          .select('importJobs.id')
          .where('importJobs.id', '=', importId)
          .where('importJobs.status', 'in', ['completed', 'failed']),
      ),
    )
    .execute();
}
