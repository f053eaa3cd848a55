/**
 * Suppressions kept by hand (beyond.md §10): a rule has an id (UUIDv7, backfilled from each row's
 * created_at so id order stays creation order), holds either one address or a whole domain
 * (`*@domain`), may carry a note and an expiry, and is unique per (project, address) and (project,
 * domain). Erased addresses get an id too, so the rule list shows them as ERASED rules. An email held
 * by a rule records which (suppression_id, suppression_reason). CSV imports of rules are job rows with
 * their stored file, as contact imports are.
 *
 * Both tables are rebuilt (SQLite cannot change a primary key in place): renamed aside, created anew,
 * copied a page at a time with the ids generated here, then the old table is dropped.
 */
import { type Kysely, sql } from 'kysely';
import { v7 } from 'uuid';
import type { DialectSql } from '../dialect.ts';

const PAGE = 1000;

type Row = Record<string, unknown>;

/** A UUIDv7 whose time is `at` (a Date or an ISO string as either driver reads it back). */
const idAt = (at: unknown) => v7({ msecs: new Date(at as string).getTime() });

/**
 * Copies `from` into `to` a page at a time in `key` order (row-value keyset), giving each row an id
 * from its `timeColumn`; the values read are written back as read (no plugin converts them here).
 */
async function copyWithIds(
  db: Kysely<unknown>,
  from: string,
  to: string,
  columns: string[],
  key: [string, string],
  timeColumn: string,
): Promise<void> {
  const list = sql.join(columns.map((c) => sql.ref(c)));
  let after: Row | undefined;
  for (;;) {
    const page = after
      ? sql<Row>`select ${list} from ${sql.table(from)}
          where (${sql.ref(key[0])}, ${sql.ref(key[1])}) > (${after[key[0]]}, ${after[key[1]]})
          order by ${sql.ref(key[0])}, ${sql.ref(key[1])} limit ${PAGE}`
      : sql<Row>`select ${list} from ${sql.table(from)} order by ${sql.ref(key[0])}, ${sql.ref(key[1])} limit ${PAGE}`;
    const rows = (await page.execute(db)).rows;
    if (rows.length === 0) return;
    const values = rows.map((r) => sql`(${sql.join([idAt(r[timeColumn]), ...columns.map((c) => r[c])])})`);
    await sql`insert into ${sql.table(to)} (id, ${list}) values ${sql.join(values)}`.execute(db);
    after = rows.at(-1);
  }
}

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  const { timestamp, json, binary } = d.types;

  await sql`alter table suppressions rename to suppressions_0030`.execute(db);
  await db.schema
    .createTable('suppressions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // Exactly one of the two: the (lower-cased) address, or the (lower-cased) domain of `*@domain`.
    .addColumn('email', 'text')
    .addColumn('domain', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    // The email whose bounce or complaint added the rule.
    .addColumn('email_id', 'text')
    .addColumn('expires_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addCheckConstraint('suppression_rules_target_ck', sql`(email is null) <> (domain is null)`)
    .execute();
  // NULLs are distinct in a unique index on both databases: domain rules never collide on email, nor
  // address rules on domain. Full (not partial) indexes, so ON CONFLICT (project_id, email) infers them.
  await db.schema
    .createIndex('suppression_rules_email_uq')
    .unique()
    .on('suppressions')
    .columns(['project_id', 'email'])
    .execute();
  await db.schema
    .createIndex('suppression_rules_domain_uq')
    .unique()
    .on('suppressions')
    .columns(['project_id', 'domain'])
    .execute();
  // The list (newest first), the cache's load and a reset's slices walk a project's rules by id.
  await db.schema
    .createIndex('suppression_rules_project_idx')
    .on('suppressions')
    .columns(['project_id', 'id'])
    .execute();
  // The list filtered by reason (a few BOUNCE rules among 100,000 MANUAL ones) reads only those.
  await db.schema
    .createIndex('suppression_rules_reason_idx')
    .on('suppressions')
    .columns(['project_id', 'reason', 'id'])
    .execute();
  await copyWithIds(
    db,
    'suppressions_0030',
    'suppressions',
    ['project_id', 'email', 'reason', 'email_id', 'created_at'],
    ['project_id', 'email'],
    'created_at',
  );
  await sql`drop table suppressions_0030`.execute(db);

  await sql`alter table erased_addresses rename to erased_addresses_0030`.execute(db);
  await db.schema
    .createTable('erased_addresses')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('email_hash', 'text', (c) => c.notNull())
    .addColumn('erased_at', timestamp, (c) => c.notNull())
    // The ERASED rule's id in GET /suppressions and in an email's suppressedBy.
    .addColumn('id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('erased_addresses_key', ['project_id', 'email_hash'])
    .execute();
  await db.schema
    .createIndex('erased_addresses_project_id_uq')
    .unique()
    .on('erased_addresses')
    .columns(['project_id', 'id'])
    .execute();
  await copyWithIds(
    db,
    'erased_addresses_0030',
    'erased_addresses',
    ['project_id', 'email_hash', 'erased_at'],
    ['project_id', 'email_hash'],
    'erased_at',
  );
  await sql`drop table erased_addresses_0030`.execute(db);

  // The rule that held a SUPPRESSED email (null for mail held by an erasure in progress, and before 0031).
  await db.schema.alterTable('emails').addColumn('suppression_id', 'text').execute();
  await db.schema.alterTable('emails').addColumn('suppression_reason', 'text').execute();

  await db.schema
    .createTable('suppression_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    // Records consumed from the file: where a resumed run picks up.
    .addColumn('cursor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('added', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', json, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', timestamp)
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addColumn('finished_at', timestamp)
    .execute();
  await db.schema
    .createIndex('suppression_imports_project_idx')
    .on('suppression_imports')
    .columns(['project_id', 'id'])
    .execute();
  await db.schema
    .createIndex('suppression_imports_status_idx')
    .on('suppression_imports')
    .columns(['status', 'updated_at'])
    .execute();
  // The upload waits in the database (any worker can run the job); it goes when the job ends.
  await db.schema
    .createTable('suppression_import_files')
    .addColumn('import_id', 'text', (c) => c.primaryKey().references('suppression_imports.id').onDelete('cascade'))
    .addColumn('content', binary, (c) => c.notNull())
    .execute();
}
