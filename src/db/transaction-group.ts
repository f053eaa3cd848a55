/**
 * Short transactions started in one turn of the event loop run in one shared transaction, so they
 * share its commit (on SQLite a commit writes every touched page to the WAL; on PostgreSQL it is a
 * round trip and a flush). A work may also `defer` writes of a kind every work makes: `flush` writes
 * all of the transaction's at its end, in as few statements as it can. Should the shared transaction
 * fail (a work or the flush threw, or the commit did), nothing of it was written and each work runs
 * again in a transaction of its own, so only a failing one fails. Every caller is answered after its
 * commit: nobody acts on a write a crash could take back. A work must be safe to run twice (it is,
 * when its second run starts from what the database holds).
 */
import { type Outcome, tickBatch } from '../lib/tick-batch.ts';
import type { Db, Trx } from './index.ts';

/** Work for one grouped transaction: `defer` hands over a write for the flush at its end. */
export type GroupedWork<D> = (trx: Trx, defer: (write: D) => void) => Promise<unknown>;

export type TransactionGroup<D> = <T>(work: (trx: Trx, defer: (write: D) => void) => Promise<T>) => Promise<T>;

/** Transactions per shared commit; more wait for the next turn, so one commit stays short. */
const MAX_GROUP = 100;

export function transactionGroup<D>(db: Db, flush: (trx: Trx, writes: D[]) => Promise<void>): TransactionGroup<D> {
  /** Runs the works in `trx`, then flushes what they deferred. */
  const runIn = async (trx: Trx, works: GroupedWork<D>[]) => {
    const deferred: D[] = [];
    const out: unknown[] = [];
    for (const work of works) out.push(await work(trx, (w) => deferred.push(w)));
    if (deferred.length > 0) await flush(trx, deferred);
    return out;
  };
  const alone = async (work: GroupedWork<D>): Promise<Outcome<unknown>> => {
    try {
      const [value] = await db.transaction().execute((trx) => runIn(trx, [work]));
      return { ok: true, value };
    } catch (error) {
      return { ok: false, error };
    }
  };
  const run = tickBatch<GroupedWork<D>, unknown>(
    async (works) => {
      if (works.length === 1) return [await alone(works[0]!)];
      try {
        const values = await db.transaction().execute((trx) => runIn(trx, works));
        return values.map((value) => ({ ok: true, value }));
      } catch {
        // The group rolled back whole: each runs again by itself.
        const outcomes: Outcome<unknown>[] = [];
        for (const work of works) outcomes.push(await alone(work));
        return outcomes;
      }
    },
    { max: MAX_GROUP },
  );
  return <T>(work: (trx: Trx, defer: (write: D) => void) => Promise<T>) => run(work) as Promise<T>;
}
