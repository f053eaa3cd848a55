/** JSON fragments over a JSON column, per database (DialectSql.json). */
import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * JSON operations on a column given by reference (`'contacts.data'`). A path is a list of object
 * keys (`['profile', 'tier']`); SQLite addresses it as `$."profile"."tier"`, so callers must refuse keys
 * containing a double quote before building a path.
 */
export interface JsonSql {
  /** The value at `path` as JSON text (`"gold"`, `3`, `true`), or SQL null when the key is absent. */
  extract(column: string, path: string[]): RawBuilder<string | null>;
  /** True when the value at `path` is present and not JSON null; `source` is a column reference or a JSON expression (`document`). */
  has(source: string | RawBuilder<unknown>, path: string[]): RawBuilder<SqlBool>;
  /** A JSON object bound as one parameter, readable by `has` and FilterSql.over like a JSON column. */
  document(value: Record<string, unknown>): RawBuilder<unknown>;
  /** The column's object without the key at `path`. */
  remove(column: string, path: string[]): RawBuilder<string>;
  /** The column's object with the top-level keys of `set` replaced whole (objects included) and `remove` dropped. */
  patch(column: string, set: Record<string, unknown>, remove: string[]): RawBuilder<string>;
  /** `patch` split for compile-once statements: the two bound values it needs, and the SQL taking them. */
  patchValues(set: Record<string, unknown>, remove: string[]): [unknown, unknown];
  patchWith(column: string, first: unknown, second: unknown): RawBuilder<string>;
  /** Top-level merge of another JSON object column into this one; for objects whose values are primitives. */
  merge(column: string, other: string): RawBuilder<string>;
  /**
   * The column's object of counts (key → integer) with `add` added key by key (a missing key counts
   * from 0). Computed in the statement, so concurrent updates of one row each add their own.
   */
  addCounts(column: string, add: Record<string, number>): RawBuilder<string>;
}

/** A SQLite JSON path with every key quoted, so keys with dots, spaces or brackets stay one step. */
function sqlitePath(path: string[]): string {
  return `$${path.map((k) => `."${k}"`).join('')}`;
}

/** A column given by reference (`'contacts.data'`, quoted as an identifier) or a JSON expression as it is. */
const jsonSource = (source: string | RawBuilder<unknown>) => (typeof source === 'string' ? sql.ref(source) : source);

export const sqliteJson: JsonSql = {
  extract: (column, path) => sql<string | null>`(${sql.ref(column)} -> ${sqlitePath(path)})`,
  // json_extract gives SQL null both for an absent key and for a JSON null.
  has: (source, path) => sql<SqlBool>`(json_extract(${jsonSource(source)}, ${sqlitePath(path)}) is not null)`,
  // JSON text through json(): the bound text is read as JSON, never compared as a string.
  document: (value) => sql`json(${JSON.stringify(value)})`,
  remove: (column, path) => sql<string>`json_remove(${sql.ref(column)}, ${sqlitePath(path)})`,
  // json_patch (RFC 7396) merges nested objects and treats null as "delete", so the first pass nulls
  // every key being written or removed; the second writes the new values whole. No paths: any key works.
  patch: (column, set, remove) => sqliteJson.patchWith(column, ...sqliteJson.patchValues(set, remove)),
  patchValues: (set, remove) => [
    JSON.stringify(Object.fromEntries([...Object.keys(set), ...remove].map((k) => [k, null]))),
    JSON.stringify(set),
  ],
  patchWith: (column, clear, set) => sql<string>`json_patch(json_patch(${sql.ref(column)}, ${clear}), ${set})`,
  merge: (column, other) => sql<string>`json_patch(${sql.ref(column)}, ${sql.ref(other)})`,
  addCounts: (column, add) => sql<string>`(select json_group_object(key, n) from (
    select key, sum(value) as n from (
      select key, value from json_each(${sql.ref(column)}) union all select key, value from json_each(${JSON.stringify(add)})
    ) group by key))`,
};

export const postgresJson: JsonSql = {
  extract: (column, path) => sql<string | null>`((${sql.ref(column)} #> ${path}::text[])::text)`,
  // #>> yields SQL null for a JSON null as well as for an absent key.
  has: (source, path) => sql<SqlBool>`((${jsonSource(source)} #>> ${path}::text[]) is not null)`,
  document: (value) => sql`(${JSON.stringify(value)}::jsonb)`,
  remove: (column, path) => sql<string>`(${sql.ref(column)} #- ${path}::text[])`,
  patch: (column, set, remove) => postgresJson.patchWith(column, ...postgresJson.patchValues(set, remove)),
  patchValues: (set, remove) => [remove, JSON.stringify(set)],
  patchWith: (column, remove, set) => sql<string>`((${sql.ref(column)} - ${remove}::text[]) || ${set}::jsonb)`,
  merge: (column, other) => sql<string>`(${sql.ref(column)} || ${sql.ref(other)})`,
  addCounts: (column, add) => sql<string>`(select coalesce(jsonb_object_agg(c.key, c.n), '{}'::jsonb) from (
    select e.key, sum(e.value::bigint) as n from (
      select key, value from jsonb_each_text(${sql.ref(column)}) union all select key, value from jsonb_each_text(${JSON.stringify(add)}::jsonb)
    ) e group by e.key) c)`,
};
