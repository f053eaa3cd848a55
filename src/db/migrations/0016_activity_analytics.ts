/**
 * The activity feed (one table kept current by triggers, keyset-paged by (created_at, id)) and the
 * analytics counters (per project and UTC hour, per campaign), with the triggers of
 * db/analytics-sql.ts that keep them in the writing transaction, and the indexes /activity/upcoming reads.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';

const METRICS = ['sent', 'delivered', 'opened', 'clicked', 'bounced', 'complained'];

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  const { timestamp, json } = d.types;
  await db.schema
    .createTable('activity_feed')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('contact_id', 'text')
    .addColumn('email_id', 'text')
    .addColumn('campaign_id', 'text')
    .addColumn('workflow_id', 'text')
    .addColumn('data', json)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  // Every page of the feed is one range of one of these (newest first), whatever the filters.
  const feedIndex = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on('activity_feed').columns(columns).execute();
  await feedIndex('activity_feed_project_idx', ['project_id', 'created_at', 'id']);
  await feedIndex('activity_feed_type_idx', ['project_id', 'type', 'created_at', 'id']);
  await feedIndex('activity_feed_contact_idx', ['project_id', 'contact_id', 'created_at', 'id']);
  // Deleting a campaign or workflow deletes its milestones.
  for (const column of ['campaign_id', 'workflow_id']) {
    await db.schema
      .createIndex(`activity_feed_${column}_idx`)
      .on('activity_feed')
      .column(column)
      .where(sql.ref(column), 'is not', null)
      .execute();
  }

  await db.schema
    .createTable('activity_hour_counts')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('activity_hour_counts_pk', ['project_id', 'hour', 'type', 'shard'])
    .execute();

  await db.schema
    .createTable('event_day_counts')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_day_counts_pk', ['project_id', 'day', 'name', 'shard'])
    .execute();

  let hours = db.schema
    .createTable('email_hour_counts')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull());
  for (const m of METRICS) hours = hours.addColumn(m, 'bigint', (c) => c.notNull().defaultTo(0));
  await hours.addPrimaryKeyConstraint('email_hour_counts_pk', ['project_id', 'hour', 'shard']).execute();

  // No foreign key to campaigns: an open of an email whose campaign was deleted must still be stored.
  let campaigns = db.schema
    .createTable('campaign_email_counts')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull());
  for (const m of [...METRICS, 'unsubscribed'])
    campaigns = campaigns.addColumn(m, 'bigint', (c) => c.notNull().defaultTo(0));
  await campaigns.addPrimaryKeyConstraint('campaign_email_counts_pk', ['project_id', 'campaign_id', 'shard']).execute();

  // /activity/upcoming: a project's scheduled campaigns and waiting executions, soonest first.
  await db.schema
    .createIndex('campaigns_project_scheduled_idx')
    .on('campaigns')
    .columns(['project_id', 'scheduled_at'])
    .where(sql.ref('status'), '=', 'SCHEDULED')
    .execute();
  await db.schema
    .createIndex('workflow_executions_project_waiting_idx')
    .on('workflow_executions')
    .columns(['project_id', 'due_at', 'id'])
    .where(sql.ref('status'), '=', 'WAITING')
    .execute();

  for (const statement of d.analyticsDdl) await sql.raw(statement).execute(db);
}
