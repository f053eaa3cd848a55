/**
 * The dashboard's language per account (beyond.md §11): en, de, fr or es, or null to follow the
 * browser's language.
 */
import type { Kysely } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, _d: DialectSql): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
}
