/**
 * Billing for signed-in users: Stripe Checkout and billing portal sessions, the project's invoices,
 * and its per-category limits and consumption. Every use case checks the caller's role in the
 * project first (projects/permissions.ts: a non-member gets 404 PROJECT_NOT_FOUND, like every project
 * route); then, with billing off, each answers 404 BILLING_DISABLED.
 */
import { currentUser } from '../auth/auth.service.ts';
import type { BillingConfig } from '../config.ts';
import type { Deps } from '../deps.ts';
import { billingDisabled, conflict } from '../errors.ts';
import { requirePermission } from '../projects/permissions.ts';
import { getMemberProject } from '../projects/projects.service.ts';
import * as repo from './billing.repo.ts';
import {
  type BillingInvoice,
  type BillingLimits,
  INVOICE_STATUSES,
  type InvoiceStatus,
  type UpdateBillingLimitsBody,
} from './billing.schemas.ts';
import { callStripe, stripeFor } from './stripe-client.ts';
import { currentConsumption } from './usage.service.ts';

type BillingDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

function billingOf(deps: Pick<Deps, 'config'>): BillingConfig {
  if (!deps.config.billing) throw billingDisabled();
  return deps.config.billing;
}

/** Where the dashboard shows a project's billing; Stripe sends the user back there. */
const billingPage = (deps: Pick<Deps, 'config'>, projectId: string) =>
  `${deps.config.baseUrl}/p/${encodeURIComponent(projectId)}/settings/billing`;

/** The project's Stripe customer, created (once) when it has none. */
async function customerOf(deps: BillingDeps, billing: BillingConfig, userId: string, projectId: string) {
  const stored = (await repo.findBilling(deps.db, projectId))?.stripeCustomerId;
  if (stored) return stored;
  const [user, project] = await Promise.all([currentUser(deps, userId), getMemberProject(deps, userId, projectId)]);
  const customer = await callStripe('create the customer', () =>
    stripeFor(billing).customers.create(
      { email: user.email, name: project.name, metadata: { projectId } },
      // Two concurrent first checkouts get the same customer from Stripe.
      { idempotencyKey: `mailwright-customer-${projectId}` },
    ),
  );
  return repo.storeCustomerIfMissing(deps.db, projectId, customer.id, deps.clock.now());
}

/** A Checkout session (subscription mode, STRIPE_PRICE_ID) for the project; answers its URL. */
export async function createCheckout(deps: BillingDeps, userId: string, projectId: string): Promise<{ url: string }> {
  requirePermission((await getMemberProject(deps, userId, projectId)).role, 'billing.manage');
  const billing = billingOf(deps);
  const priceId = billing.priceId;
  if (!priceId) throw billingDisabled('Checkout is not configured on this server (STRIPE_PRICE_ID is not set).');
  const customer = await customerOf(deps, billing, userId, projectId);
  const page = billingPage(deps, projectId);
  const session = await callStripe('create the checkout session', () =>
    stripeFor(billing).checkout.sessions.create({
      mode: 'subscription',
      customer,
      line_items: [{ price: priceId, quantity: 1 }],
      client_reference_id: projectId,
      metadata: { projectId },
      subscription_data: { metadata: { projectId } },
      success_url: `${page}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${page}?checkout=cancelled`,
    }),
  );
  if (!session.url) throw conflict('Stripe answered a checkout session without a URL.');
  return { url: session.url };
}

/** A billing portal session for the project's customer; 409 while the project has none (no checkout yet). */
export async function createPortal(deps: BillingDeps, userId: string, projectId: string): Promise<{ url: string }> {
  requirePermission((await getMemberProject(deps, userId, projectId)).role, 'billing.manage');
  const billing = billingOf(deps);
  const customer = (await repo.findBilling(deps.db, projectId))?.stripeCustomerId;
  if (!customer) throw conflict('This project has no billing account yet: start a checkout first.');
  const session = await callStripe('open the billing portal', () =>
    stripeFor(billing).billingPortal.sessions.create({ customer, return_url: billingPage(deps, projectId) }),
  );
  return { url: session.url };
}

/** The project's invoices, newest first, as Stripe lists them (up to 100); none before a checkout. */
export async function listInvoices(deps: BillingDeps, userId: string, projectId: string): Promise<BillingInvoice[]> {
  requirePermission((await getMemberProject(deps, userId, projectId)).role, 'billing.manage');
  const billing = billingOf(deps);
  const customer = (await repo.findBilling(deps.db, projectId))?.stripeCustomerId;
  if (!customer) return [];
  const page = await callStripe('list the invoices', () => stripeFor(billing).invoices.list({ customer, limit: 100 }));
  return page.data.map((i) => ({
    id: i.id,
    number: i.number ?? null,
    status: (INVOICE_STATUSES as readonly string[]).includes(i.status ?? '') ? (i.status as InvoiceStatus) : null,
    amountDue: i.amount_due,
    amountPaid: i.amount_paid,
    currency: i.currency,
    created: new Date(i.created * 1000).toISOString(),
    hostedInvoiceUrl: i.hosted_invoice_url ?? null,
  }));
}

function toLimits(row: repo.BillingRow | undefined): BillingLimits {
  const n = (v: number | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return {
    transactional: n(row?.transactionalLimit),
    marketing: n(row?.marketingLimit),
    workflow: n(row?.workflowLimit),
  };
}

export async function getLimits(deps: BillingDeps, userId: string, projectId: string): Promise<BillingLimits> {
  requirePermission((await getMemberProject(deps, userId, projectId)).role, 'billing.read');
  billingOf(deps);
  return toLimits(await repo.findBilling(deps.db, projectId));
}

/** Sets the caps given (null removes one; a category left out keeps its cap); answers all three. */
export async function updateLimits(
  deps: BillingDeps,
  userId: string,
  projectId: string,
  body: UpdateBillingLimitsBody,
): Promise<BillingLimits> {
  requirePermission((await getMemberProject(deps, userId, projectId)).role, 'billing.manage');
  billingOf(deps);
  return toLimits(await repo.updateLimits(deps.db, projectId, body, deps.clock.now()));
}

export async function getConsumption(deps: BillingDeps, userId: string, projectId: string) {
  requirePermission((await getMemberProject(deps, userId, projectId)).role, 'billing.read');
  billingOf(deps);
  return currentConsumption(deps, projectId);
}
