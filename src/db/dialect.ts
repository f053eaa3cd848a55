/**
 * The one place that knows SQLite from PostgreSQL at runtime. Feature code asks the DialectSql of
 * `dialectFor` for column types and SQL fragments; it never branches on the dialect itself. The parts
 * live in dialect/ by concern: the interface (types.ts), each database's side (sqlite.ts,
 * postgres.ts), JSON fragments, the filter language's comparisons, contact search, row claims and
 * SQLite's bound values. Schema DDL is not here: each migration holds the SQL it runs.
 */
import type { DatabaseKind } from '../config.ts';
import { postgresDialect } from './dialect/postgres.ts';
import { sqliteDialect } from './dialect/sqlite.ts';
import type { DialectSql } from './dialect/types.ts';

export type { ClaimSpec, RenewSpec } from './dialect/claim.ts';
export { type ContactIndexSql, likeContaining, TRIGRAM_MIN } from './dialect/contact-index.ts';
export type { Comparison, FilterSql } from './dialect/filters.ts';
export type { JsonSql } from './dialect/json.ts';
export { SqliteValuesPlugin } from './dialect/sqlite-values.ts';
export type { DialectSql, RowType } from './dialect/types.ts';

/** Dialect description for a database kind. */
export function dialectFor(kind: DatabaseKind): DialectSql {
  return kind === 'postgres' ? postgresDialect() : sqliteDialect();
}
