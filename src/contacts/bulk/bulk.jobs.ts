/**
 * The `contact.bulk` job. It claims the job row (src/jobs/job-rows.ts) and works through the ids in
 * chunks from the row's `processed` position, committing each chunk with its counts and events, so a
 * restart resumes where the last commit left off and a second run racing it stops. Field deletions
 * are bulk jobs too; their slices are in fields/field-delete.ts.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fromJson } from '../../db/codecs.ts';
import type { Executor } from '../../db/index.ts';
import type { Deps } from '../../deps.ts';
import { recordEvents, subscriptionEventName } from '../../events/events.service.ts';
import { defineJobRowKind, type StepContext } from '../../jobs/job-row-kind.ts';
import { advanceJobRow, type Lease } from '../../jobs/job-rows.ts';
import * as contacts from '../contacts.repo.ts';
import { deleteFieldSlices } from '../fields/field-delete.ts';
import type * as repo from './bulk.repo.ts';

type BulkDeps = Pick<Deps, 'db' | 'dialect' | 'clock' | 'config' | 'eventListeners' | 'jobs' | 'log'>;

const CHUNK = 250;
/** Runs (first one included) before a job that keeps being interrupted is failed. */
export const MAX_BULK_RUNS = 5;

/** Applies the action to one chunk; returns how many ids were contacts of the project. */
async function applyChunk(
  deps: Pick<Deps, 'clock' | 'eventListeners'> & { db: Executor },
  job: repo.BulkJobRow,
  ids: string[],
): Promise<number> {
  if (job.action === 'delete') return contacts.deleteContactsByIds(deps.db, job.projectId, ids);
  const subscribed = job.action === 'subscribe';
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

/** Works through the ids from the row's position, one committed chunk at a time; false when it stopped early. */
async function applyChunks(
  deps: BulkDeps,
  job: repo.BulkJobRow,
  lease: Lease<'bulkJobs'>,
  ctx: StepContext,
): Promise<boolean> {
  const ids = fromJson<string[]>(job.contactIds) ?? [];
  const size = ctx.batchSize ?? CHUNK;
  let { succeeded, failed } = job;
  for (let at = job.processed; at < ids.length; at += size) {
    const chunk = ids.slice(at, at + size);
    await deps.db.transaction().execute(async (trx) => {
      const matched = await applyChunk({ ...deps, db: trx }, job, chunk);
      const counts = { succeeded: succeeded + matched, failed: failed + chunk.length - matched };
      await advanceJobRow(trx, deps, lease, { processed: at + chunk.length, ...counts });
      ({ succeeded, failed } = counts);
    });
    await nextTurn();
    if (ctx.shouldStop() && at + size < ids.length) return false;
  }
  return true;
}

/** Bulk subscribe, unsubscribe and delete over listed ids, and field deletions over every contact. */
export const bulkKind = defineJobRowKind({
  table: 'bulkJobs',
  job: 'contact.bulk',
  idField: 'bulkJobId',
  maxAttempts: MAX_BULK_RUNS,
  step: (deps: BulkDeps, job, lease, ctx) =>
    job.action === 'deleteField' ? deleteFieldSlices(deps, job, lease, ctx) : applyChunks(deps, job, lease, ctx),
});

export const bulkPolicy = bulkKind.policy;

/** Runs (or resumes) one bulk job; safe to run twice, and a no-op once the job has ended. */
export function runBulk(deps: BulkDeps, bulkJobId: string, ctx?: Partial<StepContext>): Promise<void> {
  return bulkKind.run(deps, bulkJobId, ctx);
}
