/**
 * PostgreSQL's contact and event counter triggers pick their shard by backend instead of at random:
 * with random shards, two transactions that each wrote two events (a bounce and the unsubscribe it
 * causes) could lock two counter rows in opposite orders and deadlock. SQLite has nothing to change.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  for (const statement of d.counterShardDdl) await sql.raw(statement).execute(db);
}
