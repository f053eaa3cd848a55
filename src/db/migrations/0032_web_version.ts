/**
 * The web version and the public archive (beyond.md §11): a campaign's `archive` flag (false for
 * every existing campaign), and the index the archive pages read through: a project's campaigns by
 * flag, newest sent first, so a page of the archive is one index range, never a scan of the project.
 * The web version itself needs no column: it shows the email row as it was sent.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  const { bool } = d.types;
  await db.schema
    .alterTable('campaigns')
    .addColumn('archive', bool, (c) => c.notNull().defaultTo(sql`false`))
    .execute();
  await db.schema
    .createIndex('campaigns_archive_idx')
    .on('campaigns')
    .columns(['project_id', 'archive', 'sent_at', 'id'])
    .execute();
}
