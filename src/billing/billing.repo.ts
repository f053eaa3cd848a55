/**
 * SQL of billing: the project's billing row, its usage rows (seeded from the emails index, then
 * moved by conditional increments) and the Stripe event ids already handled.
 */
import { type Selectable, sql, type Updateable } from 'kysely';
import type { ProjectBillingTable } from '../db/billing-tables.ts';
import type { Executor } from '../db/index.ts';
import type { Period } from './periods.ts';

export type BillingRow = Selectable<ProjectBillingTable>;
export type UsageCategory = 'transactional' | 'marketing' | 'workflow';
type Limits = Record<UsageCategory, number | null>;

export async function findBilling(db: Executor, projectId: string): Promise<BillingRow | undefined> {
  return db.selectFrom('projectBilling').selectAll().where('projectId', '=', projectId).executeTakeFirst();
}

export async function findBillingByCustomer(db: Executor, customerId: string): Promise<BillingRow | undefined> {
  return db.selectFrom('projectBilling').selectAll().where('stripeCustomerId', '=', customerId).executeTakeFirst();
}

export async function projectExists(db: Executor, projectId: string): Promise<boolean> {
  const row = await db.selectFrom('projects').select('id').where('id', '=', projectId).executeTakeFirst();
  return row !== undefined;
}

/** Inserts or patches the project's billing row with `patch`; answers the row as it now is. */
export async function upsertBilling(
  db: Executor,
  projectId: string,
  patch: Omit<Updateable<ProjectBillingTable>, 'projectId' | 'createdAt'>,
  now: Date,
): Promise<BillingRow> {
  const set = { ...patch, updatedAt: now };
  return db
    .insertInto('projectBilling')
    .values({ projectId, ...set, createdAt: now })
    .onConflict((oc) => oc.column('projectId').doUpdateSet(set))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Stores `customerId` unless the project already has a customer; answers the customer it has now,
 * so two concurrent checkouts end with one stored customer.
 */
export async function storeCustomerIfMissing(
  db: Executor,
  projectId: string,
  customerId: string,
  now: Date,
): Promise<string> {
  const row = await db
    .insertInto('projectBilling')
    .values({ projectId, stripeCustomerId: customerId, createdAt: now, updatedAt: now })
    .onConflict((oc) =>
      oc.column('projectId').doUpdateSet({
        stripeCustomerId: sql`coalesce(project_billing.stripe_customer_id, excluded.stripe_customer_id)`,
        updatedAt: now,
      }),
    )
    .returning('stripeCustomerId')
    .executeTakeFirstOrThrow();
  return row.stripeCustomerId ?? customerId;
}

/**
 * Applies a subscription's state unless a later event was applied already (`eventAt` older than the
 * stored one); answers whether it was applied.
 */
export async function applySubscription(
  db: Executor,
  projectId: string,
  s: { subscriptionId: string; status: string; periodStart: Date | null; periodEnd: Date | null; eventAt: Date },
  now: Date,
): Promise<boolean> {
  const set = {
    stripeSubscriptionId: s.subscriptionId,
    subscriptionStatus: s.status,
    periodStart: s.periodStart,
    periodEnd: s.periodEnd,
    subscriptionEventAt: s.eventAt,
    updatedAt: now,
  };
  const row = await db
    .insertInto('projectBilling')
    .values({ projectId, ...set, createdAt: now })
    .onConflict((oc) =>
      oc
        .column('projectId')
        .doUpdateSet(set)
        .where((eb) =>
          eb.or([
            eb('projectBilling.subscriptionEventAt', 'is', null),
            eb('projectBilling.subscriptionEventAt', '<=', s.eventAt.toISOString()),
          ]),
        ),
    )
    .returning('projectId')
    .executeTakeFirst();
  return row !== undefined;
}

/** Records that `eventId` is handled; false when it was already (a replay). */
export async function insertStripeEvent(
  db: Executor,
  e: { id: string; type: string; projectId: string | null },
  now: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('stripeEvents')
    .values({ ...e, receivedAt: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface UsageRow {
  periodStart: string;
  periodEnd: string;
  transactional: number;
  marketing: number;
  workflow: number;
}

export async function findUsage(db: Executor, projectId: string, periodStart: Date): Promise<UsageRow | undefined> {
  const row = await db
    .selectFrom('billingUsage')
    .select(['periodStart', 'periodEnd', 'transactional', 'marketing', 'workflow'])
    .where('projectId', '=', projectId)
    .where('periodStart', '=', periodStart.toISOString())
    .executeTakeFirst();
  return (
    row && {
      ...row,
      transactional: Number(row.transactional),
      marketing: Number(row.marketing),
      workflow: Number(row.workflow),
    }
  );
}

/**
 * Creates the period's usage row from the project's email rows created in the period, counted by
 * source on the (project_id, created_at, source_type) index. A row already there stays as it is.
 */
export async function seedUsage(db: Executor, projectId: string, period: Period, now: Date): Promise<void> {
  const count = (source: string) => sql<number>`coalesce(sum(case when source_type = ${source} then 1 else 0 end), 0)`;
  // The WHERE also settles SQLite's parse of INSERT … SELECT … ON CONFLICT.
  await sql`
    insert into billing_usage (project_id, period_start, period_end, transactional, marketing, workflow, created_at)
    select ${projectId}, ${period.start}, ${period.end}, ${count('TRANSACTIONAL')}, ${count('CAMPAIGN')},
      ${count('WORKFLOW')}, ${now}
    from emails
    where project_id = ${projectId} and created_at >= ${period.start} and created_at < ${period.end}
    on conflict (project_id, period_start) do nothing`.execute(db);
}

/**
 * Adds `n` to the category's count of the period when that keeps it within `cap` (null: no cap).
 * One conditional UPDATE: concurrent callers are serialised on the row, and each sees the others'
 * increments, so together they never pass the cap. False when refused or when the row is missing.
 */
export async function incrementUsage(
  db: Executor,
  projectId: string,
  periodStart: Date,
  category: UsageCategory,
  n: number,
  cap: number | null,
): Promise<boolean> {
  const col = sql.ref(category);
  const row = await db
    .updateTable('billingUsage')
    .set({ [category]: sql`${col} + ${n}` })
    .where('projectId', '=', projectId)
    .where('periodStart', '=', periodStart.toISOString())
    .$if(cap !== null, (q) => q.where(sql<boolean>`${col} + ${n} <= ${cap}`))
    .returning('projectId')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives back `n` of a reservation that was not used (never below zero). */
export async function decrementUsage(
  db: Executor,
  projectId: string,
  periodStart: Date,
  category: UsageCategory,
  n: number,
): Promise<void> {
  const col = sql.ref(category);
  await db
    .updateTable('billingUsage')
    .set({ [category]: sql`${col} - ${n}` })
    .where('projectId', '=', projectId)
    .where('periodStart', '=', periodStart.toISOString())
    .where(sql<boolean>`${col} >= ${n}`)
    .execute();
}

export async function updateLimits(db: Executor, projectId: string, limits: Partial<Limits>, now: Date) {
  const patch: Updateable<ProjectBillingTable> = {};
  if (limits.transactional !== undefined) patch.transactionalLimit = limits.transactional;
  if (limits.marketing !== undefined) patch.marketingLimit = limits.marketing;
  if (limits.workflow !== undefined) patch.workflowLimit = limits.workflow;
  return upsertBilling(db, projectId, patch, now);
}
