/**
 * What event webhooks keep for the process, declared on deps' FeatureState (deps.ts) and built here
 * at composition: the announcer every writer calls in its transaction, and the delivery waker.
 */
import type { CoreDeps, FeatureState } from '../deps.ts';
import type { Waker } from '../jobs/waker.ts';
import { createAnnouncer, createSubscriptionsCache } from './subscriptions.ts';
import type { Announcer } from './webhook-types.ts';
import { createWebhookWaker } from './webhooks.jobs.ts';

declare module '../deps.ts' {
  interface FeatureState {
    /** Writes event-webhook messages in the transaction of the change that causes them (webhook-types.ts). */
    webhooks: Announcer;
    /** Wakes webhook delivery once stored messages have committed (jobs/waker.ts). */
    webhookWaker: Waker;
  }
}

export type WebhookParts = Pick<FeatureState, 'webhooks' | 'webhookWaker'>;

/** Webhooks' parts of the deps; the subscriptions cache is defined on `core.caches`, so a project reset forgets it. */
export function webhookParts(core: Pick<CoreDeps, 'changes' | 'jobs' | 'caches' | 'clock'>): WebhookParts {
  const webhookWaker = createWebhookWaker(core.changes, core.jobs);
  const cache = createSubscriptionsCache(core.caches);
  return { webhookWaker, webhooks: createAnnouncer({ cache, clock: core.clock, waker: webhookWaker }) };
}
