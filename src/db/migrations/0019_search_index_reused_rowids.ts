/**
 * SQLite's contact search index (FTS5 behind a watermark): deleting the newest contacts lowers the
 * watermark, so a contact that takes the rowid of a deleted one waits above it to be indexed like any
 * new row; an index that already missed such a row is rebuilt (DialectSql.contactIndex).
 * PostgreSQL's index is kept by the database: nothing to do there.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  for (const statement of d.contactIndex.reusedRowidDdl) await sql.raw(statement).execute(db);
}
