import type { BulkAction } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { recordEvents, subscriptionEventName } from '../../events/events.service.ts';
import * as contacts from '../contacts.repo.ts';
import * as repo from './bulk.repo.ts';
import { bulkIds } from './bulk.service.ts';

type BulkDeps = Pick<Deps, 'db' | 'clock' | 'eventListeners'>;

const CHUNK = 250;
const MAX_BULK_RUNS = 5;

class LostRace extends Error {}

/** Applies the action to one chunk; returns how many ids were contacts of the project. */
async function applyChunk(deps: BulkDeps, job: repo.BulkJobRow, ids: string[]): Promise<number> {
  const action: BulkAction = job.action;
  if (action === 'delete') return contacts.deleteContactsByIds(deps.db, job.projectId, ids);
  const subscribed = action === 'subscribe';
  const matched = await contacts.countContactsByIds(deps.db, job.projectId, ids);
  const changed = await contacts.updateSubscribedMany(deps.db, job.projectId, ids, subscribed, deps.clock.now());
  // Only real changes are events: subscribing a subscribed contact records nothing.
  await recordEvents(
    deps,
    changed.map((contactId) => ({
      projectId: job.projectId,
      contactId,
      name: subscriptionEventName(subscribed),
      data: { source: 'bulk', bulkJobId: job.id },
    })),
  );
  return matched;
}

/** Runs (or resumes) one bulk job; safe to run twice, and a no-op once the job has ended. */
export async function runBulk(deps: BulkDeps, bulkJobId: string): Promise<void> {
  const job = await repo.claimBulkJob(deps.db, bulkJobId, deps.clock.now());
  if (!job) return;
  if (job.attempts > MAX_BULK_RUNS) {
    const reason = `Stopped after ${MAX_BULK_RUNS} interrupted runs${job.failureReason ? `: ${job.failureReason}` : ''}`;
    await repo.finishBulkJob(deps.db, job.id, { status: 'failed', reason }, deps.clock.now());
    return;
  }
  const ids = bulkIds(job);
  try {
    for (let at = job.processed; at < ids.length; at += CHUNK) {
      const chunk = ids.slice(at, at + CHUNK);
      await deps.db.transaction().execute(async (trx) => {
        const matched = await applyChunk({ ...deps, db: trx }, job, chunk);
        const delta = { processed: at + chunk.length, succeeded: matched, failed: chunk.length - matched };
        if (!(await repo.advanceBulkJob(trx, job.id, at, delta, deps.clock.now()))) throw new LostRace();
      });
    }
  } catch (err) {
    if (err instanceof LostRace) return;
    await repo.noteBulkError(deps.db, job.id, (err as Error)?.message ?? String(err), deps.clock.now());
    throw err;
  }
  await repo.finishBulkJob(deps.db, job.id, { status: 'completed' }, deps.clock.now());
}
