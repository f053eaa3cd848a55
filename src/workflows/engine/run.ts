/**
 * The engine's run: claims due executions in batches under a lease, runs them concurrently (a slow
 * webhook holds up only its own execution), and renews the batch's leases while it works. Nothing
 * waits in memory: a DELAY or a WAIT_FOR_EVENT is an execution row with a due time, found again by
 * the next claim after any restart, so 10,000 waiting contacts cost rows, not timers.
 */
import type { Db } from '../../db/index.ts';
import { type TransactionGroup, transactionGroup } from '../../db/transaction-group.ts';
import type { Deps } from '../../deps.ts';
import { LeaseLost } from '../../jobs/job-rows.ts';
import { newId } from '../../lib/ids.ts';
import { loadFilterEnv } from '../../segments/audience.ts';
import type { FilterEnv } from '../../segments/filters/tree.ts';
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

const groups = new WeakMap<Db, TransactionGroup<DeferredMove>>();
/** The process's transaction group on its database: executions' moves flushed together. */
function groupOf(deps: Pick<Deps, 'db' | 'dialect'>) {
  let group = groups.get(deps.db);
  if (!group) {
    group = transactionGroup<DeferredMove>(deps.db, (trx, writes) => flushMoves(trx, deps.dialect, writes));
    groups.set(deps.db, group);
  }
  return group;
}

/** Per-run memo of each project's filter environment (field types and segments). */
function envLoader(deps: Pick<Deps, 'reader' | 'clock'>) {
  const envs = new Map<string, Promise<FilterEnv>>();
  return (projectId: string) => {
    let hit = envs.get(projectId);
    if (!hit) {
      hit = loadFilterEnv(deps, projectId);
      envs.set(projectId, hit);
    }
    return hit;
  };
}

/**
 * Runs due executions until none is due or `budgetMs` has passed; returns how many were claimed.
 * Graphs and filter environments are read once per batch, so an edit is seen by the next batch.
 */
export async function runDueExecutions(deps: Deps, budgetMs: number): Promise<{ claimed: number }> {
  const started = Date.now();
  let claimed = 0;
  while (Date.now() - started < budgetMs) {
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
    const envOf = envLoader(deps);
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
          await runExecution(deps, { row, claim: { id: row.id, token }, lease, graphOf, envOf, transaction });
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
