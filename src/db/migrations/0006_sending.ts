/**
 * Sending: templates, the outbox (one `emails` row per message, written before anything goes out),
 * attachments, the capture transport's stored messages, per-project suppressions, idempotency keys
 * of /v1/send, the send-rate windows shared by every delivery worker, and SNS message ids seen.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  const { timestamp, json, binary } = d.types;

  await db.schema
    .createTable('templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('from_email', 'text')
    .addColumn('from_name', 'text')
    .addColumn('reply_to', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('templates_project_idx').on('templates').columns(['project_id', 'id']).execute();

  await db.schema
    .createTable('emails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    // Kept when the contact is deleted: the email happened; the row keeps the address it went to.
    .addColumn('contact_id', 'text')
    .addColumn('template_id', 'text')
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text')
    .addColumn('email_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // 0 transactional, 1 bulk (campaign, workflow): transactional mail is claimed first.
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('to_email', 'text', (c) => c.notNull())
    .addColumn('to_name', 'text')
    .addColumn('from_email', 'text', (c) => c.notNull())
    .addColumn('from_name', 'text')
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('headers', json, (c) => c.notNull())
    .addColumn('has_attachments', d.types.bool, (c) => c.notNull().defaultTo(sql`false`))
    // Our own Message-ID (stable across retries) and the transport's id once it accepted the message.
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('transport_message_id', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestamp, (c) => c.notNull())
    .addColumn('lease_until', timestamp)
    .addColumn('last_error', 'text')
    .addColumn('sent_at', timestamp)
    .addColumn('delivered_at', timestamp)
    .addColumn('bounced_at', timestamp)
    .addColumn('complained_at', timestamp)
    .addColumn('opened_at', timestamp)
    .addColumn('open_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clicked_at', timestamp)
    .addColumn('click_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('emails_project_idx').on('emails').columns(['project_id', 'id']).execute();
  await db.schema.createIndex('emails_contact_idx').on('emails').columns(['contact_id', 'id']).execute();
  await db.schema.createIndex('emails_source_idx').on('emails').columns(['source_id', 'status']).execute();
  await db.schema.createIndex('emails_transport_id_idx').on('emails').column('transport_message_id').execute();
  // The delivery claim: only rows still to go are indexed, so the index stays as small as the backlog.
  await db.schema
    .createIndex('emails_due_idx')
    .on('emails')
    .columns(['priority', 'next_attempt_at', 'id'])
    .where(sql.ref('status'), 'in', ['PENDING', 'SENDING'])
    .execute();

  await db.schema
    .createTable('email_attachments')
    .addColumn('email_id', 'text', (c) => c.notNull().references('emails.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('content_id', 'text')
    .addColumn('disposition', 'text', (c) => c.notNull())
    .addColumn('content', binary, (c) => c.notNull())
    .addPrimaryKeyConstraint('email_attachments_pk', ['email_id', 'position'])
    .execute();

  await db.schema
    .createTable('captured_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('email_id', 'text', (c) => c.notNull())
    .addColumn('to_email', 'text', (c) => c.notNull())
    .addColumn('from_email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('headers', json, (c) => c.notNull())
    .addColumn('raw', binary, (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('captured_messages_project_idx')
    .on('captured_messages')
    .columns(['project_id', 'id'])
    .execute();
  await db.schema
    .createIndex('captured_messages_to_idx')
    .on('captured_messages')
    .columns(['project_id', 'to_email', 'id'])
    .execute();

  await db.schema
    .createTable('suppressions')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('email_id', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('suppressions_pk', ['project_id', 'email'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response', json)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['project_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_expiry_idx').on('idempotency_keys').column('expires_at').execute();

  // Fixed one-second windows: every delivery worker reserves its share of a project's rate here.
  await db.schema
    .createTable('send_rate_windows')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('send_rate_windows_pk', ['project_id', 'window_start'])
    .execute();

  await db.schema
    .createTable('sns_messages')
    .addColumn('message_id', 'text', (c) => c.primaryKey())
    .addColumn('received_at', timestamp, (c) => c.notNull())
    .execute();

  // Emails per second a project may send; null: the configured default.
  await db.schema.alterTable('projects').addColumn('send_rate_per_second', 'integer').execute();
}
