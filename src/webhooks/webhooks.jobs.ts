/**
 * Jobs of event webhooks. `webhook.deliver` is only a wake-up: it delivers whatever messages are due
 * (on the due-rows worker, jobs/due-rows.ts), then schedules itself for the next one falling due (a
 * retry, a rest's end, another worker's lease running out); the minutely cron entry is the backstop
 * for a wake-up lost with a crashed process.
 * `webhook.prune` keeps the log to WEBHOOK_RETENTION_DAYS.
 */
import type { ChangeFeed } from '../db/notify.ts';
import type { Deps } from '../deps.ts';
import { DUE_ROWS } from '../jobs/due-row-tables.ts';
import { findNextDueAt } from '../jobs/due-rows.repo.ts';
import { runThenComeBack } from '../jobs/due-rows.ts';
import type { CronEntry, Jobs, TaskList } from '../jobs/types.ts';
import { createWaker, type Waker } from '../jobs/waker.ts';
import { deliverDueMessages } from './delivery.ts';
import { deleteFinishedMessagesBefore } from './messages.repo.ts';

export const DELIVER_WEBHOOKS_JOB = 'webhook.deliver';
const PRUNE_JOB = 'webhook.prune';
/**
 * How long a run that found nothing more waits for a wake-up before it ends: under a steady flow of
 * writes one run keeps its connections and decrypted secrets instead of a job per wake-up.
 */
const LINGER_MS = 250;

/** Wakes webhook delivery once stored messages have committed (jobs/waker.ts). */
export function createWebhookWaker(feed: ChangeFeed, jobs: Jobs): Waker {
  return createWaker(feed, jobs, { job: DELIVER_WEBHOOKS_JOB, channel: 'webhook_wake' });
}

export function webhookTasks(deps: Deps): TaskList {
  return {
    [DELIVER_WEBHOOKS_JOB]: async (_payload, context) =>
      runThenComeBack(
        deps,
        {
          waker: deps.webhookWaker,
          lingerMs: LINGER_MS,
          pass: (budgetMs, signal) => deliverDueMessages(deps, budgetMs, signal),
          nextDueAt: () => findNextDueAt(deps.db, DUE_ROWS.webhookMessages),
        },
        context.signal,
      ),
    [PRUNE_JOB]: async () => {
      const before = new Date(deps.clock.now().getTime() - deps.config.webhookRetentionDays * 86_400_000);
      // In slices, so the prune never holds the writer long; a large backlog takes a few hours' runs.
      for (let i = 0; i < 100; i++) {
        if ((await deleteFinishedMessagesBefore(deps.db, before, 5000)) < 5000) break;
      }
    },
  };
}

export const webhookCron: CronEntry[] = [
  { task: DELIVER_WEBHOOKS_JOB, pattern: '* * * * *' },
  { task: PRUNE_JOB, pattern: '41 * * * *' },
];
