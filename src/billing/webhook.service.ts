/**
 * POST /webhooks/incoming/stripe: Stripe's events, verified by Stripe's signature scheme (HMAC-SHA256
 * of "<t>.<raw body>" with STRIPE_WEBHOOK_SECRET, timestamp within 300 s) and handled once per event
 * id: the id is recorded in the same transaction as the event's effect, so a replay (Stripe retries,
 * an attacker resending a captured delivery) changes nothing, and a failed effect is retried whole.
 */
import type Stripe from 'stripe';
import type { Executor } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import { badRequest, billingDisabled } from '../errors.ts';
import * as repo from './billing.repo.ts';
import { stripeFor } from './stripe-client.ts';

/** Stripe's own default: a signed delivery older than this is refused as stale. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

type WebhookDeps = Pick<Deps, 'db' | 'clock' | 'config'>;
type Outcome = 'handled' | 'duplicate' | 'ignored';

const HANDLED = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : v?.id) ?? null;

/** Verifies and handles one delivery; 400 for a missing, forged or stale signature (nothing changes). */
export async function receiveStripeEvent(
  deps: WebhookDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<Outcome> {
  const billing = deps.config.billing;
  if (!billing?.webhookSecret) {
    throw billingDisabled('The Stripe webhook is not enabled on this server (STRIPE_WEBHOOK_SECRET is not set).');
  }
  if (!signature) throw badRequest('The Stripe-Signature header is missing.');
  let event: Stripe.Event;
  try {
    event = stripeFor(billing).webhooks.constructEvent(
      rawBody,
      signature,
      billing.webhookSecret,
      SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      deps.clock.now().getTime(), // milliseconds, as the SDK expects
    );
  } catch {
    throw badRequest('The Stripe-Signature does not verify (wrong signature, or a timestamp older than 300 s).');
  }
  if (!HANDLED.has(event.type)) return 'ignored';
  return deps.db.transaction().execute(async (trx) => {
    const projectId = await projectOf(trx, event);
    if (!(await repo.insertStripeEvent(trx, { id: event.id, type: event.type, projectId }, deps.clock.now()))) {
      return 'duplicate';
    }
    if (projectId) await apply(trx, deps, event, projectId);
    return 'handled';
  });
}

/** The project an event is about: our id in the object's metadata (checked to exist), else its customer's. */
async function projectOf(db: Executor, event: Stripe.Event): Promise<string | null> {
  const o = event.data.object as {
    client_reference_id?: string | null;
    metadata?: Record<string, string> | null;
    customer?: string | { id: string } | null;
  };
  const named = o.client_reference_id ?? o.metadata?.projectId;
  if (named && (await repo.projectExists(db, named))) return named;
  const customer = idOf(o.customer);
  return customer ? ((await repo.findBillingByCustomer(db, customer))?.projectId ?? null) : null;
}

async function apply(db: Executor, deps: WebhookDeps, event: Stripe.Event, projectId: string): Promise<void> {
  const now = deps.clock.now();
  switch (event.type) {
    case 'checkout.session.completed': {
      const s = event.data.object;
      const customer = idOf(s.customer);
      if (customer) await repo.storeCustomerIfMissing(db, projectId, customer, now);
      const subscription = idOf(s.subscription);
      if (subscription) await repo.upsertBilling(db, projectId, { stripeSubscriptionId: subscription }, now);
      return;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const s = event.data.object;
      // Since Stripe API 2025-03-31 the period is per subscription item; a subscription has one price here.
      const item = s.items?.data?.[0];
      const ended = event.type === 'customer.subscription.deleted';
      const at = (secs: number | undefined) => (secs && !ended ? new Date(secs * 1000) : null);
      await repo.applySubscription(
        db,
        projectId,
        {
          subscriptionId: s.id,
          status: s.status,
          periodStart: at(item?.current_period_start),
          periodEnd: at(item?.current_period_end),
          eventAt: new Date(event.created * 1000),
        },
        now,
      );
      return;
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const status = event.type === 'invoice.paid' ? 'paid' : 'payment_failed';
      const patch = { lastInvoiceId: event.data.object.id, lastInvoiceStatus: status, lastInvoiceAt: now };
      await repo.upsertBilling(db, projectId, patch, now);
      return;
    }
  }
}
