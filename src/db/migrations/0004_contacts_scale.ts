/**
 * What keeps contact requests off whole-project scans: per-project contact counters (kept by
 * triggers), the email trigram index, and the cached field coverage for large projects.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';

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

  for (const statement of d.contactIndex.ddl) await sql.raw(statement).execute(db);
}
