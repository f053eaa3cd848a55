/**
 * SMTP submission (beyond.md §6): how a transactional email arrived, `api` (/v1/send) or `smtp`
 * (the submission listener), shown as `via` in the email log. Null for campaign, workflow and
 * account mail, and for rows stored before this migration.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table emails add column via text`.execute(db);
}
