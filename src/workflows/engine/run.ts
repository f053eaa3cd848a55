/**
 * The engine's run: claims due executions in batches under a lease, runs them concurrently (a slow
 * webhook holds up only its own execution), and renews the batch's leases while it works. Nothing
 * waits in memory: a DELAY or a WAIT_FOR_EVENT is an execution row with a due time, found again by
 * the next claim after any restart, so 10,000 waiting contacts cost rows, not timers.
 */
import { transactionGroup, transactionGroupKind } from '../../db/transaction-group.ts';
import type { Deps } from '../../deps.ts';
import { renewClaimedRows } from '../../jobs/due-rows.repo.ts';
import { type BatchLease, type DueRowsKind, workDueRows } from '../../jobs/due-rows.ts';
import { LeaseLost } from '../../jobs/job-rows.ts';
import { type DeferredMove, flushMoves, runExecution } from './execute.ts';
import { claimDueExecutions, EXECUTIONS, type ExecutionRow } from './executions.repo.ts';
import { graphLoader } from './graph.ts';

const moves = transactionGroupKind<DeferredMove, Pick<Deps, 'db' | 'dialect' | 'clock' | 'deliveryWaker' | 'webhooks'>>(
  (trx, writes, deps) => flushMoves(trx, deps, writes),
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

/** What a claimed batch of executions shares. */
interface ExecutionBatch {
  token: string;
  lease: BatchLease;
  graphOf: ReturnType<typeof graphLoader>;
  once: ReturnType<typeof batchMemo>;
  transaction: ReturnType<typeof groupOf>;
}

/** Executions as due rows: claimed with a token that fences every move of the batch. */
function executionRows(deps: Deps): DueRowsKind<ExecutionRow, ExecutionBatch> {
  return {
    leaseMs: deps.config.workflowLeaseMs,
    batchSize: deps.config.workflowBatchSize,
    concurrency: deps.config.workflowConcurrency,
    // A batch short of full took everything due: executions made due since wake the run again.
    stopWhenShort: true,
    claim: (c) => claimDueExecutions(deps.db, deps.dialect, c),
    renew: (rows, claim, until) =>
      renewClaimedRows(deps.db, deps.dialect, EXECUTIONS, { ids: rows.map((r) => r.id), token: claim.token, until }),
    // Graphs and filter environments are read once per batch, so an edit is seen by the next batch.
    begin: async (rows, claim, lease) => ({
      rows,
      batch: { token: claim.token, lease, graphOf: graphLoader(deps), once: batchMemo(), transaction: groupOf(deps) },
    }),
    async work(row, b) {
      try {
        const claim = { id: row.id, token: b.token };
        await runExecution(deps, {
          row,
          claim,
          lease: b.lease,
          graphOf: b.graphOf,
          once: b.once,
          transaction: b.transaction,
        });
        return true;
      } catch (err) {
        // Cancelled, deleted or taken over meanwhile: its uncommitted step rolled back; nothing to do.
        if (!(err instanceof LeaseLost)) deps.log.error({ err, executionId: row.id }, 'workflow execution run failed');
        return false;
      }
    },
  };
}

/**
 * Runs due executions until none is due, `budgetMs` has passed or `signal` aborts (the process stops:
 * the batch in hand finishes, the rest waits for the next run); returns how many were claimed.
 */
export async function runDueExecutions(
  deps: Deps,
  budgetMs: number,
  signal?: AbortSignal,
): Promise<{ claimed: number }> {
  const r = await workDueRows(deps, executionRows(deps), budgetMs, signal);
  return { claimed: r.claimed };
}
