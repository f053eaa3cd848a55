/** Housekeeping of the job tables. */
import type { Deps } from '../deps.ts';
import { deleteFailedJobsBefore } from './jobs.repo.ts';

const KEEP_FAILED_MS = 30 * 24 * 3600 * 1000;

/** Forgets embedded jobs that failed for good more than 30 days ago (kept until then for inspection). */
export async function pruneFailedJobs(deps: Pick<Deps, 'db' | 'clock'>): Promise<void> {
  await deleteFailedJobsBefore(deps.db, new Date(deps.clock.now().getTime() - KEEP_FAILED_MS));
}
