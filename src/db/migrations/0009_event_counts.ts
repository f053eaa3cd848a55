/**
 * Event counters: per (project, name) with the last time the name was seen, and per (project, UTC
 * hour), kept by triggers on `events`, so the events API counts without scanning a project's events.
 * Hour keys are the first 13 characters of an ISO timestamp (`2026-11-22T10`), so they sort as text.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';

// SQLite: row triggers; one writer at a time, so one counter row per key is enough.
const SQLITE: string[] = [
  `create trigger events_count_ai after insert on events begin
     insert into event_counts (project_id, name, shard, n, last_seen_at)
       values (new.project_id, new.name, 0, 1, new.created_at)
     on conflict (project_id, name, shard) do update
       set n = n + 1, last_seen_at = max(last_seen_at, excluded.last_seen_at);
     insert into event_hour_counts (project_id, hour, shard, n)
       values (new.project_id, substr(new.created_at, 1, 13), 0, 1)
     on conflict (project_id, hour, shard) do update set n = n + 1;
   end`,
  `create trigger events_count_ad after delete on events begin
     update event_counts set n = n - 1 where project_id = old.project_id and name = old.name and shard = 0;
     update event_hour_counts set n = n - 1
       where project_id = old.project_id and hour = substr(old.created_at, 1, 13) and shard = 0;
   end`,
  `insert into event_counts (project_id, name, shard, n, last_seen_at)
     select project_id, name, 0, count(*), max(created_at) from events group by project_id, name`,
  `insert into event_hour_counts (project_id, hour, shard, n)
     select project_id, substr(created_at, 1, 13), 0, count(*) from events group by 1, 2`,
];

const PG_HOUR = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`;

// PostgreSQL: statement triggers with transition tables (one counter write per key and statement),
// spread over 16 rows per key so concurrent writers of one event name rarely wait on one row lock.
// Deletes subtract from the lowest shard; the count is always the sum of a key's rows.
// The shard is the backend's, not a random one: a transaction writing two events in two statements
// (a bounce, then the unsubscribe it causes) then takes one hour row, not two in an order another
// such transaction may reverse (a deadlock the SNS storm hit: reliability/sns-storm.test.ts).
const POSTGRES_EVENTS_COUNT_INS = `create or replace function events_count_ins() returns trigger language plpgsql as $$ begin
     insert into event_counts (project_id, name, shard, n, last_seen_at)
       select project_id, name, pg_backend_pid() % 16, count(*), max(created_at) from new_rows group by 1, 2
     on conflict (project_id, name, shard) do update
       set n = event_counts.n + excluded.n, last_seen_at = greatest(event_counts.last_seen_at, excluded.last_seen_at);
     insert into event_hour_counts (project_id, hour, shard, n)
       select project_id, ${PG_HOUR('created_at')}, pg_backend_pid() % 16, count(*) from new_rows group by 1, 2
     on conflict (project_id, hour, shard) do update set n = event_hour_counts.n + excluded.n;
     return null;
   end $$`;

const POSTGRES: string[] = [
  POSTGRES_EVENTS_COUNT_INS,
  // Update only: an insert here could name a project that a cascading delete is removing.
  `create function events_count_del() returns trigger language plpgsql as $$ begin
     update event_counts c set n = c.n - d.k
       from (select project_id, name, count(*) as k from old_rows group by 1, 2) d
      where c.project_id = d.project_id and c.name = d.name
        and c.shard = (select min(x.shard) from event_counts x where x.project_id = d.project_id and x.name = d.name);
     update event_hour_counts c set n = c.n - d.k
       from (select project_id, ${PG_HOUR('created_at')} as hour, count(*) as k from old_rows group by 1, 2) d
      where c.project_id = d.project_id and c.hour = d.hour
        and c.shard = (select min(x.shard) from event_hour_counts x where x.project_id = d.project_id and x.hour = d.hour);
     return null;
   end $$`,
  `create trigger events_count_ai after insert on events referencing new table as new_rows
     for each statement execute function events_count_ins()`,
  `create trigger events_count_ad after delete on events referencing old table as old_rows
     for each statement execute function events_count_del()`,
  `insert into event_counts (project_id, name, shard, n, last_seen_at)
     select project_id, name, 0, count(*), max(created_at) from events group by 1, 2`,
  `insert into event_hour_counts (project_id, hour, shard, n)
     select project_id, ${PG_HOUR('created_at')}, 0, count(*) from events group by 1, 2`,
];

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
  for (const statement of d.kind === 'postgres' ? POSTGRES : SQLITE) await sql.raw(statement).execute(db);
}
