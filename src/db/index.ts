/** Opens the database named by the configuration: SQLite (WAL) embedded, or a PostgreSQL pool. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { startCheckpointer } from './checkpointer.ts';
import { type DialectSql, dialectFor, SqliteValuesPlugin } from './dialect.ts';
import { withFirstWriteHooks } from './first-write.ts';
import { groupCommitRunner } from './group-commit.ts';
import { registerRawRunner, statementName } from './prepared.ts';
import type { Database } from './schema.ts';
import type { Db } from './types.ts';

export type { Db, Executor, Trx } from './types.ts';

/**
 * Column names map to camelCase, but the keys inside JSON values must come back as they were written:
 * PostgreSQL hands jsonb over parsed, and the plugin would otherwise rename `first_name` to `firstName`.
 */
const CAMEL_CASE = { maintainNestedObjectKeys: true };

export interface DatabaseHandle {
  /** Writes and transactions (SQLite: the one writer connection). */
  db: Db;
  /**
   * Reads outside a transaction. On SQLite a read-only connection of its own, so a read never waits
   * behind another request's open transaction and never sees its uncommitted rows; on PostgreSQL the
   * same pool as `db`.
   */
  reader: Db;
  dialect: DialectSql;
  /** The pg pool on PostgreSQL (Graphile Worker shares it); undefined on SQLite. */
  pgPool?: pg.Pool;
  close(): Promise<void>;
}

/** Opens the configured database. The caller runs migrations (see migrate.ts). */
export function openDatabase(
  config: Pick<Config, 'databaseKind' | 'databaseUrl' | 'sqlitePath'> & { pgPoolSize?: number },
): DatabaseHandle {
  const dialect = dialectFor(config.databaseKind);
  if (config.databaseKind === 'postgres') {
    const pgPool = createPgPool(config.databaseUrl!, config.pgPoolSize);
    const db = new Kysely<Database>({
      dialect: withFirstWriteHooks(new PostgresDialect({ pool: pgPool })),
      plugins: [new CamelCasePlugin(CAMEL_CASE)],
    });
    // Named statements: each pooled connection parses the hot queries once.
    const named = async (text: string, values: readonly unknown[]) => {
      const r = await pgPool.query({ name: statementName(text), text, values: values as unknown[] });
      return r.rows;
    };
    registerRawRunner(db, named, named);
    return { db, reader: db, dialect, pgPool, close: () => db.destroy() };
  }
  return openSqlite(config.sqlitePath!, dialect);
}

/**
 * SQLite in WAL: one writer connection (Kysely serialises its users, transactions included) and two
 * read-only connections: one behind the `reader` Kysely instance, one for compiled hot reads
 * (prepared.ts), which run synchronously and so need no lock but must not meet a streaming read.
 * Compile-once writes outside transactions share commits (group-commit.ts).
 */
function openSqlite(file: string, dialect: DialectSql): DatabaseHandle {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Checkpoints run on a thread of their own (checkpointer.ts), not inside the writer's commits.
  sqlite.pragma('wal_autocheckpoint = 0');
  const checkpointer = startCheckpointer(file, (err) => {
    sqlite.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
    process.emitWarning(`SQLite checkpoints are back in the writer's commits: ${err.message}`);
  });
  const kysely = (database: ReturnType<typeof withStatementCache>) =>
    new Kysely<Database>({
      // The reader never writes, so the hooks only ever act on the writer.
      dialect: withFirstWriteHooks(new SqliteDialect({ database })),
      plugins: [new SqliteValuesPlugin(), new CamelCasePlugin(CAMEL_CASE)],
    });
  const openReader = () => {
    const r = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    r.pragma('busy_timeout = 5000');
    return withStatementCache(r);
  };
  const writer = withStatementCache(sqlite);
  const db = kysely(writer);
  const reader = kysely(openReader());
  const raw = openReader();
  const grouped = groupCommitRunner(db, {
    prepare: (text) => writer.prepare(text),
    get inTransaction() {
      return sqlite.inTransaction;
    },
  });
  registerRawRunner(db, async (text, params) => raw.prepare(text).all(params) as Record<string, unknown>[], grouped);
  return {
    db,
    reader,
    dialect,
    async close() {
      await checkpointer.stop();
      await reader.destroy();
      raw.close();
      await db.destroy();
    },
  };
}

const STATEMENT_CACHE_SIZE = 500;

/** SQLite's default: the writer checkpoints itself once the WAL passes this many pages. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

/**
 * Kysely prepares every query anew, and preparing costs more than running a small query. This keeps
 * the most recent prepared statements by SQL text; a statement still busy (a streaming read) is never
 * handed out twice.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): {
  close(): void;
  prepare(sql: string): SqliteDatabase.Statement;
} {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const hit = cache.get(sql);
      if (hit && !hit.busy) {
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const stmt = sqlite.prepare(sql);
      if (!hit) {
        cache.set(sql, stmt);
        if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      return stmt;
    },
  };
}

const TIMESTAMPTZ = 1184;
const TIMESTAMP = 1114;
const INT8 = 20;
const NUMERIC = 1700;

/** A pool whose timestamps read back as ISO strings and whose counts read back as numbers, as on SQLite. */
export function createPgPool(connectionString: string, max = 10): pg.Pool {
  const iso = (v: string) => new Date(v.endsWith('Z') || /[+-]\d\d(:?\d\d)?$/.test(v) ? v : `${v}Z`).toISOString();
  const parsers: Record<number, (v: string) => unknown> = {
    [TIMESTAMPTZ]: iso,
    [TIMESTAMP]: iso,
    [INT8]: (v) => Number.parseInt(v, 10),
    [NUMERIC]: (v) => Number.parseFloat(v),
  };
  const pool = new pg.Pool({
    connectionString,
    max,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        parsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server ends (a restart, a terminated backend, a dropped database) is an
  // 'error' on the pool, which would crash the process with no listener; the pool replaces it anyway.
  // The service adds a listener that logs it (deps.ts).
  pool.on('error', () => {});
  return pool;
}
