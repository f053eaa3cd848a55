/**
 * Project safety's jobs: the suspension check after feedback, the reset run (a job row walking the
 * wipe plan one committed slice at a time, so a restart resumes at the step it reached and a second
 * run racing it stops), and the sweep that re-queues resets whose run was lost.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Deps } from '../../deps.ts';
import { defineJobRowKind, type StepContext } from '../../jobs/job-row-kind.ts';
import { advanceJobRow, type Lease } from '../../jobs/job-rows.ts';
import type { TaskList } from '../../jobs/types.ts';
import * as repo from './reset.repo.ts';
import { checkSuspension, SAFETY_CHECK_JOB } from './security.service.ts';

/** Rows per slice: a few milliseconds of deleting, so other writers wait at most that. */
const SLICE = 500;
const MAX_RESET_RUNS = 5;

type ResetDeps = Pick<Deps, 'db' | 'dialect' | 'clock' | 'config' | 'jobs' | 'log' | 'caches'>;

/**
 * Walks the plan from the row's step; each slice commits with the row's progress. False when it
 * stopped early (the process is stopping) with steps left.
 */
async function wipe(
  deps: ResetDeps,
  row: repo.ResetRow,
  lease: Lease<'projectResets'>,
  ctx: StepContext,
): Promise<boolean> {
  const slice = ctx.batchSize ?? SLICE;
  let deleted = row.deleted;
  for (let step = row.step; step < repo.WIPE_PLAN.length; step++) {
    for (;;) {
      const n = await deps.db.transaction().execute(async (trx) => {
        const gone = await repo.deleteSlice(trx, repo.WIPE_PLAN[step]!, row.projectId, slice);
        // The step moves on only with the slice that found the table empty.
        await advanceJobRow(trx, deps, lease, { step: gone < slice ? step + 1 : step, deleted: deleted + gone });
        return gone;
      });
      deleted += n;
      await nextTurn();
      if (n < slice) break;
      if (ctx.shouldStop()) return false;
    }
    // As each kind of row goes (workflows, segments, fields…), no process may keep serving it from memory.
    await forgetCaches(deps, row.projectId);
    if (ctx.shouldStop() && step + 1 < repo.WIPE_PLAN.length) return false;
  }
  return true;
}

/** Forgets everything this and every other process cached about the project's data (every registered cache). */
async function forgetCaches(deps: ResetDeps, projectId: string): Promise<void> {
  await deps.caches.forget(projectId);
}

/** Project resets: the wipe plan walked one committed slice at a time. */
export const resetKind = defineJobRowKind({
  table: 'projectResets',
  job: 'project.reset',
  idField: 'resetId',
  maxAttempts: MAX_RESET_RUNS,
  step: (deps: ResetDeps, row, lease, ctx) => wipe(deps, row, lease, ctx),
});

/** Job-row kinds: the composition root registers their tasks and their sweep. */
export const safetyKinds = [resetKind];

/** Runs (or resumes) one reset; a no-op once it has ended. */
export function runReset(deps: ResetDeps, resetId: string, ctx?: Partial<StepContext>): Promise<void> {
  return resetKind.run(deps, resetId, ctx);
}

export function safetyTasks(deps: Deps): TaskList {
  return {
    [SAFETY_CHECK_JOB]: async (payload) => {
      if (typeof payload.projectId === 'string') await checkSuspension(deps, payload.projectId);
    },
  };
}
