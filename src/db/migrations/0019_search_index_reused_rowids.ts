/**
 * SQLite's contact search index (FTS5 behind a watermark) learns of contacts that take the rowid of a
 * deleted one, and an index that already missed such a row is rebuilt (DialectSql.contactIndex).
 * PostgreSQL's index is kept by the database: nothing to do there.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  for (const statement of d.contactIndex.reusedRowidDdl) await sql.raw(statement).execute(db);
}
