/**
 * The one file that knows SQLite from PostgreSQL. Feature code asks this module for column types
 * and SQL fragments; it never branches on the dialect itself.
 */
import {
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RawBuilder,
  type RootOperationNode,
  type SqlBool,
  sql,
  type UnknownRow,
  type ValueNode,
} from 'kysely';
import type { DatabaseKind } from '../config.ts';

export interface DialectSql {
  kind: DatabaseKind;
  /** Column types for migrations. */
  types: {
    json: 'jsonb' | 'text';
    timestamp: 'timestamptz' | 'text';
    bool: 'boolean' | 'integer';
    binary: 'bytea' | 'blob';
  };
  /** JSON fragments over a JSON column (`data`); see JsonSql. */
  json: JsonSql;
  /** True when `err` is a unique-constraint violation raised by this database. */
  isUniqueViolation(err: unknown): boolean;
}

/**
 * JSON operations on a column given by reference (`'contacts.data'`). A path is a list of object
 * keys (`['profile', 'tier']`); SQLite addresses it as `$."profile"."tier"`, so callers must refuse keys
 * containing a double quote before building a path.
 */
export interface JsonSql {
  /** The value at `path` as JSON text (`"gold"`, `3`, `true`), or SQL null when the key is absent. */
  extract(column: string, path: string[]): RawBuilder<string | null>;
  /** True when the value at `path` is present and not JSON null. */
  has(column: string, path: string[]): RawBuilder<SqlBool>;
  /** The column's object without the key at `path`. */
  remove(column: string, path: string[]): RawBuilder<string>;
  /** The column's object with the top-level keys of `set` replaced whole (objects included) and `remove` dropped. */
  patch(column: string, set: Record<string, unknown>, remove: string[]): RawBuilder<string>;
  /** Top-level merge of another JSON object column into this one; for objects whose values are primitives. */
  merge(column: string, other: string): RawBuilder<string>;
}

/** Dialect description for a database kind. */
export function dialectFor(kind: DatabaseKind): DialectSql {
  if (kind === 'postgres') {
    return {
      kind,
      types: { json: 'jsonb', timestamp: 'timestamptz', bool: 'boolean', binary: 'bytea' },
      json: postgresJson,
      // 23505: unique_violation.
      isUniqueViolation: (err) => (err as { code?: unknown })?.code === '23505',
    };
  }
  return {
    kind,
    types: { json: 'text', timestamp: 'text', bool: 'integer', binary: 'blob' },
    json: sqliteJson,
    isUniqueViolation: (err) => {
      const code = (err as { code?: unknown })?.code;
      return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
    },
  };
}

/** A SQLite JSON path with every key quoted, so keys with dots, spaces or brackets stay one step. */
function sqlitePath(path: string[]): string {
  return `$${path.map((k) => `."${k}"`).join('')}`;
}

const sqliteJson: JsonSql = {
  extract: (column, path) => sql<string | null>`(${sql.ref(column)} -> ${sqlitePath(path)})`,
  // json_extract gives SQL null both for an absent key and for a JSON null.
  has: (column, path) => sql<SqlBool>`(json_extract(${sql.ref(column)}, ${sqlitePath(path)}) is not null)`,
  remove: (column, path) => sql<string>`json_remove(${sql.ref(column)}, ${sqlitePath(path)})`,
  // json_patch (RFC 7396) merges nested objects and treats null as "delete", so the first pass nulls
  // every key being written or removed; the second writes the new values whole. No paths: any key works.
  patch: (column, set, remove) => {
    const clear = Object.fromEntries([...Object.keys(set), ...remove].map((k) => [k, null]));
    return sql<string>`json_patch(json_patch(${sql.ref(column)}, ${JSON.stringify(clear)}), ${JSON.stringify(set)})`;
  },
  merge: (column, other) => sql<string>`json_patch(${sql.ref(column)}, ${sql.ref(other)})`,
};

const postgresJson: JsonSql = {
  extract: (column, path) => sql<string | null>`((${sql.ref(column)} #> ${path}::text[])::text)`,
  // #>> yields SQL null for a JSON null as well as for an absent key.
  has: (column, path) => sql<SqlBool>`((${sql.ref(column)} #>> ${path}::text[]) is not null)`,
  remove: (column, path) => sql<string>`(${sql.ref(column)} #- ${path}::text[])`,
  patch: (column, set, remove) =>
    sql<string>`((${sql.ref(column)} - ${remove}::text[]) || ${JSON.stringify(set)}::jsonb)`,
  merge: (column, other) => sql<string>`(${sql.ref(column)} || ${sql.ref(other)})`,
};

/**
 * better-sqlite3 binds only numbers, strings, bigints, buffers and null. This plugin turns
 * booleans into 0/1 and Dates into ISO strings in every bound value, so repos stay dialect-free.
 */
export class SqliteValuesPlugin implements KyselyPlugin {
  readonly #transformer = new SqliteValueTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

function sqliteValue(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value;
}

class SqliteValueTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return { ...super.transformValue(node), value: sqliteValue(node.value) };
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...super.transformPrimitiveValueList(node), values: node.values.map(sqliteValue) };
  }
}
