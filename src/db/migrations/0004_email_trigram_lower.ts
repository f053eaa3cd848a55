/**
 * Moves the PostgreSQL email trigram index onto lower(email), so equality lookups of emails (imports,
 * upserts) keep using the unique btree: see `ContactIndexSql.emailIndexDdl`. Nothing to do on SQLite.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  for (const statement of d.contactIndex.emailIndexDdl) await sql.raw(statement).execute(db);
}
