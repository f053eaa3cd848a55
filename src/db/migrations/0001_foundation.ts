/** Accounts core and the embedded job runner's tables. */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  const { timestamp, bool, json } = d.types;

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('email_verified', bool, (c) => c.notNull().defaultTo(sql`false`))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret_key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('secret_key_hint', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull().unique())
    .addColumn('disabled', bool, (c) => c.notNull().defaultTo(sql`false`))
    .addColumn('tracking', 'text', (c) => c.notNull().defaultTo('ENABLED'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('memberships_pk', ['project_id', 'user_id'])
    .execute();
  await db.schema.createIndex('memberships_user_idx').on('memberships').column('user_id').execute();

  await db.schema
    .createTable('auth_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', timestamp, (c) => c.notNull())
    .execute();

  // The embedded job queue (SQLite). On PostgreSQL Graphile Worker keeps its own schema and
  // this table stays empty; creating it on both keeps one migration history.
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', json, (c) => c.notNull())
    .addColumn('run_at', timestamp, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('locked_at', timestamp)
    .addColumn('locked_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('job_key', 'text', (c) => c.unique())
    .addColumn('failed_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['failed_at', 'run_at']).execute();

  await db.schema
    .createTable('cron_state')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_run_at', timestamp, (c) => c.notNull())
    .execute();
}
