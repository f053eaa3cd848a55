/**
 * The workflow feature's jobs: `workflow.run` (a wake-up: runs due executions, then reschedules itself
 * for the next due time), the SCHEDULE trigger's minutely tick and fan-out, and the sweep that
 * re-queues a fan-out whose run was lost. The rows are the truth; every handler is safe to run twice.
 */
import { setTimeout } from 'node:timers/promises';
import type { Deps } from '../deps.ts';
import { sweepJobRows } from '../jobs/job-rows.ts';
import type { CronEntry, TaskList } from '../jobs/types.ts';
import { nextDueAt } from './engine/executions.repo.ts';
import { runDueExecutions } from './engine/run.ts';
import { FANOUT_JOB, fanoutPolicy, queueFanoutRuns, runFanout, scheduleTick } from './schedule.ts';
import { RUN_JOB, wakeWorkflowsAt } from './waker.ts';

/** One run works for at most this long, then hands over to a fresh job (other jobs get their turn). */
const RUN_BUDGET_MS = 20_000;
/** How long a run that found nothing more waits for a wake-up before it ends. */
const LINGER_MS = 250;
/** How long a run woken right after a small batch waits for more before it claims. */
const GATHER_MS = 10;
/** A run that found nothing due waits at least this long before the next (the queue's clock may run ahead). */
const IDLE_RETRY_MS = 1000;

async function runAndReschedule(deps: Deps, signal?: AbortSignal): Promise<void> {
  const deadline = Date.now() + RUN_BUDGET_MS;
  let last = deps.config.workflowBatchSize;
  const { claimed } = await deps.workflowWaker.whileRunning(
    async () => {
      // Woken again right after a small batch (events trickling in one by one): let a few more
      // arrive, so each claim and its bookkeeping serve several executions.
      if (last < deps.config.workflowBatchSize / 2) await setTimeout(GATHER_MS);
      const r = await runDueExecutions(deps, deadline - Date.now(), signal);
      last = r.claimed;
      return r;
    },
    (a, b) => ({ claimed: a.claimed + b.claimed }),
    { deadline, lingerMs: LINGER_MS, signal },
  );
  const due = await nextDueAt(deps.db);
  if (!due) return;
  const now = deps.clock.now().getTime();
  const earliest = claimed === 0 ? now + IDLE_RETRY_MS : now;
  await wakeWorkflowsAt(deps, new Date(Math.max(due.getTime(), earliest)));
}

export function workflowTasks(deps: Deps): TaskList {
  return {
    // One run per process: another job (the timer, the minutely backstop, a wake-up enqueued as the
    // going run began) marks that run to look again instead of taking a second worker slot, so runs
    // never fill every slot and keep delivery's and the other jobs waiting.
    [RUN_JOB]: async (_payload, context) =>
      deps.workflowWaker.going() ? deps.workflowWaker.poke() : runAndReschedule(deps, context.signal),
    'workflow.schedule': async () => scheduleTick(deps),
    [FANOUT_JOB]: async (payload, context) => runFanout(deps, String(payload.fanoutId), context.signal),
    'workflow.fanout.sweep': async () => {
      const out = await sweepJobRows(deps, fanoutPolicy(deps), (ids, trx) => queueFanoutRuns(deps, ids, trx));
      if (out.requeued + out.failed > 0) deps.log.warn(out, 'took back workflow fan-outs whose run was lost');
    },
  };
}

/** The backstops: a run every minute (a wake-up lost with a crashed process), the schedule tick and the fan-out sweep. */
export const workflowCron: CronEntry[] = [
  { task: RUN_JOB, pattern: '* * * * *' },
  { task: 'workflow.schedule', pattern: '* * * * *' },
  { task: 'workflow.fanout.sweep', pattern: '* * * * *' },
];
