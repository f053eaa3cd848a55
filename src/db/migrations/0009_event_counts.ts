/**
 * Event counters: per (project, name) with the last time the name was seen, and per (project, UTC
 * hour), kept by triggers on `events` (see db/event-counts-sql.ts), so the events API counts without
 * scanning a project's events.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  const { timestamp } = d.types;
  await db.schema
    .createTable('event_counts')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('event_counts_pk', ['project_id', 'name', 'shard'])
    .execute();
  await db.schema
    .createTable('event_hour_counts')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_hour_counts_pk', ['project_id', 'hour', 'shard'])
    .execute();
  for (const statement of d.eventCountsDdl) await sql.raw(statement).execute(db);
}
