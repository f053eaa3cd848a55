/**
 * Compile-once queries for the hottest path (the API-key lookup runs on every request). Kysely builds,
 * compiles, locks a connection and transforms results on every call; here the SQL is compiled once
 * per database and run straight on the driver (a cached better-sqlite3 statement, or a named pg
 * prepared statement), with only result keys camel-cased. Inside a transaction, or on a database
 * opened some other way, it falls back to Kysely's executor.
 */
import { createHash } from 'node:crypto';
import type { Compilable, CompiledQuery } from 'kysely';
import type { DialectSql } from './dialect.ts';
import type { Db, Executor } from './types.ts';

/** Runs compiled SQL directly on the driver of one database. */
export type RawRunner = (sql: string, parameters: readonly unknown[]) => Promise<Record<string, unknown>[]>;

// The driver-level runners of each open database, registered by openDatabase: connection-scoped,
// they go with the database they belong to.
const runners = new WeakMap<object, RawRunner>();
const writers = new WeakMap<object, RawRunner>();

/**
 * Called by openDatabase: lets prepared reads on `db` skip Kysely's executor and, with `writer`,
 * compile-once writes outside transactions too (PostgreSQL's pool as named statements; SQLite's
 * group committer, which takes Kysely's connection lock so a write never lands inside another
 * request's open transaction).
 */
export function registerRawRunner(db: Db, runner: RawRunner, writer?: RawRunner): void {
  runners.set(db, runner);
  if (writer) writers.set(db, writer);
}

/** A pg prepared-statement name for a SQL text (stable, so each pooled connection prepares it once). */
export function statementName(sql: string): string {
  return `mw_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
}

const PLACEHOLDER = '\u0000prepared-parameter\u0000';

function camelKeys(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in row) out[key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())] = row[key];
  return out;
}

/**
 * Returns a function running `build(db, placeholder)` compiled once per database (its dialect's SQL,
 * cached by the connection it was compiled for), with the placeholder swapped for the value.
 */
export function preparedQuery<R>(
  build: (db: Db, param: string) => Compilable<R>,
): (db: Db, param: string) => Promise<R[]> {
  const compiled = new WeakMap<Db, { query: CompiledQuery<R>; index: number }>();
  return async (db, param) => {
    let c = compiled.get(db);
    if (!c) {
      const query = build(db, PLACEHOLDER).compile();
      const index = query.parameters.indexOf(PLACEHOLDER);
      if (index < 0) throw new Error('preparedQuery: the builder did not use its parameter');
      c = { query, index };
      compiled.set(db, c);
    }
    const parameters = [...c.query.parameters];
    parameters[c.index] = param;
    const raw = runners.get(db);
    if (raw) return (await raw(c.query.sql, parameters)).map(camelKeys) as R[];
    return (await db.executeQuery<R>({ ...c.query, parameters })).rows;
  };
}

/** Marks where a named value goes in a statement built once (see templateQuery). */
const SLOT = (name: string) => `\u0000slot:${name}\u0000`;

/**
 * A write or read built and compiled once per dialect, then run with fresh values: for statements on
 * every request, where building and compiling through Kysely costs more than running them. `build`
 * gets `slot(name)` to use in place of each value; a value it derives (a JSON text) must be computed
 * by the caller and passed under its own name. On the root database it runs on the registered writer
 * (see registerRawRunner); inside a transaction, through Kysely's executor like any query.
 */
export function templateQuery<N extends string, R>(
  build: (db: Executor, slot: (name: N) => string, dialect: DialectSql) => Compilable<R>,
): (db: Executor, dialect: DialectSql, values: Record<N, unknown>) => Promise<R[]> {
  const compiled = new Map<string, { query: CompiledQuery<R>; names: (N | undefined)[] }>();
  return async (db, dialect, values) => {
    let c = compiled.get(dialect.kind);
    if (!c) {
      const query = build(db, SLOT as (name: N) => string, dialect).compile();
      const names = query.parameters.map((p) =>
        typeof p === 'string' && p.startsWith('\u0000slot:') ? (p.slice(6, -1) as N) : undefined,
      );
      c = { query, names };
      compiled.set(dialect.kind, c);
    }
    const { query, names } = c;
    const parameters = query.parameters.map((p, i) => {
      const name = names[i];
      return name === undefined ? p : dialect.toDriver(values[name]);
    });
    return runCompiled(db, { ...query, parameters });
  };
}

/**
 * Runs compiled SQL on the root database's registered writer (a named, once-parsed statement on
 * PostgreSQL; SQLite's group committer), or through Kysely's executor inside a transaction.
 */
export async function runCompiled<R>(db: Executor, query: CompiledQuery<R>): Promise<R[]> {
  const raw = writers.get(db);
  if (raw) return (await raw(query.sql, query.parameters)).map(camelKeys) as R[];
  return (await db.executeQuery<R>(query)).rows;
}
