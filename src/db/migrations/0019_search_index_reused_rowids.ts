/**
 * SQLite's contact search index (FTS5 behind a watermark) kept whole when SQLite hands a new contact
 * the rowid of a deleted one (it reuses the largest rowids after a delete): such a row would sit at or
 * under the watermark, so the batch indexer would never reach it, and deleting it later would ask
 * FTS5 to delete an entry it never had, which corrupts the index ("database disk image is malformed").
 * Deleting the newest contacts now lowers the watermark to the newest one left, so no new row lands
 * under it; an index already hurt so is rebuilt. PostgreSQL's index is kept by the database: nothing
 * to do there.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';

const FTS_WATERMARK = `(select watermark from search_watermarks where name = 'contacts_email')`;

const SQLITE: string[] = [
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
];

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  if (d.kind === 'postgres') return;
  for (const statement of SQLITE) await sql.raw(statement).execute(db);
}
