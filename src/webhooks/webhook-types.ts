/**
 * What features hand the webhook feature: the event types of beyond.md §4 and the announcer every
 * writer calls in its own transaction. This file imports no service, so any feature may import it
 * without leading back to webhooks.
 */
import type { Executor } from '../db/index.ts';

/** The message types a customer endpoint subscribes to (beyond.md §4), besides `webhook.test`. */
export const WEBHOOK_EVENT_TYPES = [
  'email.sent',
  'email.delivered',
  'email.delivery_delayed',
  'email.failed',
  'email.bounced',
  'email.complained',
  'email.opened',
  'email.clicked',
  'email.suppressed',
  'email.received',
  'contact.created',
  'contact.updated',
  'contact.deleted',
  'contact.subscribed',
  'contact.unsubscribed',
  'event.tracked',
  'campaign.sent',
  'workflow.execution.completed',
  'workflow.execution.failed',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** One thing that happened, to be told to every enabled endpoint of the project subscribed to its type. */
export interface Announcement {
  type: WebhookEventType;
  /** The body's `data` (beyond.md §4: an email's facts, a contact view, a tracked event…). */
  data: Record<string, unknown>;
  /** The body's `timestamp`; default: now. */
  at?: Date;
}

export interface Announcer {
  /**
   * Whether any enabled endpoint of the project listens to any of `types`: answered from memory
   * after the first ask, so a writer can skip building data (and a transaction) nobody wants. A miss
   * reads through `db`: a caller inside a transaction passes it, since waiting for a second pool
   * connection while holding one starves the pool when every holder does the same.
   */
  wants(db: Executor, projectId: string, types: readonly WebhookEventType[]): Promise<boolean>;
  /**
   * Writes one message per subscribed endpoint for each announcement through `db`: pass the
   * transaction of the change that causes them, so none exists for a change that rolled back and
   * none is lost for one that committed. Delivery is woken when it commits.
   */
  announce(db: Executor, projectId: string, items: readonly Announcement[]): Promise<void>;
}
