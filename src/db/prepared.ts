/**
 * Compile-once queries for the hottest paths (API-key lookup runs on every request). Kysely builds
 * and compiles a query on each call; here the SQL is compiled once per database and only one
 * parameter changes. Result plugins (camelCase) still apply.
 */
import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './index.ts';

const PLACEHOLDER = '\u0000prepared-parameter\u0000';

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
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}
