/**
 * The activity feed (one table kept current by triggers, keyset-paged by (created_at, id)) and the
 * analytics counters (per project and UTC hour, per campaign), with the triggers that keep them in
 * the writing transaction (0016_activity_analytics.*sql.ts, used by this migration only), and the
 * indexes /activity/upcoming reads.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';
import { postgresAnalyticsDdl } from './0016_activity_analytics.postgres.sql.ts';
import { sqliteAnalyticsDdl } from './0016_activity_analytics.sqlite.sql.ts';

const METRICS = ['sent', 'delivered', 'opened', 'clicked', 'bounced', 'complained'];

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  // The feed table and its indexes differ by database (WITHOUT ROWID on SQLite): feedTable().
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

  for (const statement of d.kind === 'postgres' ? postgresAnalyticsDdl : sqliteAnalyticsDdl)
    await sql.raw(statement).execute(db);
}
