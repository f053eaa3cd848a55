/**
 * The one file that knows SQLite from PostgreSQL. Feature code asks this module for column types
 * and SQL fragments; it never branches on the dialect itself.
 */
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PrimitiveValueListNode,
  type QueryResult,
  type RawBuilder,
  type RootOperationNode,
  type Selectable,
  type SqlBool,
  sql,
  type UnknownRow,
  type UpdateObject,
  type ValueNode,
  ValuesNode,
} from 'kysely';
import type { DatabaseKind } from '../config.ts';
import { postgresAnalyticsDdl } from './analytics-postgres.ts';
import { sqliteAnalyticsDdl } from './analytics-sqlite.ts';
import { type FilterSql, postgresFilters, sqliteFilters } from './dialect-filters.ts';
import { postgresEventCountsDdl, postgresEventsCountInsFn, sqliteEventCountsDdl } from './event-counts-sql.ts';

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
  /** The filter language's typed comparisons over `contacts.data` (or, through `over`, a bound document); see FilterSql. */
  filters: FilterSql;
  /** True when `err` is a unique-constraint violation raised by this database. */
  isUniqueViolation(err: unknown): boolean;
  /** True when `err` is any integrity-constraint violation (unique, foreign key, not null, check). */
  isConstraintViolation(err: unknown): boolean;
  /** Contact search and counting; see ContactIndexSql. */
  contactIndex: ContactIndexSql;
  /** DDL of the event counters' triggers, filling them from existing rows (db/event-counts-sql.ts). */
  eventCountsDdl: string[];
  /** Re-creates the counter triggers' functions with a per-backend shard (migration 0017). */
  counterShardDdl: string[];
  /** DDL of the activity feed's and the analytics counters' triggers, filling them from existing rows (db/analytics-sqlite.ts, db/analytics-postgres.ts). */
  analyticsDdl: string[];
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
  /** Claims up to `limit` rows in one statement; see ClaimSpec. */
  claimRows<DB, TB extends keyof DB & string>(db: Kysely<DB>, spec: ClaimSpec<DB, TB>): Promise<Selectable<DB[TB]>[]>;
}

/**
 * "Claim up to N rows matching X": one statement picks the rows and writes the claim (a lease, an
 * attempt) on them, returning them. On PostgreSQL the pick is `FOR UPDATE SKIP LOCKED`, so concurrent
 * claimers on other connections each get different rows and never wait on each other. On SQLite the
 * one writer connection runs the statement alone, which gives the same guarantee.
 */
export interface ClaimSpec<DB, TB extends keyof DB & string> {
  /** A table with an `id` primary key. */
  table: TB;
  /** The rows that may be claimed (due, unlocked, lease expired…). */
  where: (eb: ExpressionBuilder<DB, TB>) => Expression<SqlBool>;
  /** Columns the pick is ordered by (ascending), e.g. `['runAt', 'id']`. */
  orderBy: (keyof DB[TB] & string)[];
  limit: number;
  /** What claiming writes on each picked row. */
  set: UpdateObject<DB, TB> | ((eb: ExpressionBuilder<DB, TB>) => UpdateObject<DB, TB>);
}

/** The statement behind `claimRows`: a CTE picks the ids (locking them where `lock` is set), the update joins it. */
async function claimRowsWith<DB, TB extends keyof DB & string>(
  db: Kysely<DB>,
  spec: ClaimSpec<DB, TB>,
  lock: boolean,
): Promise<Selectable<DB[TB]>[]> {
  // Below the typed schema: the table is a parameter, which Kysely's builders cannot follow.
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  const k = db as Kysely<any>;
  const table = spec.table as string;
  const rows = await k
    .with('picked', (qc) => {
      let pick = qc
        .selectFrom(table)
        .select('id')
        // biome-ignore lint/suspicious/noExplicitAny: see above.
        .where(spec.where as any);
      for (const column of spec.orderBy) pick = pick.orderBy(column);
      pick = pick.limit(spec.limit);
      return lock ? pick.forUpdate().skipLocked() : pick;
    })
    .updateTable(table)
    // biome-ignore lint/suspicious/noExplicitAny: see above.
    .set(spec.set as any)
    .from('picked')
    .whereRef(`${table}.id`, '=', 'picked.id')
    .returningAll()
    .execute();
  return rows as Selectable<DB[TB]>[];
}

/** Column types of `rowsSource`; `textArray` is a text[] on PostgreSQL and JSON text on SQLite. */
export type RowType = 'text' | 'integer' | 'boolean' | 'json' | 'timestamp' | 'textArray';

/**
 * What keeps `GET /contacts` off a scan of the project: per-project counters kept by triggers in the
 * writing statement's transaction, and a trigram index over emails. On PostgreSQL a pg_trgm GIN index
 * kept by the database. On SQLite an FTS5 trigram table filled in batches behind a watermark (a row
 * trigger costs ~60 µs per contact, a batch ~5 µs): rows above the watermark are the unindexed tail,
 * which searches scan, and deletes or email changes of indexed rows update the table by trigger.
 */
export interface ContactIndexSql {
  /** DDL creating the counters' triggers and the search index, and filling both from existing rows. */
  ddl: string[];
  /**
   * DDL (re)creating the email trigram index where it is a separate index (PostgreSQL). It indexes
   * `lower(email)`, not `email`: pg_trgm also serves `=`, and the planner then chose the GIN index for
   * the import's `email = any(…)` lookups (measured: 51 s for 2,000 emails at 250k contacts, against
   * milliseconds through the unique (project_id, email) btree).
   */
  emailIndexDdl: string[];
  /**
   * DDL keeping the index whole when SQLite hands a new contact the rowid of a deleted one (it reuses
   * the largest rowids after a delete): such a row would sit at or under the watermark, so
   * indexPending would never reach it, and deleting it later would ask FTS5 to delete an entry it
   * never had, which corrupts the index ("database disk image is malformed"). Deleting the newest
   * contacts lowers the watermark to the newest one left, so no new row lands under it; an index
   * already hurt so is rebuilt.
   */
  reusedRowidDdl: string[];
  /** True when new contacts reach the search index only through `indexPending` (SQLite). */
  deferred: boolean;
  /**
   * Contacts of the project whose email contains `term` (at least 3 characters, lower-cased), as far
   * as the trigram index knows them: callers also apply the plain LIKE, which stays the truth.
   */
  indexedMatches(projectId: string, term: string): RawBuilder<SqlBool>;
  /** Contacts of the project not yet in the index, found by rowid range (false where nothing waits). */
  unindexed(projectId: string): RawBuilder<SqlBool>;
  /** Adds up to `max` waiting contacts to the index in one transaction; returns how many. */
  indexPending<DB>(db: Kysely<DB>, max: number): Promise<number>;
}

/** Search terms shorter than this cannot use a trigram index. */
export const TRIGRAM_MIN = 3;

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
}

/** Dialect description for a database kind. */
export function dialectFor(kind: DatabaseKind): DialectSql {
  if (kind === 'postgres') {
    return {
      kind,
      types: { json: 'jsonb', timestamp: 'timestamptz', bool: 'boolean', binary: 'bytea' },
      json: postgresJson,
      filters: postgresFilters,
      // 23505: unique_violation.
      isUniqueViolation: (err) => (err as { code?: unknown })?.code === '23505',
      // SQLSTATE class 23: integrity constraint violation.
      isConstraintViolation: (err) => String((err as { code?: unknown })?.code ?? '').startsWith('23'),
      contactIndex: postgresContactIndex,
      eventCountsDdl: postgresEventCountsDdl,
      counterShardDdl: [postgresEventsCountInsFn, postgresContactsCountInsFn],
      analyticsDdl: postgresAnalyticsDdl,
      toDriver: (value) => value,
      analyze: async (db, table) => {
        await sql`analyze ${sql.table(table)}`.execute(db);
      },
      rowsSource: (rows, columns) => {
        const types = {
          text: 'text',
          integer: 'integer',
          boolean: 'boolean',
          json: 'jsonb',
          timestamp: 'timestamptz',
          textArray: 'text[]',
        };
        const defs = Object.entries(columns).map(([c, t]) => sql`${sql.id(c)} ${sql.raw(types[t])}`);
        return sql`select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${sql.join(defs)})`;
      },
      inList: (column, values) => sql<SqlBool>`(${sql.ref(column)} = any(${values}::text[]))`,
      utcBucket: (expr, interval) =>
        sql.raw<string>(
          `to_char((${expr}) at time zone 'UTC', '${interval === 'hour' ? 'YYYY-MM-DD"T"HH24' : 'YYYY-MM-DD'}')`,
        ),
      groupedUpserts: true,
      rowLocks: true,
      claimRows: (db, spec) => claimRowsWith(db, spec, true),
      bulkBatchRows: 4000,
    };
  }
  return {
    kind,
    types: { json: 'text', timestamp: 'text', bool: 'integer', binary: 'blob' },
    json: sqliteJson,
    filters: sqliteFilters,
    isUniqueViolation: (err) => {
      const code = (err as { code?: unknown })?.code;
      return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
    },
    isConstraintViolation: (err) => String((err as { code?: unknown })?.code ?? '').startsWith('SQLITE_CONSTRAINT'),
    contactIndex: sqliteContactIndex,
    eventCountsDdl: sqliteEventCountsDdl,
    counterShardDdl: [],
    analyticsDdl: sqliteAnalyticsDdl,
    toDriver: sqliteValue,
    analyze: async () => {},
    // A VALUES node of plain value lists: Kysely compiles it as fast as an insert's own values, where
    // a tree of sql`` fragments for 2,000 rows took ~40 ms to build and compile.
    rowsSource: (rows, columns) => {
      const names = Object.keys(columns);
      const cell = (v: unknown, t: RowType) => (t === 'json' || t === 'textArray' ? JSON.stringify(v) : sqliteValue(v));
      const node = ValuesNode.create(
        rows.map((r) => PrimitiveValueListNode.create(names.map((c) => cell(r[c], columns[c]!)))),
      );
      return sql`${{ toOperationNode: () => node }}`;
    },
    inList: (column, values) => sql<SqlBool>`(${sql.ref(column)} in (${sql.join(values)}))`,
    // Timestamps are stored as ISO 8601 UTC text: the bucket is a prefix.
    utcBucket: (expr, interval) => sql.raw<string>(`substr(${expr}, 1, ${interval === 'hour' ? 13 : 10})`),
    groupedUpserts: false,
    rowLocks: false,
    // One writer connection: the statement runs alone, so no row can be picked twice.
    claimRows: (db, spec) => claimRowsWith(db, spec, false),
    bulkBatchRows: 500,
  };
}

/** A SQLite JSON path with every key quoted, so keys with dots, spaces or brackets stay one step. */
function sqlitePath(path: string[]): string {
  return `$${path.map((k) => `."${k}"`).join('')}`;
}

/** A column given by reference (`'contacts.data'`, quoted as an identifier) or a JSON expression as it is. */
const jsonSource = (source: string | RawBuilder<unknown>) => (typeof source === 'string' ? sql.ref(source) : source);

const sqliteJson: JsonSql = {
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
};

const postgresJson: JsonSql = {
  extract: (column, path) => sql<string | null>`((${sql.ref(column)} #> ${path}::text[])::text)`,
  // #>> yields SQL null for a JSON null as well as for an absent key.
  has: (source, path) => sql<SqlBool>`((${jsonSource(source)} #>> ${path}::text[]) is not null)`,
  document: (value) => sql`(${JSON.stringify(value)}::jsonb)`,
  remove: (column, path) => sql<string>`(${sql.ref(column)} #- ${path}::text[])`,
  patch: (column, set, remove) => postgresJson.patchWith(column, ...postgresJson.patchValues(set, remove)),
  patchValues: (set, remove) => [remove, JSON.stringify(set)],
  patchWith: (column, remove, set) => sql<string>`((${sql.ref(column)} - ${remove}::text[]) || ${set}::jsonb)`,
  merge: (column, other) => sql<string>`(${sql.ref(column)} || ${sql.ref(other)})`,
};

/** `%`, `_` and the escape character are literal in a LIKE pattern built from user input. */
export function likeContaining(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const FTS_WATERMARK = `(select watermark from search_watermarks where name = 'contacts_email')`;

// SQLite has only row triggers; one writer at a time, so a single counter row per project is enough.
// The FTS table is an external-content index over contacts' rowids (VACUUM can renumber rowids of a
// table without an INTEGER PRIMARY KEY: docs/scaling.md says to run the FTS 'rebuild' after one).
const sqliteContactIndex: ContactIndexSql = {
  ddl: [
    `create trigger contacts_count_ai after insert on contacts begin
       insert into contact_counts (project_id, shard, n) values (new.project_id, 0, 1)
       on conflict (project_id, shard) do update set n = n + 1;
     end`,
    `create trigger contacts_count_ad after delete on contacts begin
       update contact_counts set n = n - 1 where project_id = old.project_id and shard = 0;
     end`,
    `create virtual table contacts_email_fts using fts5(email, content='contacts', content_rowid='rowid', tokenize='trigram')`,
    'create table search_watermarks (name text primary key, watermark integer not null)',
    // Everything existing is indexed now; later rows wait above the watermark for indexPending.
    `insert into search_watermarks (name, watermark) values ('contacts_email', coalesce((select max(rowid) from contacts), 0))`,
    `create trigger contacts_fts_ad after delete on contacts when old.rowid <= ${FTS_WATERMARK} begin
       insert into contacts_email_fts (contacts_email_fts, rowid, email) values ('delete', old.rowid, old.email);
     end`,
    `create trigger contacts_fts_au after update of email on contacts when old.rowid <= ${FTS_WATERMARK} begin
       insert into contacts_email_fts (contacts_email_fts, rowid, email) values ('delete', old.rowid, old.email);
       insert into contacts_email_fts (rowid, email) values (new.rowid, new.email);
     end`,
    `insert into contact_counts (project_id, shard, n) select project_id, 0, count(*) from contacts group by project_id`,
    `insert into contacts_email_fts (contacts_email_fts) values ('rebuild')`,
  ],
  emailIndexDdl: [],
  reusedRowidDdl: [
    // Deletes are rare beside inserts, so the guard is paid there: once the newest rows are gone the
    // watermark comes down to the newest rowid left, and a new row (max + 1) waits above it as usual.
    'drop trigger contacts_fts_ad',
    // One trigger, in this order: an indexed row leaves the index before the watermark may drop below it.
    `create trigger contacts_fts_ad after delete on contacts begin
       insert into contacts_email_fts (contacts_email_fts, rowid, email)
         select 'delete', old.rowid, old.email where old.rowid <= ${FTS_WATERMARK};
       update search_watermarks set watermark = coalesce((select max(rowid) from contacts), 0)
        where name = 'contacts_email' and watermark > coalesce((select max(rowid) from contacts), 0);
     end`,
    `insert into contacts_email_fts (contacts_email_fts) values ('rebuild')`,
    `update search_watermarks set watermark = coalesce((select max(rowid) from contacts), 0) where name = 'contacts_email'`,
  ],
  deferred: true,
  // Driven from the FTS table: `+` keeps the planner off the (project_id, …) index, which would
  // otherwise walk every contact of the project and probe the match list for each.
  indexedMatches: (projectId, term) =>
    sql<SqlBool>`(contacts.rowid in (select rowid from contacts_email_fts where contacts_email_fts match ${`"${term.replaceAll('"', '""')}"`}) and +contacts.project_id = ${projectId})`,
  unindexed: (projectId) =>
    sql<SqlBool>`(+contacts.project_id = ${projectId} and contacts.rowid > ${sql.raw(FTS_WATERMARK)})`,
  async indexPending(db, max) {
    return db.transaction().execute(async (trx) => {
      const w = await sql<{ from: number; to: number | null }>`
        select s.watermark as "from", (select max(rowid) from (select rowid from contacts where rowid > s.watermark order by rowid limit ${max})) as "to"
        from search_watermarks s where s.name = 'contacts_email'`.execute(trx);
      const range = w.rows[0];
      if (!range || range.to === null) return 0;
      await sql`insert into contacts_email_fts (rowid, email)
        select rowid, email from contacts where rowid > ${range.from} and rowid <= ${range.to}`.execute(trx);
      await sql`update search_watermarks set watermark = ${range.to} where name = 'contacts_email'`.execute(trx);
      return range.to - range.from;
    });
  },
};

// Statement triggers with transition tables: one counter update per statement, whatever its row count,
// spread over 16 rows per project so concurrent inserts rarely wait on the same row lock.
// The backend's shard, not a random one: two statements of one transaction take the same row, so two
// transactions never take two rows in opposite orders (a deadlock; see event-counts-sql.ts).
const postgresContactsCountInsFn = `create or replace function contacts_count_ins() returns trigger language plpgsql as $$ begin
       insert into contact_counts (project_id, shard, n)
         select project_id, pg_backend_pid() % 16, count(*) from new_rows group by project_id
       on conflict (project_id, shard) do update set n = contact_counts.n + excluded.n;
       return null;
     end $$`;

const postgresContactIndex: ContactIndexSql = {
  ddl: [
    postgresContactsCountInsFn,
    // Update only: an insert here could name a project that a cascading delete is removing.
    `create function contacts_count_del() returns trigger language plpgsql as $$ begin
       update contact_counts c set n = c.n - d.k
         from (select project_id, count(*) as k from old_rows group by project_id) d
        where c.project_id = d.project_id
          and c.shard = (select min(x.shard) from contact_counts x where x.project_id = d.project_id);
       return null;
     end $$`,
    `create trigger contacts_count_ai after insert on contacts referencing new table as new_rows
       for each statement execute function contacts_count_ins()`,
    `create trigger contacts_count_ad after delete on contacts referencing old table as old_rows
       for each statement execute function contacts_count_del()`,
    `insert into contact_counts (project_id, shard, n) select project_id, 0, count(*) from contacts group by project_id`,
    'create extension if not exists pg_trgm',
  ],
  emailIndexDdl: [
    'drop index if exists contacts_email_trgm_idx',
    'create index if not exists contacts_email_lower_trgm_idx on contacts using gin (lower(email) gin_trgm_ops)',
  ],
  reusedRowidDdl: [],
  deferred: false,
  // Emails are stored lower-cased, so lower(email) is the email itself, in the indexed form.
  indexedMatches: (projectId, term) =>
    sql<SqlBool>`(contacts.project_id = ${projectId} and lower(contacts.email) like ${likeContaining(term)} escape '\\')`,
  unindexed: () => sql<SqlBool>`false`,
  indexPending: async () => 0,
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
