/**
 * The workflow feature's jobs: `workflow.run` (a wake-up: runs due executions, then reschedules itself
 * for the next due time), the SCHEDULE trigger's minutely tick, and its fan-out (a job-row kind). The
 * rows are the truth; every handler is safe to run twice.
 */
import { setTimeout } from 'node:timers/promises';
import type { Deps } from '../deps.ts';
import { findNextDueAt } from '../jobs/due-rows.repo.ts';
import { runThenComeBack } from '../jobs/due-rows.ts';
import type { CronEntry, TaskList } from '../jobs/types.ts';
import { EXECUTIONS } from './engine/executions.repo.ts';
import { runDueExecutions } from './engine/run.ts';
import { fanoutKind, scheduleTick } from './schedule.ts';
import { RUN_JOB } from './waker.ts';

/** How long a run that found nothing more waits for a wake-up before it ends. */
const LINGER_MS = 250;
/** How long a run woken right after a small batch waits for more before it claims. */
const GATHER_MS = 10;

function runAndReschedule(deps: Deps, signal?: AbortSignal): Promise<void> {
  let last = deps.config.workflowBatchSize;
  return runThenComeBack(
    deps,
    {
      waker: deps.workflowWaker,
      lingerMs: LINGER_MS,
      pass: async (budgetMs, stop) => {
        // Woken again right after a small batch (events trickling in one by one): let a few more
        // arrive, so each claim and its bookkeeping serve several executions.
        if (last < deps.config.workflowBatchSize / 2) await setTimeout(GATHER_MS);
        const r = await runDueExecutions(deps, budgetMs, stop);
        last = r.claimed;
        return { claimed: r.claimed, done: r.claimed };
      },
      nextDueAt: () => findNextDueAt(deps.db, EXECUTIONS),
    },
    signal,
  );
}

export function workflowTasks(deps: Deps): TaskList {
  return {
    // One run per process: another job (the timer, the minutely backstop, a wake-up enqueued as the
    // going run began) marks that run to look again instead of taking a second worker slot, so runs
    // never fill every slot and keep delivery's and the other jobs waiting.
    [RUN_JOB]: async (_payload, context) =>
      deps.workflowWaker.going() ? deps.workflowWaker.poke() : runAndReschedule(deps, context.signal),
    'workflow.schedule': async () => scheduleTick(deps),
  };
}

/** Job-row kinds: the composition root registers their tasks and their sweep. */
export const workflowKinds = [fanoutKind];

/** The backstops: a run every minute (a wake-up lost with a crashed process) and the schedule tick. */
export const workflowCron: CronEntry[] = [
  { task: RUN_JOB, pattern: '* * * * *' },
  { task: 'workflow.schedule', pattern: '* * * * *' },
];
