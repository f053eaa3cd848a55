/**
 * PostgreSQL's triggers of the activity feed and the analytics counters of migration 0016 (see
 * 0016_activity_analytics.sql.ts): statement triggers with transition tables for inserts and deletes
 * (one counter write per key and statement, e.g. for a campaign's batch of outbox rows), row triggers
 * guarded by WHEN for updates (an UPDATE trigger with transition tables cannot name columns, and would
 * run for every lease and claim update of the outbox). Counter rows are spread over 16 shards by
 * connection, so concurrent delivery workers rarely wait on one row lock, and one transaction's writes
 * stay on one shard (no two transactions take the same keys' locks in opposite orders).
 */
import {
  addExcluded,
  addFrom,
  backfill,
  CAMPAIGN_ROW,
  COLUMNS,
  campaignKeys,
  deltaArms,
  EMAIL_TIMES,
  eventType,
  FEED_COLUMNS,
  feedTable,
  type HourOf,
  hourKeys,
  METRICS,
  metricSums,
  sums,
  ZEROS,
} from './0016_activity_analytics.sql.ts';

const PG_HOUR: HourOf = (at) => `to_char((${at}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`;
const PG_DAY: HourOf = (at) => `to_char((${at}) at time zone 'UTC', 'YYYY-MM-DD')`;
const PG_SHARD = '(pg_backend_pid() % 16)';

const pgHourKeys = hourKeys(PG_HOUR);

const pgHourUpsert = (arms: string) => `insert into email_hour_counts (project_id, hour, shard, ${COLUMNS})
  select project_id, hour, ${PG_SHARD}, ${sums} from (${arms}) d group by project_id, hour
  on conflict (project_id, hour, shard) do update set ${addExcluded('email_hour_counts')};`;

const pgCampaignUpsert = (
  arms: string,
) => `insert into campaign_email_counts (project_id, campaign_id, shard, ${COLUMNS}, unsubscribed)
  select project_id, campaign_id, ${PG_SHARD}, ${sums}, 0 from (${arms}) d group by project_id, campaign_id
  on conflict (project_id, campaign_id, shard) do update set ${addExcluded('campaign_email_counts')};`;

const pgFeedOfEvents = (rows: string) => `insert into activity_feed (${FEED_COLUMNS})
  select id, project_id, t, contact_id, data->>'emailId', null, null, null, created_at
    from (select r.*, ${eventType('r.name')} as t from ${rows} r) x where t is not null`;

/** The function and trigger deleting the feed items of deleted `table` rows (named by `column`). */
const pgDeleteItemsOf = (table: string, column: string) => [
  `create function ${table}_feed_del() returns trigger language plpgsql as $$ begin
     delete from activity_feed where ${column} in (select id from old_rows);
     return null;
   end $$`,
  `create trigger ${table}_feed_ad after delete on ${table} referencing old table as old_rows
     for each statement execute function ${table}_feed_del()`,
];

export const postgresAnalyticsDdl: string[] = [
  ...feedTable('timestamptz', 'jsonb', ''),
  `create function activity_uuid7(at timestamptz) returns text language sql volatile as $$
     select substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-' || substr(h, 13, 4) || '-' || substr(h, 17, 4) || '-' || substr(h, 21, 12)
       from (select lpad(to_hex(floor(extract(epoch from at) * 1000)::bigint), 12, '0') || '7' || substr(r, 1, 3)
                    || substr('89ab', 1 + floor(random() * 4)::int, 1) || substr(r, 4, 15) as h
               from (select md5(random()::text || clock_timestamp()::text) as r) x) y
   $$`,
  `create function emails_analytics_ins() returns trigger language plpgsql as $$ begin
     ${pgHourUpsert(deltaArms({ keys: pgHourKeys, from: 'new_rows r', newRow: 'r' }))}
     ${pgCampaignUpsert(deltaArms({ keys: campaignKeys, from: 'new_rows r', newRow: 'r', where: CAMPAIGN_ROW('r') }))}
     insert into activity_feed (${FEED_COLUMNS})
       select id, project_id, 'email.suppressed', contact_id, id, null, null, null, updated_at from new_rows where status = 'SUPPRESSED';
     return null;
   end $$`,
  `create function emails_analytics_upd() returns trigger language plpgsql as $$ begin
     ${pgHourUpsert(deltaArms({ keys: pgHourKeys, newRow: 'new', oldRow: 'old' }))}
     ${pgCampaignUpsert(
       deltaArms({ keys: campaignKeys, newRow: 'new', oldRow: 'old', where: CAMPAIGN_ROW('new'), countedOnce: true }),
     )}
     if new.status = 'SUPPRESSED' and old.status <> 'SUPPRESSED' then
       insert into activity_feed (${FEED_COLUMNS})
         values (new.id, new.project_id, 'email.suppressed', new.contact_id, new.id, null, null, null, new.updated_at);
     end if;
     return null;
   end $$`,
  // Deletes only subtract, from the lowest shard: an insert could name a project that a cascading
  // delete is removing.
  `create function emails_analytics_del() returns trigger language plpgsql as $$ begin
     update email_hour_counts c set ${addFrom('d')}
       from (select project_id, hour, ${metricSums}
               from (${deltaArms({ keys: pgHourKeys, from: 'old_rows r', oldRow: 'r' })}) a group by project_id, hour) d
      where c.project_id = d.project_id and c.hour = d.hour
        and c.shard = (select min(x.shard) from email_hour_counts x where x.project_id = d.project_id and x.hour = d.hour);
     update campaign_email_counts c set ${addFrom('d')}
       from (select project_id, campaign_id, ${metricSums}
               from (${deltaArms({ keys: campaignKeys, from: 'old_rows r', oldRow: 'r', where: CAMPAIGN_ROW('r') })}) a
              group by project_id, campaign_id) d
      where c.project_id = d.project_id and c.campaign_id = d.campaign_id
        and c.shard = (select min(x.shard) from campaign_email_counts x
                        where x.project_id = d.project_id and x.campaign_id = d.campaign_id);
     delete from activity_feed where type = 'email.suppressed' and email_id in (select id from old_rows where status = 'SUPPRESSED');
     return null;
   end $$`,
  `create trigger emails_analytics_ai after insert on emails referencing new table as new_rows
     for each statement execute function emails_analytics_ins()`,
  `create trigger emails_analytics_au after update of ${EMAIL_TIMES}, status on emails for each row
     when ((${METRICS.map((m) => `${m.at('new')} is distinct from ${m.at('old')}`).join(' or ')})
           or (new.status = 'SUPPRESSED' and old.status <> 'SUPPRESSED'))
     execute function emails_analytics_upd()`,
  `create trigger emails_analytics_ad after delete on emails referencing old table as old_rows
     for each statement execute function emails_analytics_del()`,
  `create function events_feed_ins() returns trigger language plpgsql as $$ begin
     ${pgFeedOfEvents('new_rows')};
     insert into event_day_counts (project_id, day, name, shard, n)
       select project_id, ${PG_DAY('created_at')}, name, ${PG_SHARD}, count(*) from new_rows
        where ${eventType('name')} = 'event.triggered' group by 1, 2, 3
     on conflict (project_id, day, name, shard) do update set n = event_day_counts.n + excluded.n;
     insert into campaign_email_counts (project_id, campaign_id, shard, ${COLUMNS}, unsubscribed)
       select e.project_id, e.source_id, ${PG_SHARD}, ${ZEROS}, count(*)
         from new_rows v join emails e on e.id = v.data->>'emailId' and e.project_id = v.project_id
        where v.name = 'contact.unsubscribed' and ${CAMPAIGN_ROW('e')}
        group by e.project_id, e.source_id
     on conflict (project_id, campaign_id, shard) do update
       set unsubscribed = campaign_email_counts.unsubscribed + excluded.unsubscribed;
     return null;
   end $$`,
  `create function events_feed_del() returns trigger language plpgsql as $$ begin
     delete from activity_feed f using old_rows o
      where f.project_id = o.project_id and f.created_at = o.created_at and f.id = o.id;
     update event_day_counts c set n = c.n - d.k
       from (select project_id, ${PG_DAY('created_at')} as day, name, count(*) as k from old_rows group by 1, 2, 3) d
      where c.project_id = d.project_id and c.day = d.day and c.name = d.name
        and c.shard = (select min(x.shard) from event_day_counts x
                        where x.project_id = d.project_id and x.day = d.day and x.name = d.name);
     update campaign_email_counts c set unsubscribed = c.unsubscribed - d.k
       from (select e.project_id, e.source_id as campaign_id, count(*) as k
               from old_rows v join emails e on e.id = v.data->>'emailId' and e.project_id = v.project_id
              where v.name = 'contact.unsubscribed' and ${CAMPAIGN_ROW('e')} group by 1, 2) d
      where c.project_id = d.project_id and c.campaign_id = d.campaign_id
        and c.shard = (select min(x.shard) from campaign_email_counts x
                        where x.project_id = d.project_id and x.campaign_id = d.campaign_id);
     return null;
   end $$`,
  `create trigger events_feed_ai after insert on events referencing new table as new_rows
     for each statement execute function events_feed_ins()`,
  `create trigger events_feed_ad after delete on events referencing old table as old_rows
     for each statement execute function events_feed_del()`,
  `create function campaigns_feed_upd() returns trigger language plpgsql as $$ begin
     insert into activity_feed (${FEED_COLUMNS})
       values (activity_uuid7(new.updated_at), new.project_id,
               case new.status when 'SCHEDULED' then 'campaign.scheduled' else 'campaign.sent' end, null, null, new.id, null,
               jsonb_build_object('scheduledAt', new.scheduled_at, 'totalRecipients', new.total_recipients), new.updated_at);
     return null;
   end $$`,
  `create trigger campaigns_feed_au after update of status on campaigns for each row
     when (new.status <> old.status and new.status in ('SCHEDULED', 'SENT'))
     execute function campaigns_feed_upd()`,
  ...pgDeleteItemsOf('campaigns', 'campaign_id'),
  `create function executions_feed_ins() returns trigger language plpgsql as $$ begin
     insert into activity_feed (${FEED_COLUMNS})
       select id, project_id, 'workflow.started', contact_id, null, null, workflow_id,
              jsonb_build_object('executionId', id), started_at from new_rows;
     return null;
   end $$`,
  `create trigger executions_feed_ai after insert on workflow_executions referencing new table as new_rows
     for each statement execute function executions_feed_ins()`,
  `create function executions_feed_upd() returns trigger language plpgsql as $$ begin
     insert into activity_feed (${FEED_COLUMNS})
       values (activity_uuid7(coalesce(new.ended_at, new.updated_at)), new.project_id, 'workflow.completed',
               new.contact_id, null, null, new.workflow_id,
               jsonb_build_object('executionId', new.id, 'status', new.status, 'exitReason', new.exit_reason),
               coalesce(new.ended_at, new.updated_at));
     return null;
   end $$`,
  `create trigger executions_feed_au after update of status on workflow_executions for each row
     when (new.status <> old.status and new.status in ('COMPLETED', 'EXITED'))
     execute function executions_feed_upd()`,
  ...pgDeleteItemsOf('workflows', 'workflow_id'),
  `create function activity_feed_count_ins() returns trigger language plpgsql as $$ begin
     insert into activity_hour_counts (project_id, hour, type, shard, n)
       select project_id, ${PG_HOUR('created_at')}, type, ${PG_SHARD}, count(*) from new_rows group by 1, 2, 3
     on conflict (project_id, hour, type, shard) do update set n = activity_hour_counts.n + excluded.n;
     return null;
   end $$`,
  `create function activity_feed_count_del() returns trigger language plpgsql as $$ begin
     update activity_hour_counts c set n = c.n - d.k
       from (select project_id, ${PG_HOUR('created_at')} as hour, type, count(*) as k from old_rows group by 1, 2, 3) d
      where c.project_id = d.project_id and c.hour = d.hour and c.type = d.type
        and c.shard = (select min(x.shard) from activity_hour_counts x
                        where x.project_id = d.project_id and x.hour = d.hour and x.type = d.type);
     return null;
   end $$`,
  `create trigger activity_feed_count_ai after insert on activity_feed referencing new table as new_rows
     for each statement execute function activity_feed_count_ins()`,
  `create trigger activity_feed_count_ad after delete on activity_feed referencing old table as old_rows
     for each statement execute function activity_feed_count_del()`,
  ...backfill(PG_HOUR, (at) => `activity_uuid7(${at})`, "data->>'emailId'", 'jsonb_build_object'),
  `insert into event_day_counts (project_id, day, name, shard, n)
     select project_id, ${PG_DAY('created_at')}, name, 0, count(*) from events
      where ${eventType('name')} = 'event.triggered' group by 1, 2, 3`,
];
