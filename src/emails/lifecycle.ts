/**
 * An email's life, as one table: every status change an `emails` row may make, the statuses it may
 * make it from, and what it records beside the status (the contact event, whose listener writes the
 * webhook message, or the webhook message itself for outcomes that are not contact events). The SQL
 * of each move reads its `from` list here, so no writer keeps a list of its own (docs/email-log.md
 * "Where an email's life is written").
 */
import type { EmailStatus } from '../db/schema.ts';
import type { WebhookEventType } from '../webhooks/webhook-types.ts';

/** Statuses of mail that has left: a report about it (a bounce, a complaint) may still come. */
const LEFT: readonly EmailStatus[] = ['SENT', 'DELIVERED', 'OPENED', 'CLICKED'];

export interface Transition {
  from: readonly EmailStatus[];
  to: EmailStatus;
  /** The contact event written in the move's transaction (webhook messages follow from it). */
  event?: string;
  /** The webhook announced in the move's transaction when no contact event carries it. */
  webhook?: WebhookEventType;
}

export const TRANSITIONS = {
  /** A delivery worker takes a due row (a SENDING row is due again once its lease ran out). */
  claim: { from: ['PENDING', 'SENDING'], to: 'SENDING' },
  /** The transport accepted it. */
  sent: { from: ['SENDING'], to: 'SENT', event: 'email.sent' },
  /** Handed back unsent and uncounted: over a send rate, or no transport could be tried. */
  deferred: { from: ['SENDING'], to: 'PENDING' },
  /** A temporary failure: due again after a backoff. */
  delayed: { from: ['SENDING'], to: 'PENDING', webhook: 'email.delivery_delayed' },
  /** A permanent failure, or out of attempts. */
  failed: { from: ['SENDING'], to: 'FAILED', webhook: 'email.failed' },
  /** The address is suppressed (or erased): stored, never sent. */
  suppressed: { from: ['SENDING'], to: 'SUPPRESSED', webhook: 'email.suppressed' },
  /** POST /emails/:id/retry: a new round of attempts. */
  retried: { from: ['FAILED'], to: 'PENDING' },
  /** A campaign cancelled while its rows wait. */
  cancelled: { from: ['PENDING'], to: 'FAILED' },
  /** The recipient was erased (privacy): what waits is never sent. */
  erased: { from: ['PENDING', 'SENDING'], to: 'SUPPRESSED' },
  /** The provider reported delivery. */
  delivered: { from: ['SENT'], to: 'DELIVERED', event: 'email.delivery' },
  /** The pixel loaded (or a click proved an open). */
  opened: { from: ['SENT', 'DELIVERED'], to: 'OPENED', event: 'email.open' },
  clicked: { from: ['SENT', 'DELIVERED', 'OPENED'], to: 'CLICKED', event: 'email.click' },
  /** A hard bounce; it can arrive before the worker recorded SENT (the relay answered, the row is still SENDING). */
  bounced: { from: ['SENDING', ...LEFT], to: 'BOUNCED', event: 'email.bounce' },
  /** A complaint may follow a bounce report of the same email (some providers send both). */
  complained: { from: ['SENDING', ...LEFT, 'BOUNCED'], to: 'COMPLAINED', event: 'email.complaint' },
} as const satisfies Record<string, Transition>;

export type TransitionName = keyof typeof TRANSITIONS;
