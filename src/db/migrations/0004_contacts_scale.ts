/**
 * What keeps contact requests off whole-project scans: per-project contact counters (kept by
 * triggers), the email trigram index, and the cached field coverage for large projects.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';

const FTS_WATERMARK = `(select watermark from search_watermarks where name = 'contacts_email')`;

// SQLite has only row triggers; one writer at a time, so a single counter row per project is enough.
// The FTS table is an external-content index over contacts' rowids (VACUUM can renumber rowids of a
// table without an INTEGER PRIMARY KEY: docs/scaling.md says to run the FTS 'rebuild' after one).
// Rows above the watermark wait for the runtime's batch indexer (db/dialect/contact-index.ts).
const SQLITE: string[] = [
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
];

// Statement triggers with transition tables: one counter update per statement, whatever its row count,
// spread over 16 rows per project so concurrent inserts rarely wait on the same row lock.
// The backend's shard, not a random one: two statements of one transaction take the same row, so two
// transactions never take two rows in opposite orders (a deadlock; see migration 0017).
const POSTGRES: string[] = [
  `create or replace function contacts_count_ins() returns trigger language plpgsql as $$ begin
       insert into contact_counts (project_id, shard, n)
         select project_id, pg_backend_pid() % 16, count(*) from new_rows group by project_id
       on conflict (project_id, shard) do update set n = contact_counts.n + excluded.n;
       return null;
     end $$`,
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
];

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  const { timestamp } = d.types;

  // Several rows per project (shards) so concurrent writers on PostgreSQL rarely share a row lock;
  // the count is their sum.
  await db.schema
    .createTable('contact_counts')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('contact_counts_pk', ['project_id', 'shard'])
    .execute();

  // Exact field coverage of a large project, computed by a job; `total` is the contact count it saw.
  await db.schema
    .createTable('field_coverage')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('counts', d.types.json, (c) => c.notNull())
    .addColumn('computed_at', timestamp, (c) => c.notNull())
    .execute();

  for (const statement of d.kind === 'postgres' ? POSTGRES : SQLITE) await sql.raw(statement).execute(db);
}
