/**
 * Group commit for SQLite's one writer connection. A commit costs more than the statement it commits
 * (WAL frames for every page touched, the counter trigger's page included), so single-statement
 * writes made outside a transaction (the contact upsert of POST /contacts) that arrive in the same
 * turn of the event loop share one transaction. Each runs in its own savepoint, so one failing rolls
 * back alone and its caller gets its error; every caller is answered only after the commit, so no
 * caller sees a write acknowledged that a crash could take back.
 */
import type { Kysely } from 'kysely';
import { type Outcome, tickBatch } from '../lib/tick-batch.ts';
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
 * group, so a group never lands inside another caller's open transaction on the same connection.
 */
export function groupCommitRunner<DB>(db: Kysely<DB>, writer: WriterConnection): RawRunner {
  const runOne = (w: Write): Rows => {
    const stmt = writer.prepare(w.sql);
    if (stmt.reader) return stmt.all(...w.parameters) as Rows;
    stmt.run(...w.parameters);
    return [];
  };
  const attempt = (w: Write): Outcome<Rows> => {
    try {
      return { ok: true, value: runOne(w) };
    } catch (error) {
      return { ok: false, error };
    }
  };

  const runGroup = (group: Write[]): Outcome<Rows>[] => {
    if (group.length === 1) return [attempt(group[0]!)];
    const outcomes: Outcome<Rows>[] = [];
    writer.prepare('begin immediate').run();
    try {
      for (const w of group) {
        writer.prepare('savepoint grouped').run();
        const o = attempt(w);
        if (!o.ok) writer.prepare('rollback to grouped').run();
        writer.prepare('release grouped').run();
        outcomes.push(o);
      }
      writer.prepare('commit').run();
    } catch (err) {
      if (writer.inTransaction) writer.prepare('rollback').run();
      throw err;
    }
    return outcomes;
  };

  // Holding Kysely's lock: no other transaction is open on the writer while the group runs.
  const grouped = tickBatch<Write, Rows>((group) => db.connection().execute(async () => runGroup(group)), {
    max: MAX_GROUP,
  });
  return (sql, parameters) => grouped({ sql, parameters });
}
