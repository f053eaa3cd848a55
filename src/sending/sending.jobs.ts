/**
 * Jobs of the outbox. `email.deliver` is only a wake-up: it sends whatever rows are due, then
 * schedules itself for the next row that falls due (a retry, or another worker's lease running
 * out), so a killed worker's rows are picked up when their lease ends. The minutely cron entry is
 * the backstop for a wake-up lost with a crashed process.
 */
import { setTimeout } from 'node:timers/promises';
import type { ChangeFeed } from '../db/notify.ts';
import type { Deps } from '../deps.ts';
import { nextEmailDueAt } from '../emails/outcomes.ts';
import { runThenComeBack } from '../jobs/due-rows.ts';
import type { CronEntry, Jobs, TaskList } from '../jobs/types.ts';
import { createWaker, type Waker } from '../jobs/waker.ts';
import { pruneTransportRateWindows } from '../transports/routing.ts';
import { deliverDue } from './delivery.ts';
import { pruneRateWindows } from './rate.ts';

const DELIVER_JOB = 'email.deliver';
const IDLE_LOOP_MS = 50;

export function sendingTasks(deps: Deps): TaskList {
  return {
    [DELIVER_JOB]: async (_payload, context) =>
      runThenComeBack(
        deps,
        {
          waker: deps.deliveryWaker,
          pass: async (budgetMs, signal) => {
            // On SIGTERM the run ends after the batch in flight, not at its budget: a stop that
            // outlasts the grace period (10 s by default under Docker) becomes a SIGKILL mid-batch.
            const r = await deliverDue(deps, budgetMs, signal);
            // Nothing claimable (every due row waits for its project's rate): pokes arriving now are
            // mostly for those rows, so pause before looking again rather than spin on empty claims.
            if (r.claimed === 0) await setTimeout(IDLE_LOOP_MS);
            return { claimed: r.claimed, done: r.sent };
          },
          nextDueAt: () => nextEmailDueAt(deps.db),
        },
        context.signal,
      ),
    'email.rate.prune': async () => {
      await pruneRateWindows(deps);
      await pruneTransportRateWindows(deps);
    },
  };
}

export const sendingCron: CronEntry[] = [
  { task: DELIVER_JOB, pattern: '* * * * *' },
  { task: 'email.rate.prune', pattern: '*/10 * * * *' },
];

/** Wakes delivery once stored outbox rows have committed (jobs/waker.ts). */
export function createDeliveryWaker(feed: ChangeFeed, jobs: Jobs): Waker {
  return createWaker(feed, jobs, { job: DELIVER_JOB, channel: 'delivery_wake' });
}
