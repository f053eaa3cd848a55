/**
 * Short transactions started in one turn of the event loop run as savepoints of one shared
 * transaction, so they share its commit (on SQLite a commit writes every touched page of the WAL, on
 * PostgreSQL it is a round trip and a flush). Each runs in its own savepoint: one that throws rolls
 * back alone and its caller gets its error; every caller is answered only after the commit, so nobody
 * acts on a write that a crash could still take back.
 */
import { sql } from 'kysely';
import { type Outcome, tickBatch } from '../lib/tick-batch.ts';
import type { Db, Trx } from './index.ts';

/** Work for one grouped transaction. */
export type GroupedWork = (trx: Trx) => Promise<unknown>;

/** Transactions per shared commit; more wait for the next turn, so one commit stays short. */
const MAX_GROUP = 100;

export function transactionGroup(db: Db): <T>(work: (trx: Trx) => Promise<T>) => Promise<T> {
  const run = tickBatch<GroupedWork, unknown>(
    (works) =>
      db.transaction().execute(async (trx) => {
        const outcomes: Outcome<unknown>[] = [];
        for (const work of works) {
          await sql`savepoint grouped`.execute(trx);
          try {
            outcomes.push({ ok: true, value: await work(trx) });
            await sql`release savepoint grouped`.execute(trx);
          } catch (error) {
            await sql`rollback to savepoint grouped`.execute(trx);
            await sql`release savepoint grouped`.execute(trx);
            outcomes.push({ ok: false, error });
          }
        }
        return outcomes;
      }),
    { max: MAX_GROUP },
  );
  return <T>(work: (trx: Trx) => Promise<T>) => run(work) as Promise<T>;
}
