/**
 * Fewer B-trees under every accepted email. An email from /v1/send has no source id, no transport
 * message id and no sent or bounce time yet, but was entered in each index on those columns all the
 * same: measured on SQLite (bench of one accepted row, 5 a transaction), the four indexes below as
 * partial ones and the redundant one dropped take the insert from 147 to 81 µs and its share of the
 * commit with it. Every query of these indexes names the column with a comparison, which both
 * planners read as "not null", so each still uses its index:
 * - emails_source_idx, emails_project_campaign_idx: a campaign's emails (`source_id = ?`, `in (…)`);
 * - emails_transport_id_idx: a provider's report (`transport_message_id = ?`);
 * - emails_project_sent_idx: the safety window (safety.repo.ts repeats the predicate, since its
 *   second count asks for `sent_at is null` with a bounce time);
 * - emails_contact_created_idx goes: the contact's email facts look up by contact only, which
 *   emails_contact_idx (contact_id, id) answers, ids being time-ordered.
 */
import { type Kysely, sql } from 'kysely';

const STATEMENTS = [
  'drop index emails_contact_created_idx',
  'drop index emails_source_idx',
  'create index emails_source_idx on emails (source_id, status) where source_id is not null',
  'drop index emails_project_campaign_idx',
  `create index emails_project_campaign_idx on emails (project_id, source_type, source_id, id)
     where source_id is not null`,
  'drop index emails_transport_id_idx',
  `create index emails_transport_id_idx on emails (transport_message_id)
     where transport_message_id is not null`,
  'drop index emails_project_sent_idx',
  `create index emails_project_sent_idx on emails (project_id, sent_at, bounced_at, complained_at)
     where sent_at is not null or bounced_at is not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
