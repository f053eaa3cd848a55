/**
 * Billing caps at send time. A send first reserves its emails in the period's usage row with one
 * conditional increment (billing.repo.ts incrementUsage), so parallel sends can never together pass
 * a cap; a send that stores fewer emails than it reserved gives the rest back. With billing off
 * (no STRIPE_SECRET_KEY) nothing here touches the database.
 */
import type { Executor } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import { billingLimitExceeded } from '../errors.ts';
import * as repo from './billing.repo.ts';
import { currentPeriod, type Period } from './periods.ts';

type UsageDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

const LIMIT_COLUMN = {
  transactional: 'transactionalLimit',
  marketing: 'marketingLimit',
  workflow: 'workflowLimit',
} as const;

export interface Reservation {
  /** Gives back the part of the reservation that `used` emails did not take. */
  release(used: number): Promise<void>;
}

/** The period `now` is in for the project, and its caps. */
async function periodAndCaps(db: Executor, projectId: string, now: Date) {
  const billing = await repo.findBilling(db, projectId);
  return { period: currentPeriod(now, billing), billing };
}

/** The period's usage row, created from the email rows when it does not exist yet. */
async function usageOf(db: Executor, projectId: string, period: Period, now: Date): Promise<repo.UsageRow> {
  const found = await repo.findUsage(db, projectId, period.start);
  if (found) return found;
  await repo.seedUsage(db, projectId, period, now);
  return (await repo.findUsage(db, projectId, period.start))!;
}

/**
 * Reserves `n` emails of `category` in the current period; 402 BILLING_LIMIT_EXCEEDED (nothing
 * reserved) when the cap would be passed. Undefined, with no query, when billing is off. `db` may be
 * the caller's transaction, so that the reservation commits or rolls back with its writes.
 */
export async function reserveSends(
  deps: UsageDeps,
  projectId: string,
  category: repo.UsageCategory,
  n: number,
  db: Executor = deps.db,
): Promise<Reservation | undefined> {
  if (!deps.config.billing || n <= 0) return undefined;
  const now = deps.clock.now();
  const { period, billing } = await periodAndCaps(db, projectId, now);
  const raw = billing?.[LIMIT_COLUMN[category]];
  const cap = raw === null || raw === undefined ? null : Number(raw);
  const refuse = () =>
    billingLimitExceeded(
      `${n} more email(s) would exceed the ${category} billing limit of ${cap} for this period; nothing was sent.`,
    );
  if (cap !== null && n > cap) throw refuse();
  let ok = await repo.incrementUsage(db, projectId, period.start, category, n, cap);
  // Refused, or no row for the period yet: only the latter creates it (from the email rows, a count
  // on the index done once per period, never on each refused send) and tries once more.
  if (!ok && !(await repo.findUsage(db, projectId, period.start))) {
    await repo.seedUsage(db, projectId, period, now);
    ok = await repo.incrementUsage(db, projectId, period.start, category, n, cap);
  }
  if (!ok) throw refuse();
  return {
    async release(used: number) {
      const unused = n - Math.max(0, used);
      if (unused > 0) await repo.decrementUsage(deps.db, projectId, period.start, category, unused);
    },
  };
}

/** Gives back `n` emails of `category` in the current period (a campaign cancelled before it sent). */
export async function releaseSends(
  deps: UsageDeps,
  projectId: string,
  category: repo.UsageCategory,
  n: number,
  db: Executor = deps.db,
): Promise<void> {
  if (!deps.config.billing || n <= 0) return;
  const { period } = await periodAndCaps(db, projectId, deps.clock.now());
  await repo.decrementUsage(db, projectId, period.start, category, n);
}

/** The current period of the project and what it consumed so far. */
export async function currentConsumption(deps: Pick<Deps, 'db' | 'clock'>, projectId: string) {
  const now = deps.clock.now();
  const { period } = await periodAndCaps(deps.db, projectId, now);
  const u = await usageOf(deps.db, projectId, period, now);
  return {
    periodStart: period.start.toISOString(),
    periodEnd: period.end.toISOString(),
    transactional: u.transactional,
    marketing: u.marketing,
    workflow: u.workflow,
    total: u.transactional + u.marketing + u.workflow,
  };
}
