/**
 * Several transports per project (beyond.md §7): each project's own SMTP relays and SES accounts, by
 * stream and priority, with their failure streak and pause kept on the row so every worker sees them;
 * one-second send windows per transport, shared by every worker; and the transport of each attempt in
 * the email log.
 */
import type { Kysely } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  const { timestamp, json, bool } = d.types;
  await db.schema
    .createTable('transports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('ses', json)
    .addColumn('secret', 'text')
    .addColumn('streams', json, (c) => c.notNull())
    .addColumn('rate_per_second', 'integer')
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('enabled', bool, (c) => c.notNull())
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paused_until', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  // Names are unique in a project (the email log names transports); also the project's listing.
  await db.schema
    .createIndex('transports_name_idx')
    .on('transports')
    .columns(['project_id', 'name'])
    .unique()
    .execute();

  await db.schema
    .createTable('transport_rate_windows')
    .addColumn('transport_id', 'text', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('transport_rate_windows_pk', ['transport_id', 'window_start'])
    .execute();

  await db.schema.alterTable('email_attempts').addColumn('transport_id', 'text').execute();
}
