/** Table shapes of billing (migration 0014), beside schema.ts, which lists them in `Database`. */
import type { Timestamp } from './column-types.ts';

/** One project's billing facts: its Stripe customer and subscription, and its per-category caps. */
export interface ProjectBillingTable {
  projectId: string;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  /** Stripe's subscription status (active, past_due, canceled, …), as the last webhook said. */
  subscriptionStatus: string | null;
  /** The subscription's current period; null: calendar months (UTC) are the billing periods. */
  periodStart: Timestamp | null;
  periodEnd: Timestamp | null;
  /** `created` of the subscription event applied last: an older event arriving late changes nothing. */
  subscriptionEventAt: Timestamp | null;
  lastInvoiceId: string | null;
  /** `paid` or `payment_failed`, from the invoice webhooks. */
  lastInvoiceStatus: string | null;
  lastInvoiceAt: Timestamp | null;
  /** Emails per billing period; null: no cap. */
  transactionalLimit: number | null;
  marketingLimit: number | null;
  workflowLimit: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/**
 * Emails counted against the caps in one billing period, one row per (project, period start). Seeded
 * from the email rows when the period's row is first needed, then moved by conditional increments.
 */
export interface BillingUsageTable {
  projectId: string;
  periodStart: Timestamp;
  periodEnd: Timestamp;
  transactional: number;
  marketing: number;
  workflow: number;
  createdAt: Timestamp;
}

/** Stripe event ids already handled (a replayed delivery has no second effect). */
export interface StripeEventsTable {
  id: string;
  type: string;
  projectId: string | null;
  receivedAt: Timestamp;
}

export interface BillingTables {
  projectBilling: ProjectBillingTable;
  billingUsage: BillingUsageTable;
  stripeEvents: StripeEventsTable;
}
