/**
 * Short transactions started together run in one shared transaction, so they share its commit (on
 * SQLite a commit writes every touched page to the WAL; on PostgreSQL it is a round trip and a
 * flush). A work may also `defer` writes of a kind every work makes: `flush` writes all of the
 * transaction's at its end, in as few statements as it can. Batched by the one batcher
 * (lib/batcher.ts): should the shared transaction fail, nothing of it was written and each work runs
 * again in a transaction of its own, so only a failing one fails. A work must be safe to run twice
 * (it is, when its second run starts from what the database holds).
 */
import { allOk, type Batches, type BatchKind, batchKind } from '../lib/batcher.ts';
import type { Db, Trx } from './index.ts';

/** Work for one grouped transaction: `defer` hands over a write for the flush at its end. */
export type GroupedWork<D> = (trx: Trx, defer: (write: D) => void) => Promise<unknown>;

export type TransactionGroup<D> = <T>(work: (trx: Trx, defer: (write: D) => void) => Promise<T>) => Promise<T>;

/** Transactions per shared commit; more wait for the next turn, so one commit stays short. */
const MAX_GROUP = 100;

/** Declares a kind of grouped transaction on `context.db`, whose deferred writes `flush` writes. */
export function transactionGroupKind<D, C extends { db: Db }>(
  flush: (trx: Trx, writes: D[], context: C) => Promise<void>,
): BatchKind<C, GroupedWork<D>, unknown> {
  return batchKind((context: C) => {
    /** Runs the works in `trx`, then flushes what they deferred. */
    const runIn = async (trx: Trx, works: GroupedWork<D>[]) => {
      const deferred: D[] = [];
      const out: unknown[] = [];
      for (const work of works) out.push(await work(trx, (w) => deferred.push(w)));
      if (deferred.length > 0) await flush(trx, deferred, context);
      return out;
    };
    return {
      max: MAX_GROUP,
      group: async (works) => allOk(await context.db.transaction().execute((trx) => runIn(trx, works))),
      alone: async (work) => (await context.db.transaction().execute((trx) => runIn(trx, [work])))[0],
    };
  });
}

/** The process's transaction group of `kind` (in `context.batches`). */
export function transactionGroup<D, C extends { db: Db }>(
  kind: BatchKind<C, GroupedWork<D>, unknown>,
  context: C & { batches: Batches },
): TransactionGroup<D> {
  return <T>(work: (trx: Trx, defer: (write: D) => void) => Promise<T>) =>
    context.batches.add(kind, context, work) as Promise<T>;
}
