/**
 * The job-row primitive: any feature row that tracks long work (an import, a bulk action, and later
 * an outbox batch, a campaign fan-out, a workflow step) is claimed with a lease, advanced in the same
 * transaction as the work's writes, renewed while it runs, and ended completed or failed. A sweep
 * takes back rows whose lease ran out and hands them to the feature to enqueue again, so a queue job
 * is only a wake-up: losing one, or the worker running it, loses nothing.
 */
import type { Executor } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import * as repo from './job-rows.repo.ts';

export type { JobOutcome, JobRow, JobRowTable } from './job-rows.repo.ts';

/** How a feature's rows are run. */
export interface JobRowPolicy<T extends repo.JobRowTable> {
  table: T;
  /** Runs (claims) a row gets; one more interruption fails it as interrupted too often. */
  maxAttempts: number;
  /** How long a claim holds without being renewed. */
  leaseMs: number;
}

/** A held claim: pass it to every write of the run. */
export interface Lease<T extends repo.JobRowTable = repo.JobRowTable> extends repo.LeaseKey {
  policy: JobRowPolicy<T>;
}

/** Another run claimed the row (our lease ran out) or it ended: the transaction rolls back, the run stops. */
export class LeaseLost extends Error {
  override name = 'LeaseLost';
  constructor(lease: repo.LeaseKey) {
    super(`lost the lease on job row ${lease.id} (attempt ${lease.attempt})`);
  }
}

type RowDeps = Pick<Deps, 'db' | 'clock'>;

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

/** The reason a row gets when it runs out of runs; keeps the latest error it noted. */
export function interruptedReason(maxAttempts: number, lastError: string | null): string {
  return `Interrupted too often: stopped after ${maxAttempts} interrupted runs${lastError ? `; last error: ${lastError}` : ''}`;
}

/**
 * Claims the row for this run. Undefined when it has ended, another run holds a live lease, or it is
 * out of runs (then it is failed here, with the reason, unless a live lease still holds it).
 */
export async function claimJobRow<T extends repo.JobRowTable>(
  deps: RowDeps,
  policy: JobRowPolicy<T>,
  id: string,
): Promise<{ row: repo.JobRow<T>; lease: Lease<T> } | undefined> {
  const now = deps.clock.now();
  const at = { now, leaseUntil: later(now, policy.leaseMs), maxAttempts: policy.maxAttempts };
  const row = await repo.claimJobRow(deps.db, policy.table, id, at);
  if (row) return { row, lease: { id, attempt: (row as { attempts: number }).attempts, policy } };
  const current = await repo.findJobRow(deps.db, policy.table, id);
  if (current && current.attempts >= policy.maxAttempts) {
    const reason = interruptedReason(policy.maxAttempts, current.failureReason);
    await repo.failExhaustedJobRow(deps.db, policy.table, id, reason, at);
  }
  return undefined;
}

/**
 * When another run holds the row's lease: the time that lease ends (for a wake-up then, in case that
 * run died). Undefined when the row has ended, is gone, or nobody holds it.
 */
export async function heldUntil<T extends repo.JobRowTable>(
  deps: RowDeps,
  policy: JobRowPolicy<T>,
  id: string,
): Promise<Date | undefined> {
  const row = await repo.findJobRow(deps.db, policy.table, id);
  if (!row || !['queued', 'processing'].includes(row.status) || !row.leaseUntil) return undefined;
  const until = new Date(row.leaseUntil);
  return until > deps.clock.now() ? until : undefined;
}

/**
 * Records the run's progress (`progress`: the feature's cursor and counts) and extends the lease. Call
 * it inside the transaction holding the work's writes: it throws LeaseLost when the claim is no longer
 * current, so the writes roll back and two runs never both advance.
 */
export async function advanceJobRow<T extends repo.JobRowTable>(
  trx: Executor,
  deps: Pick<Deps, 'clock'>,
  lease: Lease<T>,
  progress: repo.JobRowProgress<T> = {},
): Promise<void> {
  const now = deps.clock.now();
  const at = { now, leaseUntil: later(now, lease.policy.leaseMs) };
  if (!(await repo.renewJobRow(trx, lease.policy.table, lease, at, progress))) throw new LeaseLost(lease);
}

/** Extends the lease without progress (a long step); false when the claim is no longer current. */
export async function renewJobRowLease(deps: RowDeps, lease: Lease): Promise<boolean> {
  const now = deps.clock.now();
  return repo.renewJobRow(deps.db, lease.policy.table, lease, { now, leaseUntil: later(now, lease.policy.leaseMs) });
}

/**
 * Gives the row up unfinished because the process is stopping, and queues its run again in the same
 * transaction (`requeue`, with the feature's job key): another worker resumes it from the cursor at
 * once, instead of the sweep taking it back after two lease periods. The attempt stays counted.
 */
export async function handOverJobRow(
  deps: RowDeps,
  lease: Lease,
  requeue: (trx: Executor) => Promise<void>,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    if (await repo.renewJobRow(trx, lease.policy.table, lease, { now, leaseUntil: null })) await requeue(trx);
  });
}

/** Keeps the latest error of a run that will be retried (so a final failure can say why) and releases the row. */
export async function noteJobRowError(deps: RowDeps, lease: Lease, err: unknown): Promise<void> {
  const message = err instanceof Error ? err.message : String(err);
  await repo.noteJobRowError(deps.db, lease.policy.table, lease, message, deps.clock.now());
}

/** Ends the row completed or failed, only while `lease` is its current claim; false otherwise. */
export async function finishJobRow(
  deps: { db: Executor; clock: Deps['clock'] },
  lease: Lease,
  outcome: repo.JobOutcome,
): Promise<boolean> {
  return repo.finishJobRow(deps.db, lease.policy.table, lease.id, outcome, deps.clock.now(), lease);
}

/**
 * Ends the row whoever holds it (the work was called off, e.g. a campaign cancelled): the run holding
 * its lease fails its next advance with LeaseLost, so its uncommitted writes roll back. Call it in the
 * transaction that calls the work off. False when the row had ended already or does not exist.
 */
export async function endJobRow(
  deps: { db: Executor; clock: Deps['clock'] },
  table: repo.JobRowTable,
  id: string,
  outcome: repo.JobOutcome,
): Promise<boolean> {
  return repo.finishJobRow(deps.db, table, id, outcome, deps.clock.now());
}

const SWEEP_PAGE = 100;

/**
 * Takes back the policy's rows whose lease expired (or that sat unclaimed for two lease periods):
 * those out of runs are failed as interrupted too often, the others are handed to `requeue` (inside
 * the transaction that took them back, so enqueueing there is all or nothing). Returns the counts.
 */
export async function sweepJobRows<T extends repo.JobRowTable>(
  deps: Pick<Deps, 'db' | 'dialect' | 'clock'>,
  policy: JobRowPolicy<T>,
  requeue: (ids: string[], trx: Executor) => Promise<void>,
): Promise<{ requeued: number; failed: number }> {
  const out = { requeued: 0, failed: 0 };
  for (;;) {
    const now = deps.clock.now();
    const idleBefore = new Date(now.getTime() - 2 * policy.leaseMs);
    const taken = await deps.db.transaction().execute(async (trx) => {
      const rows = await repo.claimStaleJobRows(trx, deps.dialect, policy.table, {
        now,
        idleBefore,
        limit: SWEEP_PAGE,
      });
      const spent = rows.filter((r) => r.attempts >= policy.maxAttempts);
      const at = { now, maxAttempts: policy.maxAttempts };
      for (const r of spent) {
        await repo.failExhaustedJobRow(
          trx,
          policy.table,
          r.id,
          interruptedReason(policy.maxAttempts, r.failureReason),
          at,
        );
      }
      const again = rows.filter((r) => r.attempts < policy.maxAttempts).map((r) => r.id);
      if (again.length > 0) await requeue(again, trx);
      out.failed += spent.length;
      out.requeued += again.length;
      return rows.length;
    });
    if (taken < SWEEP_PAGE) return out;
  }
}
