/**
 * What differs between SQLite and PostgreSQL, as one interface: feature code asks it for column types
 * and SQL fragments and never branches on the dialect itself. The two implementations are sqlite.ts
 * and postgres.ts; db/dialect.ts picks one.
 */
import type { Kysely, RawBuilder, Selectable, SqlBool } from 'kysely';
import type { DatabaseKind } from '../../config.ts';
import type { ClaimSpec, RenewSpec } from './claim.ts';
import type { ContactIndexSql } from './contact-index.ts';
import type { FilterSql } from './filters.ts';
import type { JsonSql } from './json.ts';

export interface DialectSql {
  kind: DatabaseKind;
  /** Column types for migrations (each migration holds its own SQL; these are only type names). */
  types: {
    json: 'jsonb' | 'text';
    timestamp: 'timestamptz' | 'text';
    bool: 'boolean' | 'integer';
    binary: 'bytea' | 'blob';
  };
  /** JSON fragments over a JSON column (`data`); see JsonSql. */
  json: JsonSql;
  /** The filter language's typed comparisons over `contacts.data` (or, through `over`, a bound document); see FilterSql. */
  filters: FilterSql;
  /** True when `err` is a unique-constraint violation raised by this database. */
  isUniqueViolation(err: unknown): boolean;
  /** True when `err` is any integrity-constraint violation (unique, foreign key, not null, check). */
  isConstraintViolation(err: unknown): boolean;
  /** Contact search over the trigram index; see ContactIndexSql. */
  contactIndex: ContactIndexSql;
  /** A value as the driver binds it (what SqliteValuesPlugin does for built queries). */
  toDriver(value: unknown): unknown;
  /**
   * Refreshes the planner's statistics of a table after a bulk write. PostgreSQL plans a search of a
   * freshly imported project by sequential scan until it has them (measured: 230 ms instead of 2 ms
   * at 200k contacts); SQLite's plans here do not depend on statistics, so it does nothing there.
   */
  analyze<DB>(db: Kysely<DB>, table: 'contacts'): Promise<void>;
  /**
   * Typed rows (objects keyed by column name) as a query giving `columns` in their order, for
   * `insert into t (…) <rows>` or `with r (…) as (<rows>)`. PostgreSQL binds them as one JSON array
   * read by jsonb_to_recordset, where a VALUES list binds one value per cell (2,000 contacts: 59 ms
   * against 102 ms); SQLite gets a VALUES list, whose cells it binds cheaply, where reading them back
   * out of JSON cost more (65 ms against 36 ms).
   */
  rowsSource(rows: Record<string, unknown>[], columns: Record<string, RowType>): RawBuilder<unknown>;
  /** `column` is one of `values`: one array parameter on PostgreSQL, a bound list on SQLite. */
  inList(column: string, values: string[]): RawBuilder<SqlBool>;
  /** The UTC hour (`YYYY-MM-DDTHH`) or day (`YYYY-MM-DD`) of a timestamp expression, as text. */
  utcBucket(expr: string, interval: 'hour' | 'day'): RawBuilder<string>;
  /** What follows the first `@` of an address column (its domain, for addresses stored normalised). */
  emailDomain(column: string): RawBuilder<string>;
  /**
   * Opens the audit log's one door for the rest of the current transaction: the retention prune's
   * deletes (migration 0030). `close` shuts it again before the commit where the door is a row.
   */
  auditPruneDoor: { open: RawBuilder<unknown>; close?: RawBuilder<unknown> };
  /**
   * True where concurrent single-contact upserts are best sent together as one multi-row statement
   * (PostgreSQL: one round trip and one commit for all). SQLite's writer shares commits by itself
   * (group-commit.ts) and runs each statement in microseconds, so it keeps one statement a call.
   */
  groupedUpserts: boolean;
  /**
   * True where `select … for update` takes row locks that other writers wait on (PostgreSQL). SQLite
   * has one writer at a time, so a transaction is alone anyway and the clause does not exist there.
   */
  rowLocks: boolean;
  /**
   * Rows per write transaction in bulk work (imports): small on SQLite, whose statements run
   * synchronously and hold the event loop meanwhile; larger on PostgreSQL, where a batch never blocks
   * but each costs round trips. Measured with bench/import-health.ts.
   */
  bulkBatchRows: number;
  /**
   * True where statements run synchronously on the event loop (SQLite): work meant to run beside
   * them, such as parsing an import's next batch, needs a thread of its own. On PostgreSQL the server
   * works while the event loop waits, so such work already runs beside it in this thread.
   */
  syncStatements: boolean;
  /** Claims up to `limit` rows in one statement; see ClaimSpec. */
  claimRows<DB, TB extends keyof DB & string>(db: Kysely<DB>, spec: ClaimSpec<DB, TB>): Promise<Selectable<DB[TB]>[]>;
  /** Extends a claim's lease on its rows without waiting on rows being written; see RenewSpec. */
  renewRows<DB, TB extends keyof DB & string>(db: Kysely<DB>, spec: RenewSpec<DB, TB>): Promise<void>;
}

/** Column types of `rowsSource`; `textArray` is a text[] on PostgreSQL and JSON text on SQLite. */
export type RowType = 'text' | 'integer' | 'boolean' | 'json' | 'timestamp' | 'textArray';
