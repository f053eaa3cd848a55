/**
 * The engine's run: claims due executions in batches under a lease, runs them concurrently (a slow
 * webhook holds up only its own execution), and renews the batch's leases while it works. Nothing
 * waits in memory: a DELAY or a WAIT_FOR_EVENT is an execution row with a due time, found again by
 * the next claim after any restart, so 10,000 waiting contacts cost rows, not timers.
 */
import { transactionGroup, transactionGroupKind } from '../../db/transaction-group.ts';
import type { Deps } from '../../deps.ts';
import { LeaseLost } from '../../jobs/job-rows.ts';
import { newId } from '../../lib/ids.ts';
import { type DeferredMove, flushMoves, runExecution } from './execute.ts';
import { claimDueExecutions, renewLeases } from './executions.repo.ts';
import { graphLoader } from './graph.ts';

/** Runs `fn` over `items` with at most `limit` in flight. */
async function inPool<T>(items: T[], limit: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

const moves = transactionGroupKind<DeferredMove, Pick<Deps, 'db' | 'dialect' | 'clock'>>((trx, writes, deps) =>
  flushMoves(trx, deps, writes),
);
/** The process's transaction group (in deps.batches): executions' moves flushed together. */
const groupOf = (deps: Deps) => transactionGroup(moves, deps);

/** A per-batch memo: what every execution of a batch reads alike (a project's filter environment, a step's template) is read once. */
function batchMemo() {
  const values = new Map<string, Promise<unknown>>();
  return <T>(key: string, load: () => Promise<T>): Promise<T> => {
    let hit = values.get(key) as Promise<T> | undefined;
    if (!hit) {
      hit = load();
      values.set(key, hit);
    }
    return hit;
  };
}

/**
 * Runs due executions until none is due, `budgetMs` has passed or `signal` aborts (the process stops:
 * the batch in hand finishes, the rest waits for the next run); returns how many were claimed.
 * Graphs and filter environments are read once per batch, so an edit is seen by the next batch.
 */
export async function runDueExecutions(
  deps: Deps,
  budgetMs: number,
  signal?: AbortSignal,
): Promise<{ claimed: number }> {
  const started = Date.now();
  let claimed = 0;
  while (Date.now() - started < budgetMs && !signal?.aborted) {
    const now = deps.clock.now();
    const leaseUntil = new Date(now.getTime() + deps.config.workflowLeaseMs);
    const token = newId();
    const rows = await claimDueExecutions(deps.db, deps.dialect, {
      now,
      leaseUntil,
      token,
      limit: deps.config.workflowBatchSize,
    });
    if (rows.length === 0) break;
    claimed += rows.length;
    const more = rows.length === deps.config.workflowBatchSize;
    const graphOf = graphLoader(deps);
    const transaction = groupOf(deps);
    const once = batchMemo();
    const pending = new Set(rows.map((r) => r.id));
    const lease = { until: leaseUntil };
    const renew = setInterval(() => {
      const until = new Date(deps.clock.now().getTime() + deps.config.workflowLeaseMs);
      renewLeases(deps.db, [...pending], token, until)
        .then(() => {
          lease.until = until;
        })
        .catch((err) => deps.log.warn({ err }, 'lease renewal failed'));
    }, deps.config.workflowLeaseMs / 3);
    try {
      await inPool(rows, deps.config.workflowConcurrency, async (row) => {
        try {
          await runExecution(deps, { row, claim: { id: row.id, token }, lease, graphOf, once, transaction });
        } catch (err) {
          // Cancelled, deleted or taken over meanwhile: its uncommitted step rolled back; nothing to do.
          if (!(err instanceof LeaseLost))
            deps.log.error({ err, executionId: row.id }, 'workflow execution run failed');
        } finally {
          pending.delete(row.id);
        }
      });
    } finally {
      clearInterval(renew);
    }
    // A batch short of full took everything due: executions made due since wake the run again.
    if (!more) break;
  }
  return { claimed };
}
