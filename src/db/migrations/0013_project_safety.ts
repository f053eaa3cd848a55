/**
 * Project safety: the default locale setting, automatic suspensions, project resets (a job row), and
 * the indexes the safety reads need: the window counts of emails by (project_id, sent_at) with the
 * feedback stamps in the index (so counting never reads the rows), and domains by project.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  const { timestamp } = d.types;

  await db.schema.alterTable('projects').addColumn('default_locale', 'text').execute();

  await db.schema
    .createTable('project_suspensions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('sent', 'integer', (c) => c.notNull())
    .addColumn('bounced', 'integer', (c) => c.notNull())
    .addColumn('complained', 'integer', (c) => c.notNull())
    .addColumn('window_start', timestamp, (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('lifted_at', timestamp)
    .addColumn('lifted_by', 'text')
    .execute();
  await db.schema
    .createIndex('project_suspensions_project_idx')
    .on('project_suspensions')
    .columns(['project_id', 'id'])
    .execute();

  await db.schema
    .createTable('project_resets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', timestamp)
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addColumn('finished_at', timestamp)
    .execute();
  await db.schema
    .createIndex('project_resets_project_idx')
    .on('project_resets')
    .columns(['project_id', 'id'])
    .execute();
  await db.schema
    .createIndex('project_resets_status_idx')
    .on('project_resets')
    .columns(['status', 'updated_at'])
    .execute();
  // At most one reset of a project runs at a time: two concurrent requests cannot both start one.
  await db.schema
    .createIndex('project_resets_active_uq')
    .on('project_resets')
    .column('project_id')
    .unique()
    .where(sql.ref('status'), 'in', ['queued', 'processing'])
    .execute();

  // Window counts (security view, suspension check): sent in the window, and bounced-at-send rows
  // (sent_at null) by bounced_at, both answered from the index alone.
  await db.schema
    .createIndex('emails_project_sent_idx')
    .on('emails')
    .columns(['project_id', 'sent_at', 'bounced_at', 'complained_at'])
    .execute();
  // A reset deletes a project's rows of these tables in slices, each found through one of these.
  await db.schema.createIndex('domains_project_idx').on('domains').columns(['project_id', 'id']).execute();
  await db.schema.createIndex('import_jobs_project_idx').on('import_jobs').columns(['project_id', 'id']).execute();
  await db.schema.createIndex('bulk_jobs_project_idx').on('bulk_jobs').columns(['project_id', 'id']).execute();
  await db.schema
    .createIndex('campaign_dispatches_project_idx')
    .on('campaign_dispatches')
    .columns(['project_id', 'id'])
    .execute();
  await db.schema
    .createIndex('workflow_fanouts_project_idx')
    .on('workflow_fanouts')
    .columns(['project_id', 'id'])
    .execute();
}
