/**
 * Group commit for SQLite's one writer connection. A commit costs more than the statement it commits
 * (WAL frames for every page touched, the counter trigger's page included), so single-statement
 * writes made outside a transaction (the contact upsert of POST /contacts) that arrive in the same
 * turn of the event loop share one transaction, batched by lib/batcher.ts: should a statement fail,
 * the group rolls back and each statement runs again by itself, so only the failing one's caller gets
 * an error. Every caller is answered only after the commit, so no caller sees a write acknowledged
 * that a crash could take back.
 */
import type { Kysely } from 'kysely';
import { allOk, batcher } from '../lib/batcher.ts';
import type { RawRunner } from './prepared.ts';

interface Write {
  sql: string;
  parameters: readonly unknown[];
}

type Rows = Record<string, unknown>[];

interface Statement {
  reader: boolean;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): unknown;
}

/** The writer connection as this module needs it: prepared statements (cached) and the transaction flag. */
export interface WriterConnection {
  prepare(sql: string): Statement;
  readonly inTransaction: boolean;
}

/** Statements per shared transaction; more wait for the next turn, so one commit stays short. */
const MAX_GROUP = 256;

/**
 * A RawRunner for compile-once writes on `db` (SQLite). It takes Kysely's connection lock for each
 * group and each lone statement, so a write never lands inside another caller's open transaction on
 * the same connection.
 */
export function groupCommitRunner<DB>(db: Kysely<DB>, writer: WriterConnection): RawRunner {
  const runOne = (w: Write): Rows => {
    const stmt = writer.prepare(w.sql);
    if (stmt.reader) return stmt.all(...w.parameters) as Rows;
    stmt.run(...w.parameters);
    return [];
  };

  const runGroup = (group: Write[]): Rows[] => {
    writer.prepare('begin immediate').run();
    try {
      const out = group.map(runOne);
      writer.prepare('commit').run();
      return out;
    } catch (err) {
      if (writer.inTransaction) writer.prepare('rollback').run();
      throw err;
    }
  };

  // Holding Kysely's lock: no other transaction is open on the writer while a group or a statement runs.
  const locked = <T>(fn: () => T) => db.connection().execute(async () => fn());
  const grouped = batcher<Write, Rows>({
    max: MAX_GROUP,
    group: async (group) => allOk(await locked(() => runGroup(group))),
    alone: (w) => locked(() => runOne(w)),
  });
  return (sql, parameters) => grouped({ sql, parameters });
}
