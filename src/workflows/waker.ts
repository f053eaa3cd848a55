/**
 * Wakes the engine. A writer that makes executions due (a trigger, a resumed wait, a manual start, a
 * fan-out batch) calls `wake(trx)`: a change-feed notice published in its transaction, which every
 * process receives once the transaction commits (LISTEN/NOTIFY on PostgreSQL; on SQLite at once, but
 * the engine's claim then waits for the one writer, so it still sees the rows). A process whose run is
 * going only marks it to look again; otherwise it enqueues the `workflow.run` job, concurrent wakes
 * sharing one enqueue. No queue row is written in the writer's transaction, so concurrent writers never
 * wait on one another's wake-up. The run reschedules itself under a second key for the next due time
 * (a delay's end, a retry); a minutely cron run is the backstop for a notice lost with a connection.
 */
import type { Executor } from '../db/index.ts';
import type { ChangeFeed } from '../db/notify.ts';
import type { Jobs } from '../jobs/types.ts';
import { createPokedRunner, type PokedRunner } from '../lib/poked-runner.ts';

export const RUN_JOB = 'workflow.run';
const WAKE_KEY = 'workflow.run:now';
const TIMER_KEY = 'workflow.run:next';
const CHANNEL = 'workflow_wake';

export interface WorkflowWaker extends Pick<PokedRunner, 'whileRunning' | 'going' | 'poke'> {
  /** Wakes the engine once `trx` (or, without one, the caller's write) has committed. */
  wake(trx?: Executor): Promise<void>;
}

/** Enqueues a run now (startup, tests): the job the waker enqueues. */
export async function wakeWorkflows(deps: { jobs: Jobs }): Promise<void> {
  await deps.jobs.enqueue(RUN_JOB, {}, { jobKey: WAKE_KEY });
}

/** Enqueues the run that picks up the next execution falling due at `at`. */
export async function wakeWorkflowsAt(deps: { jobs: Jobs }, at: Date): Promise<void> {
  await deps.jobs.enqueue(RUN_JOB, {}, { jobKey: TIMER_KEY, runAt: at });
}

export function createWorkflowWaker(feed: ChangeFeed, jobs: Jobs): WorkflowWaker {
  // A lost enqueue delays, never loses: the minutely run finds the due executions.
  const runner = createPokedRunner(() => wakeWorkflows({ jobs }).catch(() => {}));
  feed.subscribe(CHANNEL, () => void runner.poke());
  return {
    wake: (trx) => feed.publish(CHANNEL, '', trx),
    whileRunning: runner.whileRunning,
    going: runner.going,
    poke: runner.poke,
  };
}
