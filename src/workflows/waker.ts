/**
 * Wakes the engine (jobs/waker.ts). A writer that makes executions due (a trigger, a resumed wait, a
 * manual start, a fan-out batch) calls `wake(trx)` in its transaction.
 */
import type { ChangeFeed } from '../db/notify.ts';
import type { Jobs } from '../jobs/types.ts';
import { createWaker, type Waker } from '../jobs/waker.ts';

declare module '../deps.ts' {
  interface FeatureState {
    /** Wakes the engine once a transaction that made executions due commits. */
    workflowWaker: Waker;
  }
}

export const RUN_JOB = 'workflow.run';

export function createWorkflowWaker(feed: ChangeFeed, jobs: Jobs): Waker {
  return createWaker(feed, jobs, { job: RUN_JOB, channel: 'workflow_wake' });
}
