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
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';
import type { DatabaseKind } from '../config.ts';

export interface DialectSql {
  kind: DatabaseKind;
  /** Column types for migrations. */
  types: { json: 'jsonb' | 'text'; timestamp: 'timestamptz' | 'text'; bool: 'boolean' | 'integer' };
  /** Whether the job backend can join the caller's transaction (Graphile's add_job can; ours shares the db too). */
  transactionalEnqueue: boolean;
}

/** Dialect description for a database kind. */
export function dialectFor(kind: DatabaseKind): DialectSql {
  if (kind === 'postgres') {
    return {
      kind,
      types: { json: 'jsonb', timestamp: 'timestamptz', bool: 'boolean' },
      transactionalEnqueue: true,
    };
  }
  return { kind, types: { json: 'text', timestamp: 'text', bool: 'integer' }, transactionalEnqueue: true };
}

/** True when the dialect is PostgreSQL; for the db layer's own wiring only. */
export function isPostgres(d: DialectSql): boolean {
  return d.kind === 'postgres';
}

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
