/**
 * Project safety's jobs: the suspension check after feedback, the reset run (a job row walking the
 * wipe plan one committed slice at a time, so a restart resumes at the step it reached and a second
 * run racing it stops), and the sweep that re-queues resets whose run was lost.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Config } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import {
  advanceJobRow,
  claimJobRow,
  finishJobRow,
  type JobRowPolicy,
  type Lease,
  LeaseLost,
  noteJobRowError,
  sweepJobRows,
} from '../../jobs/job-rows.ts';
import type { CronEntry, TaskList } from '../../jobs/types.ts';
import * as repo from './reset.repo.ts';
import { RESET_JOB, resetJobKey } from './reset.service.ts';
import { checkSuspension, SAFETY_CHECK_JOB } from './security.service.ts';

/** Rows per slice: a few milliseconds of deleting, so other writers wait at most that. */
const SLICE = 500;
const MAX_RESET_RUNS = 5;

type ResetDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'caches'>;

export function resetPolicy(config: Pick<Config, 'jobLeaseMs'>): JobRowPolicy<'projectResets'> {
  return { table: 'projectResets', maxAttempts: MAX_RESET_RUNS, leaseMs: config.jobLeaseMs };
}

/** Walks the plan from the row's step; each slice commits with the row's progress. */
async function wipe(deps: ResetDeps, row: repo.ResetRow, lease: Lease<'projectResets'>): Promise<void> {
  let deleted = row.deleted;
  for (let step = row.step; step < repo.WIPE_PLAN.length; step++) {
    for (;;) {
      const n = await deps.db.transaction().execute(async (trx) => {
        const gone = await repo.deleteSlice(trx, repo.WIPE_PLAN[step]!, row.projectId, SLICE);
        // The step moves on only with the slice that found the table empty.
        await advanceJobRow(trx, deps, lease, { step: gone < SLICE ? step + 1 : step, deleted: deleted + gone });
        return gone;
      });
      deleted += n;
      await nextTurn();
      if (n < SLICE) break;
    }
    // As each kind of row goes (workflows, segments, fields…), no process may keep serving it from memory.
    await forgetCaches(deps, row.projectId);
  }
}

/** Forgets everything this and every other process cached about the project's data (every registered cache). */
async function forgetCaches(deps: ResetDeps, projectId: string): Promise<void> {
  await deps.caches.forget(projectId);
}

/** Runs (or resumes) one reset; a no-op once it has ended. */
export async function runReset(deps: ResetDeps, resetId: string): Promise<void> {
  const claimed = await claimJobRow(deps, resetPolicy(deps.config), resetId);
  if (!claimed) return;
  const { row, lease } = claimed;
  try {
    await wipe(deps, row, lease);
  } catch (err) {
    if (err instanceof LeaseLost) return;
    await noteJobRowError(deps, lease, err);
    throw err;
  }
  await finishJobRow(deps, lease, { status: 'completed' });
}

/** Re-queues resets whose run was lost (lease expired). */
export async function sweepResets(deps: Pick<Deps, 'db' | 'dialect' | 'jobs' | 'clock' | 'config' | 'log'>) {
  const r = await sweepJobRows(deps, resetPolicy(deps.config), (ids, trx) =>
    deps.jobs.enqueueMany(
      ids.map((resetId) => ({ name: RESET_JOB, payload: { resetId }, options: { jobKey: resetJobKey(resetId) } })),
      { trx },
    ),
  );
  if (r.requeued + r.failed > 0) deps.log.warn(r, 'took back project resets whose run was lost');
}

export function safetyTasks(deps: Deps): TaskList {
  return {
    [SAFETY_CHECK_JOB]: async (payload) => {
      if (typeof payload.projectId === 'string') await checkSuspension(deps, payload.projectId);
    },
    [RESET_JOB]: async (payload) => {
      if (typeof payload.resetId === 'string') await runReset(deps, payload.resetId);
    },
    'project.reset.sweep': async () => sweepResets(deps),
  };
}

export const safetyCron: CronEntry[] = [{ task: 'project.reset.sweep', pattern: '* * * * *' }];
