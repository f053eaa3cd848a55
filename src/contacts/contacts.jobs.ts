/** The contacts feature's jobs: CSV import, bulk actions, and the sweep that re-queues lost runs. */
import type { Deps } from '../deps.ts';
import type { CronEntry, TaskList } from '../jobs/types.ts';
import { runBulk } from './bulk/bulk.jobs.ts';
import { listStaleBulkJobs } from './bulk/bulk.repo.ts';
import { BULK_JOB, bulkJobKey } from './bulk/bulk.service.ts';
import { runImport } from './import/import.jobs.ts';
import { listStaleImportJobs } from './import/import.repo.ts';
import { IMPORT_JOB, importJobKey } from './import/import.service.ts';

/** A running job touches its row at every batch; one untouched this long has lost its run. */
export const STALE_AFTER_MS = 2 * 60 * 1000;

/**
 * Re-queues import and bulk jobs whose run was lost: a worker that died mid-job (Graphile would only
 * retry it hours later) or a queue entry that never ran. The job key keeps it to one pending run, and
 * the handlers' conditional updates make a run that races a live one stop.
 */
export async function sweepContactJobs(deps: Pick<Deps, 'db' | 'jobs' | 'clock'>): Promise<void> {
  const before = new Date(deps.clock.now().getTime() - STALE_AFTER_MS);
  for (const importId of await listStaleImportJobs(deps.db, before)) {
    await deps.jobs.enqueue(IMPORT_JOB, { importId }, { jobKey: importJobKey(importId) });
  }
  for (const bulkJobId of await listStaleBulkJobs(deps.db, before)) {
    await deps.jobs.enqueue(BULK_JOB, { bulkJobId }, { jobKey: bulkJobKey(bulkJobId) });
  }
}

/** Handlers by job name; payloads carry only the job row's id. */
export function contactTasks(deps: Deps): TaskList {
  return {
    [IMPORT_JOB]: async (payload) => runImport(deps, String(payload.importId)),
    [BULK_JOB]: async (payload) => runBulk(deps, String(payload.bulkJobId)),
    'contact.sweep': async () => sweepContactJobs(deps),
  };
}

/** The sweep runs every minute; a lost run waits at most STALE_AFTER_MS plus a minute. */
export const contactCron: CronEntry[] = [{ task: 'contact.sweep', pattern: '* * * * *' }];
