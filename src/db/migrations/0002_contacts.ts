/** Contacts, their per-project field types, import and bulk job rows, and the event rows they emit. */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  const { timestamp, bool, json } = d.types;

  await db.schema
    .createTable('contacts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subscribed', bool, (c) => c.notNull().defaultTo(sql`true`))
    .addColumn('data', json, (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  // Upsert, lookup, import and the email search scan all go through (project_id, email).
  await db.schema
    .createIndex('contacts_project_email_uq')
    .on('contacts')
    .columns(['project_id', 'email'])
    .unique()
    .execute();
  // Keyset pages (ids are UUIDv7, so id order is creation order) and project-wide counts. The email
  // rides along so a substring search scans this index alone (measured: 2x faster on SQLite at 1M).
  await db.schema
    .createIndex('contacts_project_id_idx')
    .on('contacts')
    .columns(['project_id', 'id', 'email'])
    .execute();

  // The type of a custom field is fixed by the first non-null value seen in the project.
  await db.schema
    .createTable('contact_fields')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('contact_fields_pk', ['project_id', 'key'])
    .execute();

  await db.schema
    .createTable('import_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('delimiter', 'text', (c) => c.notNull())
    .addColumn('total_rows', 'integer', (c) => c.notNull())
    // Records consumed from the file (blank lines included): where a resumed run picks up.
    .addColumn('cursor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', json, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addColumn('finished_at', timestamp)
    .execute();
  await db.schema.createIndex('import_jobs_status_idx').on('import_jobs').columns(['status', 'updated_at']).execute();

  // The uploaded file waits in the database, not on the API's disk, so a worker on another host can
  // read it; the row goes when the job ends (or with the job).
  await db.schema
    .createTable('import_files')
    .addColumn('import_id', 'text', (c) => c.primaryKey().references('import_jobs.id').onDelete('cascade'))
    .addColumn('content', d.types.binary, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('bulk_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('contact_ids', json, (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('succeeded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addColumn('finished_at', timestamp)
    .execute();
  await db.schema.createIndex('bulk_jobs_status_idx').on('bulk_jobs').columns(['status', 'updated_at']).execute();

  // Event rows; no foreign key to contacts, so history outlives a deleted contact.
  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('contact_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('data', json, (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_project_name_idx').on('events').columns(['project_id', 'name']).execute();
  await db.schema
    .createIndex('events_project_contact_idx')
    .on('events')
    .columns(['project_id', 'contact_id'])
    .execute();
}
