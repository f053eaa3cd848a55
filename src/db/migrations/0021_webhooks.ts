/**
 * Event webhooks (beyond.md §4): a project's endpoints, one message row per endpoint and thing that
 * happened (written in the transaction of the change), and every attempt to deliver it. A message is
 * a due row: the delivery worker claims due ones under a lease (SENDING with `next_attempt_at` = the
 * lease end), so a killed worker's messages fall due again. Deleting an endpoint deletes its log.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  const { timestamp, json, bool } = d.types;
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', json, (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('enabled', bool, (c) => c.notNull())
    .addColumn('disabled_reason', 'text')
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_until', timestamp)
    .addColumn('failing_since', timestamp)
    .addColumn('failure_streak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('resting_until', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_project_idx')
    .on('webhook_endpoints')
    .columns(['project_id', 'id'])
    .execute();

  await db.schema
    .createTable('webhook_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestamp, (c) => c.notNull())
    .addColumn('lease_token', 'text')
    .addColumn('last_attempt_at', timestamp)
    .addColumn('last_status', 'integer')
    .addColumn('last_body', 'text')
    .addColumn('last_duration_ms', 'integer')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  // The endpoint's log, newest first, with or without a status filter.
  await db.schema
    .createIndex('webhook_messages_endpoint_idx')
    .on('webhook_messages')
    .columns(['endpoint_id', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_messages_endpoint_status_idx')
    .on('webhook_messages')
    .columns(['endpoint_id', 'status', 'id'])
    .execute();
  // The claim's range: only messages still to go.
  await db.schema
    .createIndex('webhook_messages_due_idx')
    .on('webhook_messages')
    .column('next_attempt_at')
    .where(sql.ref('status'), 'in', ['PENDING', 'SENDING'])
    .execute();
  // Old finished messages, for the prune.
  await db.schema.createIndex('webhook_messages_created_idx').on('webhook_messages').column('created_at').execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull().references('webhook_messages.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('at', timestamp, (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_attempts_message_idx')
    .on('webhook_attempts')
    .columns(['message_id', 'id'])
    .execute();
}
