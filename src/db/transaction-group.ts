/**
 * Short transactions started in one turn of the event loop run in one shared transaction, so they
 * share its commit (on SQLite a commit writes every touched page to the WAL; on PostgreSQL it is a
 * round trip and a flush). Should the shared transaction fail (one of them threw, or the commit did),
 * nothing of it was written and each runs again in a transaction of its own, so only a failing one
 * fails. Every caller is answered after its commit: nobody acts on a write a crash could take back.
 * The work must be safe to run twice (it is, when its second run starts from what the database holds).
 */
import { type Outcome, tickBatch } from '../lib/tick-batch.ts';
import type { Db, Trx } from './index.ts';

/** Work for one grouped transaction. */
export type GroupedWork = (trx: Trx) => Promise<unknown>;

/** Transactions per shared commit; more wait for the next turn, so one commit stays short. */
const MAX_GROUP = 100;

export function transactionGroup(db: Db): <T>(work: (trx: Trx) => Promise<T>) => Promise<T> {
  const alone = async (work: GroupedWork): Promise<Outcome<unknown>> => {
    try {
      return { ok: true, value: await db.transaction().execute(work) };
    } catch (error) {
      return { ok: false, error };
    }
  };
  const run = tickBatch<GroupedWork, unknown>(
    async (works) => {
      if (works.length === 1) return [await alone(works[0]!)];
      try {
        const values = await db.transaction().execute(async (trx) => {
          const out: unknown[] = [];
          for (const work of works) out.push(await work(trx));
          return out;
        });
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
  return <T>(work: (trx: Trx) => Promise<T>) => run(work) as Promise<T>;
}
