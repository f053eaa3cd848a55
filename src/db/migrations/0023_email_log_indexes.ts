/**
 * The email log's filters (beyond.md §5) as index ranges read newest first, so no page or capped
 * count reads the project's other emails: by status, by recipient (case-insensitive, on
 * lower(to_email): a workflow's custom recipient is stored as written), by source type, and by
 * campaign (source type and id: with one more equality than the source type's index, SQLite's
 * planner prefers it without statistics). Pages without these filters read emails_project_idx
 * (project_id, id); several filters read the index of one of them and filter the rest.
 */
import { type Kysely, sql } from 'kysely';

const STATEMENTS = [
  'create index emails_project_status_idx on emails (project_id, status, id)',
  'create index emails_project_recipient_idx on emails (project_id, lower(to_email), id)',
  'create index emails_project_source_idx on emails (project_id, source_type, id)',
  'create index emails_project_campaign_idx on emails (project_id, source_type, source_id, id)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
