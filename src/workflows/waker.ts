/**
 * Wakes the engine. Writers that make an execution due (a trigger, a resumed wait, a fan-out batch)
 * enqueue the `workflow.run` wake-up in their own transaction, so it exists exactly when the rows do;
 * the run reschedules itself under a second key for the next due time (a delay's end, a retry), so a
 * wake-up for "now" is never pushed back by a run computing "later". A minutely cron run is the backstop.
 */
import type { Executor } from '../db/index.ts';
import type { Deps } from '../deps.ts';

export const RUN_JOB = 'workflow.run';
const WAKE_KEY = 'workflow.run:now';
const TIMER_KEY = 'workflow.run:next';

/** Enqueues a run now (inside `trx` when given). */
export async function wakeWorkflows(deps: Pick<Deps, 'jobs'>, trx?: Executor): Promise<void> {
  await deps.jobs.enqueue(RUN_JOB, {}, { jobKey: WAKE_KEY, trx });
}

/** Enqueues the run that picks up the next execution falling due at `at`. */
export async function wakeWorkflowsAt(deps: Pick<Deps, 'jobs'>, at: Date): Promise<void> {
  await deps.jobs.enqueue(RUN_JOB, {}, { jobKey: TIMER_KEY, runAt: at });
}
