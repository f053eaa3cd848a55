/** SQL for bulk job rows. Their state changes (claim, progress, end) go through src/jobs/job-rows.ts. */
import type { Selectable } from 'kysely';
import { toJson } from '../../db/codecs.ts';
import type { Executor } from '../../db/index.ts';
import { findProjectRow } from '../../db/project-rows.ts';
import type { BulkAction, BulkJobsTable } from '../../db/schema.ts';

export type BulkJobRow = Selectable<BulkJobsTable>;

/**
 * Inserts a queued bulk job: over `contactIds` (already de-duplicated), or for a field deletion over
 * the project's contacts (`field` set, `total` the contact count when it started).
 */
export async function insertBulkJob(
  db: Executor,
  row: {
    id: string;
    projectId: string;
    action: BulkAction;
    contactIds: string[];
    now: Date;
    field?: string;
    total?: number;
  },
): Promise<void> {
  await db
    .insertInto('bulkJobs')
    .values({
      id: row.id,
      projectId: row.projectId,
      action: row.action,
      status: 'queued',
      contactIds: toJson(row.contactIds),
      total: row.total ?? row.contactIds.length,
      field: row.field ?? null,
      createdAt: row.now,
      updatedAt: row.now,
    })
    .execute();
}

/** One bulk job of the project, or undefined. */
export async function findBulkJob(db: Executor, projectId: string, id: string): Promise<BulkJobRow | undefined> {
  return findProjectRow(db, 'bulkJobs', projectId, id);
}
