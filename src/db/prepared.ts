/**
 * Compile-once queries for the hottest path (the API-key lookup runs on every request). Kysely builds,
 * compiles, locks a connection and transforms results on every call; here the SQL is compiled once
 * per database and run straight on the driver (a cached better-sqlite3 statement, or a named pg
 * prepared statement), with only result keys camel-cased. Inside a transaction, or on a database
 * opened some other way, it falls back to Kysely's executor.
 */
import { createHash } from 'node:crypto';
import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './index.ts';

/** Runs compiled SQL directly on the driver of one database. */
export type RawRunner = (sql: string, parameters: readonly unknown[]) => Promise<Record<string, unknown>[]>;

const runners = new WeakMap<object, RawRunner>();

/** Called by openDatabase: lets prepared queries on `db` skip Kysely's executor. */
export function registerRawRunner(db: Db, runner: RawRunner): void {
  runners.set(db, runner);
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

/** Returns a function running `build(placeholder)` compiled once, with the placeholder swapped for the value. */
export function preparedQuery<R>(db: Db, build: (param: string) => Compilable<R>): (param: string) => Promise<R[]> {
  let compiled: CompiledQuery<R> | undefined;
  let index = -1;
  return async (param: string): Promise<R[]> => {
    if (!compiled) {
      compiled = build(PLACEHOLDER).compile();
      index = compiled.parameters.indexOf(PLACEHOLDER);
      if (index < 0) throw new Error('preparedQuery: the builder did not use its parameter');
    }
    const parameters = [...compiled.parameters];
    parameters[index] = param;
    const raw = runners.get(db);
    if (raw) return (await raw(compiled.sql, parameters)).map(camelKeys) as R[];
    return (await db.executeQuery<R>({ ...compiled, parameters })).rows;
  };
}
