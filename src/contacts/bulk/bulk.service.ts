/** Bulk subscribe, unsubscribe and delete: queued as a job row, reported by id. */
import type { Executor } from '../../db/index.ts';
import type { BulkAction } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import type { QueuedJob } from '../import/import.schemas.ts';
import { bulkKind } from './bulk.jobs.ts';
import * as repo from './bulk.repo.ts';
import type { BulkJobView } from './bulk.schemas.ts';

/**
 * Queues `action` over the given ids (duplicates counted once). Ids that are not contacts of the
 * project, another project's included, are ignored: the job counts them as failed.
 */
export async function startBulk(
  deps: Pick<Deps, 'db' | 'jobs' | 'clock'>,
  projectId: string,
  action: BulkAction,
  contactIds: string[],
): Promise<QueuedJob> {
  const jobId = await deps.db
    .transaction()
    .execute((trx) => queueBulkJob(deps, trx, { projectId, action, contactIds: [...new Set(contactIds)] }));
  return { jobId, status: 'queued' };
}

/**
 * Inserts a bulk job row and its queue job in the caller's transaction (both or neither); for a
 * field deletion, `field` and the `total` of contacts it will pass. Returns the job id.
 */
export async function queueBulkJob(
  deps: Pick<Deps, 'jobs' | 'clock'>,
  trx: Executor,
  job: { projectId: string; action: BulkAction; contactIds: string[]; field?: string; total?: number },
): Promise<string> {
  const id = newId();
  await repo.insertBulkJob(trx, { ...job, id, now: deps.clock.now() });
  await bulkKind.queue(deps, [id], trx);
  return id;
}

/** The API shape of a bulk job. */
export function toBulkView(row: repo.BulkJobRow): BulkJobView {
  return {
    jobId: row.id,
    action: row.action,
    status: row.status,
    total: row.total,
    processed: row.processed,
    succeeded: row.succeeded,
    failed: row.failed,
    field: row.field,
    failureReason: row.status === 'failed' ? row.failureReason : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    finishedAt: row.finishedAt,
  };
}

/** One bulk job of the project; 404 BULK_JOB_NOT_FOUND otherwise. */
export async function getBulk(deps: Pick<Deps, 'db'>, projectId: string, id: string): Promise<BulkJobView> {
  const row = await repo.findBulkJob(deps.db, projectId, id);
  if (!row) throw notFound('BULK_JOB');
  return toBulkView(row);
}
