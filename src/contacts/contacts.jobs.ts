/** The contacts feature's resumable jobs: CSV import and bulk actions (field deletions among them). */
import type { Deps } from '../deps.ts';
import { bulkKind } from './bulk/bulk.jobs.ts';
import { importKind } from './import/import.jobs.ts';

/** Job-row kinds: the composition root registers their tasks and their sweep. */
export const contactKinds = [importKind, bulkKind];

/** Takes back import and bulk job rows whose run was lost (the one sweep runs this for every kind). */
export async function sweepContactJobs(deps: Pick<Deps, 'db' | 'dialect' | 'jobs' | 'clock' | 'config' | 'log'>) {
  for (const kind of contactKinds) await kind.sweep(deps);
}
