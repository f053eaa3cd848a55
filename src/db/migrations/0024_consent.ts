/**
 * Consent (beyond.md §1–3): a project's topics and each contact's own choice per topic (no row: the
 * topic's default), when a contact confirmed a double opt-in, the project's sign-up settings, the
 * pending confirmations a double opt-in stores until its link is followed, and the SHA-256 of erased
 * addresses, which no send reaches again unless the address confirms a new sign-up. A campaign may
 * be sent to the subscribers of one topic.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  const { timestamp, json, bool } = d.types;
  await db.schema
    .createTable('topics')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('default_subscribed', bool, (c) => c.notNull())
    .addColumn('public', bool, (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('topics_project_idx').on('topics').columns(['project_id', 'id']).execute();

  await db.schema
    .createTable('contact_topics')
    .addColumn('contact_id', 'text', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('topic_id', 'text', (c) => c.notNull().references('topics.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('subscribed', bool, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('contact_topics_pk', ['contact_id', 'topic_id'])
    .execute();
  // A topic's subscriber count and its choices, without reading other topics' rows.
  await db.schema
    .createIndex('contact_topics_topic_idx')
    .on('contact_topics')
    .columns(['topic_id', 'subscribed', 'contact_id'])
    .execute();

  await db.schema.alterTable('contacts').addColumn('confirmed_at', timestamp).execute();
  await db.schema.alterTable('campaigns').addColumn('topic_id', 'text').execute();

  for (const [column, type, options] of [
    ['double_opt_in', bool, 'not null default false'],
    ['signup_from', 'text', ''],
    ['allowed_origins', json, ''],
    ['confirmation_template_id', 'text', ''],
    ['signup_form', json, ''],
  ] as const) {
    await sql.raw(`alter table projects add column ${column} ${type} ${options}`).execute(db);
  }

  await db.schema
    .createTable('pending_confirmations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('contact_id', 'text', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('topics', json, (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('confirmed_at', timestamp)
    .execute();
  // The 3-per-24-hours rule counts an address's recent confirmations.
  await db.schema
    .createIndex('pending_confirmations_email_idx')
    .on('pending_confirmations')
    .columns(['project_id', 'email', 'created_at'])
    .execute();
  await db.schema
    .createIndex('pending_confirmations_contact_idx')
    .on('pending_confirmations')
    .column('contact_id')
    .execute();

  await db.schema
    .createTable('erased_addresses')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('email_hash', 'text', (c) => c.notNull())
    .addColumn('erased_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('erased_addresses_pk', ['project_id', 'email_hash'])
    .execute();
}
