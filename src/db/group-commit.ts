/**
 * Group commit for SQLite's one writer connection. A commit costs more than the statement it commits
 * (WAL frames for every page touched, the counter trigger's page included), so single-statement
 * writes made outside a transaction (the contact upsert of POST /contacts) that arrive in the same
 * turn of the event loop share one transaction. Each runs in its own savepoint, so one failing rolls
 * back alone and its caller gets its error; every caller is answered only after the commit, so no
 * caller sees a write acknowledged that a crash could take back.
 */
import type { Kysely } from 'kysely';
import type { RawRunner } from './prepared.ts';

interface Pending {
  sql: string;
  parameters: readonly unknown[];
  resolve(rows: Record<string, unknown>[]): void;
  reject(err: unknown): void;
}

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
  let queue: Pending[] = [];
  let scheduled = false;

  const runOne = (p: Pending) => {
    const stmt = writer.prepare(p.sql);
    if (stmt.reader) return stmt.all(...p.parameters) as Record<string, unknown>[];
    stmt.run(...p.parameters);
    return [];
  };

  const runGroup = (group: Pending[]) => {
    if (group.length === 1) {
      const p = group[0]!;
      try {
        p.resolve(runOne(p));
      } catch (err) {
        p.reject(err);
      }
      return;
    }
    const outcomes: ({ rows: Record<string, unknown>[] } | { error: unknown })[] = [];
    writer.prepare('begin immediate').run();
    try {
      for (const p of group) {
        writer.prepare('savepoint grouped').run();
        try {
          outcomes.push({ rows: runOne(p) });
          writer.prepare('release grouped').run();
        } catch (error) {
          writer.prepare('rollback to grouped').run();
          writer.prepare('release grouped').run();
          outcomes.push({ error });
        }
      }
      writer.prepare('commit').run();
    } catch (err) {
      if (writer.inTransaction) writer.prepare('rollback').run();
      for (const p of group) p.reject(err);
      return;
    }
    group.forEach((p, i) => {
      const o = outcomes[i]!;
      if ('rows' in o) p.resolve(o.rows);
      else p.reject(o.error);
    });
  };

  const flush = async () => {
    scheduled = false;
    const group = queue.slice(0, MAX_GROUP);
    queue = queue.slice(MAX_GROUP);
    if (queue.length > 0) schedule();
    try {
      // Holding Kysely's lock: no other transaction is open on the writer while the group runs.
      await db.connection().execute(async () => runGroup(group));
    } catch (err) {
      for (const p of group) p.reject(err);
    }
  };

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };

  return (sql, parameters) =>
    new Promise((resolve, reject) => {
      queue.push({ sql, parameters, resolve, reject });
      schedule();
    });
}
