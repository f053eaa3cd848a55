/**
 * SQL for project resets: the wipe plan (which tables, in which order) and its slice delete, plus
 * the reset job rows. A reset deletes across every feature's tables, so its SQL lives here in one
 * list rather than as a wipe function per feature; a feature adding a per-project table adds a line
 * (project-safety-reset.test.ts reads every project_id table from the migrated database and fails
 * until each is wiped here, goes by cascade from a table here, or is listed there as kept).
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/index.ts';
import { findProjectRow } from '../../db/project-rows.ts';

/** One table of the wipe: rows with `project_id` = the project, deleted `key` by `key` in slices. */
interface WipeStep {
  table: string;
  /** The column a slice picks rows by: unique within the project (with project_id). */
  key: string;
}

/**
 * In this order: what runs (campaign fan-outs, workflows) goes first, so nothing keeps creating
 * rows while the rest is removed; events and emails before contacts (they have no foreign key to
 * contacts, and are the largest tables); contacts before segments, so segment members and workflow
 * executions go by cascade a slice of contacts at a time rather than a whole segment at once
 * (neither table has a project index to slice by); counters last, once the rows they count are gone.
 * Every step's table is reached through an index leading with project_id.
 */
export const WIPE_PLAN: readonly WipeStep[] = [
  // Cascades to the endpoint's messages and their attempts: nothing more is told about the project.
  { table: 'webhook_endpoints', key: 'id' },
  { table: 'campaign_dispatches', key: 'id' },
  { table: 'campaigns', key: 'id' },
  { table: 'workflow_fanouts', key: 'id' },
  // Cascades to its steps and transitions (a few rows each).
  { table: 'workflows', key: 'id' },
  { table: 'events', key: 'id' },
  { table: 'emails', key: 'id' },
  { table: 'captured_messages', key: 'id' },
  // Cascades, per slice of contacts, to their segment members and workflow executions (and step runs).
  { table: 'contacts', key: 'id' },
  // After the contacts, whose choices and pending confirmations went with them.
  { table: 'topics', key: 'id' },
  { table: 'segments', key: 'id' },
  { table: 'templates', key: 'id' },
  { table: 'domains', key: 'id' },
  // The project's own transports; their rate windows carry no project and are pruned within a minute.
  { table: 'transports', key: 'id' },
  { table: 'import_jobs', key: 'id' },
  { table: 'bulk_jobs', key: 'id' },
  { table: 'suppressions', key: 'id' },
  // Cascades to its stored file.
  { table: 'suppression_imports', key: 'id' },
  { table: 'idempotency_keys', key: 'key' },
  { table: 'activity_log', key: 'id' },
  { table: 'contact_fields', key: 'key' },
  { table: 'deleted_fields', key: 'key' },
  { table: 'field_coverage', key: 'project_id' },
  { table: 'contact_counts', key: 'shard' },
  { table: 'event_counts', key: 'name' },
  { table: 'event_hour_counts', key: 'hour' },
  // Activity and analytics: the delete triggers have already taken the feed items and counts of the
  // rows above; what is left are feed rows of sources kept elsewhere and counters at zero.
  { table: 'activity_feed', key: 'created_at' },
  { table: 'activity_hour_counts', key: 'hour' },
  { table: 'event_day_counts', key: 'day' },
  { table: 'email_hour_counts', key: 'hour' },
  { table: 'campaign_email_counts', key: 'campaign_id' },
  { table: 'marketing_day_counts', key: 'window_start' },
];

/**
 * Deletes up to `limit` of the project's rows of the step's table (the first `limit` keys); returns
 * how many went. Each slice is its own short statement, so no lock is held for long at any scale.
 * The slice is picked in key order through the index leading with (project_id, key), so a slice never
 * walks past the rows earlier slices deleted (a sequential scan would, on PostgreSQL, until a vacuum);
 * the row-value match then looks each picked row up by its key.
 */
export async function deleteSlice(db: Executor, step: WipeStep, projectId: string, limit: number): Promise<number> {
  // The table is data here; table and column names come from WIPE_PLAN only, never from a request.
  const table = sql.table(step.table);
  const key = sql.ref(step.key);
  const r = await sql`delete from ${table} where (project_id, ${key}) in (
      select project_id, ${key} from ${table} where project_id = ${projectId} order by project_id, ${key} limit ${limit})`.execute(
    db,
  );
  return Number(r.numAffectedRows ?? 0);
}

export async function insertReset(
  db: Executor,
  r: { id: string; projectId: string; requestedBy: string; now: Date },
): Promise<void> {
  await db
    .insertInto('projectResets')
    .values({
      id: r.id,
      projectId: r.projectId,
      status: 'queued',
      requestedBy: r.requestedBy,
      createdAt: r.now,
      updatedAt: r.now,
    })
    .execute();
}

export async function findReset(db: Executor, projectId: string, id: string) {
  return findProjectRow(db, 'projectResets', projectId, id);
}

/** The row by id alone (the job's payload carries only the id). */
export async function findResetById(db: Executor, id: string) {
  return db.selectFrom('projectResets').selectAll().where('id', '=', id).executeTakeFirst();
}

export type ResetRow = NonNullable<Awaited<ReturnType<typeof findResetById>>>;
