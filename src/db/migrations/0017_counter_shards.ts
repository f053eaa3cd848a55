/**
 * PostgreSQL's contact and event counter triggers pick their shard by backend instead of at random:
 * with random shards, two transactions that each wrote two events (a bounce and the unsubscribe it
 * causes) could lock two counter rows in opposite orders and deadlock. SQLite has nothing to change.
 */
import { type Kysely, sql } from 'kysely';
import type { DialectSql } from '../dialect.ts';

const POSTGRES: string[] = [
  `create or replace function events_count_ins() returns trigger language plpgsql as $$ begin
     insert into event_counts (project_id, name, shard, n, last_seen_at)
       select project_id, name, pg_backend_pid() % 16, count(*), max(created_at) from new_rows group by 1, 2
     on conflict (project_id, name, shard) do update
       set n = event_counts.n + excluded.n, last_seen_at = greatest(event_counts.last_seen_at, excluded.last_seen_at);
     insert into event_hour_counts (project_id, hour, shard, n)
       select project_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24'), pg_backend_pid() % 16, count(*) from new_rows group by 1, 2
     on conflict (project_id, hour, shard) do update set n = event_hour_counts.n + excluded.n;
     return null;
   end $$`,
  `create or replace function contacts_count_ins() returns trigger language plpgsql as $$ begin
       insert into contact_counts (project_id, shard, n)
         select project_id, pg_backend_pid() % 16, count(*) from new_rows group by project_id
       on conflict (project_id, shard) do update set n = contact_counts.n + excluded.n;
       return null;
     end $$`,
];

export async function up(db: Kysely<unknown>, d: DialectSql): Promise<void> {
  if (d.kind !== 'postgres') return;
  for (const statement of POSTGRES) await sql.raw(statement).execute(db);
}
