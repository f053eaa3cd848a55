/**
 * Segments, their member rows, campaigns and the campaign fan-out's job rows, plus the indexes the
 * filter language and the events API read through.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  const { timestamp, json, bool } = d.types;

  await db.schema
    .createTable('segments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    // The normalised filter tree (JSON); null for a STATIC segment.
    .addColumn('filter', json)
    .addColumn('track_membership', bool, (c) => c.notNull().defaultTo(sql`false`))
    .addColumn('member_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('counted_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('segments_project_idx').on('segments').columns(['project_id', 'id']).execute();

  // A STATIC segment's members, and a tracked DYNAMIC segment's membership as last computed.
  await db.schema
    .createTable('segment_members')
    .addColumn('segment_id', 'text', (c) => c.notNull().references('segments.id').onDelete('cascade'))
    .addColumn('contact_id', 'text', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('segment_members_pk', ['segment_id', 'contact_id'])
    .execute();
  await db.schema.createIndex('segment_members_contact_idx').on('segment_members').column('contact_id').execute();

  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('from_email', 'text', (c) => c.notNull())
    .addColumn('from_name', 'text')
    .addColumn('reply_to', 'text')
    .addColumn('email_type', 'text', (c) => c.notNull())
    .addColumn('audience_type', 'text', (c) => c.notNull())
    .addColumn('segment_id', 'text')
    // The normalised filter tree (JSON) of a FILTERED audience.
    .addColumn('audience_filter', json)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('scheduled_at', timestamp)
    .addColumn('started_at', timestamp)
    .addColumn('sent_at', timestamp)
    .addColumn('cancelled_at', timestamp)
    .addColumn('total_recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('campaigns_project_idx').on('campaigns').columns(['project_id', 'id']).execute();
  // The scheduler's sweep: due SCHEDULED campaigns.
  await db.schema.createIndex('campaigns_status_idx').on('campaigns').columns(['status', 'scheduled_at']).execute();
  await db.schema.createIndex('campaigns_segment_idx').on('campaigns').columns(['segment_id']).execute();

  // One job row per started send (id = the campaign's id): the fan-out's cursor over contact ids, the
  // audience bound frozen when sending started, and the lease of the run (src/jobs/job-rows.ts).
  await db.schema
    .createTable('campaign_dispatches')
    .addColumn('id', 'text', (c) => c.primaryKey().references('campaigns.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('max_contact_id', 'text')
    .addColumn('cursor', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('queued', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', timestamp)
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addColumn('finished_at', timestamp)
    .execute();
  await db.schema
    .createIndex('campaign_dispatches_status_idx')
    .on('campaign_dispatches')
    .columns(['status', 'updated_at'])
    .execute();

  // Every recipient at most once per campaign: a replayed batch inserts nothing.
  await db.schema
    .createIndex('emails_campaign_contact_uq')
    .on('emails')
    .columns(['source_id', 'contact_id'])
    .unique()
    .where(sql.ref('source_type'), '=', 'CAMPAIGN')
    .execute();

  // Events: the project's feed by id (cursor lists), by name, and a contact's events by name and time
  // (the filter language's `triggered` counts).
  await db.schema.dropIndex('events_project_name_idx').execute();
  await db.schema.dropIndex('events_project_contact_idx').execute();
  await db.schema.createIndex('events_project_id_idx').on('events').columns(['project_id', 'id']).execute();
  await db.schema.createIndex('events_project_name_idx').on('events').columns(['project_id', 'name', 'id']).execute();
  await db.schema
    .createIndex('events_contact_name_idx')
    .on('events')
    .columns(['contact_id', 'name', 'created_at'])
    .execute();
  // Email facts of a contact (`email.opened` …) for the filter language.
  await db.schema
    .createIndex('emails_contact_created_idx')
    .on('emails')
    .columns(['contact_id', 'created_at'])
    .execute();
}
