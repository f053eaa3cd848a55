/** The contacts feature's jobs: CSV import, bulk actions, and the sweep that re-queues lost runs. */
import type { Deps } from '../deps.ts';
import { sweepJobRows } from '../jobs/job-rows.ts';
import type { CronEntry, TaskList } from '../jobs/types.ts';
import { bulkPolicy, runBulk } from './bulk/bulk.jobs.ts';
import { BULK_JOB, bulkJobKey } from './bulk/bulk.service.ts';
import { importPolicy, runImport } from './import/import.jobs.ts';
import { IMPORT_JOB, queueImportRuns } from './import/import.service.ts';

/**
 * Takes back import and bulk job rows whose run was lost: a worker that died or hung mid-job (its
 * lease ran out; Graphile would only retry the queue job hours later), or a queue entry that never
 * ran. Rows with runs left are re-queued (the job key keeps it to one pending run), the others fail
 * as interrupted too often.
 */
export async function sweepContactJobs(deps: Pick<Deps, 'db' | 'dialect' | 'jobs' | 'clock' | 'config' | 'log'>) {
  const imports = await sweepJobRows(deps, importPolicy(deps.config), (ids, trx) => queueImportRuns(deps, ids, trx));
  const bulk = await sweepJobRows(deps, bulkPolicy(deps.config), (ids, trx) =>
    deps.jobs.enqueueMany(
      ids.map((bulkJobId) => ({ name: BULK_JOB, payload: { bulkJobId }, options: { jobKey: bulkJobKey(bulkJobId) } })),
      { trx },
    ),
  );
  if (imports.requeued + imports.failed + bulk.requeued + bulk.failed > 0) {
    deps.log.warn({ imports, bulk }, 'took back import and bulk jobs whose run was lost');
  }
}

/** Handlers by job name; payloads carry only the job row's id. */
export function contactTasks(deps: Deps): TaskList {
  return {
    // On SIGTERM an import stops after the batch in hand: a 100,000-row file outlasts any grace period.
    [IMPORT_JOB]: async (payload, context) =>
      runImport(deps, String(payload.importId), { shouldStop: () => context.signal?.aborted === true }),
    [BULK_JOB]: async (payload) => runBulk(deps, String(payload.bulkJobId)),
    'contact.sweep': async () => sweepContactJobs(deps),
  };
}

/** The sweep runs every minute; a lost run waits at most its lease (JOB_LEASE_SECONDS) plus a minute. */
export const contactCron: CronEntry[] = [{ task: 'contact.sweep', pattern: '* * * * *' }];
