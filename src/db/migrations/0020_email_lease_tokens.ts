/**
 * Outbox rows are fenced by the token of the claim that holds them, as workflow executions are: a
 * write of a worker whose lease ran out (and whose row another worker claimed since) matches nothing.
 * Before, an attempt count fenced some writes and the lease end others. The column is nullable, so
 * adding it rewrites no row on either database.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table emails add column lease_token text`.execute(db);
}
