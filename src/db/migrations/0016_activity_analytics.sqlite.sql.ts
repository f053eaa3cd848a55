/**
 * SQLite's triggers of the activity feed and the analytics counters of migration 0016 (see
 * 0016_activity_analytics.sql.ts): row triggers; one writer at a time, so every counter key has one row (shard 0).
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

const SQLITE_HOUR: HourOf = (at) => `substr(${at}, 1, 13)`;

/** A UUIDv7 text from a SQLite ISO timestamp expression (ids of feed rows no source row names). */
function sqliteUuid7(at: string): string {
  const h = `printf('%012x', cast(round((julianday(${at}) - 2440587.5) * 86400000) as integer)) || '7'
    || substr(lower(hex(randomblob(2))), 1, 3) || substr('89ab', 1 + abs(random()) % 4, 1)
    || substr(lower(hex(randomblob(8))), 1, 15)`;
  return `(select substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-' || substr(h, 13, 4) || '-' || substr(h, 17, 4)
    || '-' || substr(h, 21, 12) from (select ${h} as h))`;
}

const sqliteHourUpsert = (arms: string) => `insert into email_hour_counts (project_id, hour, shard, ${COLUMNS})
  select project_id, hour, 0, ${sums} from (${arms}) where true group by project_id, hour
  on conflict (project_id, hour, shard) do update set ${addExcluded('email_hour_counts')};`;

const sqliteCampaignUpsert = (
  arms: string,
) => `insert into campaign_email_counts (project_id, campaign_id, shard, ${COLUMNS}, unsubscribed)
  select project_id, campaign_id, 0, ${sums}, 0 from (${arms}) where true group by project_id, campaign_id
  on conflict (project_id, campaign_id, shard) do update set ${addExcluded('campaign_email_counts')};`;

const sqliteHourKeys = hourKeys(SQLITE_HOUR);
const timesMoved = METRICS.map((m) => `${m.at('new')} is not ${m.at('old')}`).join(' or ');

/** The trigger deleting the feed items of a deleted `table` row (named by `column`). */
const sqliteDeleteItemsOf = (
  table: string,
  column: string,
) => `create trigger ${table}_feed_ad after delete on ${table} begin
     delete from activity_feed where ${column} = old.id;
   end`;

export const sqliteAnalyticsDdl: string[] = [
  ...feedTable('text', 'text', ' without rowid'),
  `create trigger emails_analytics_ai after insert on emails
     when ${METRICS.map((m) => `${m.at('new')} is not null`).join(' or ')} or new.status = 'SUPPRESSED' begin
     ${sqliteHourUpsert(deltaArms({ keys: sqliteHourKeys, newRow: 'new' }))}
     ${sqliteCampaignUpsert(deltaArms({ keys: campaignKeys, newRow: 'new', where: CAMPAIGN_ROW('new') }))}
     insert into activity_feed (${FEED_COLUMNS})
       select new.id, new.project_id, 'email.suppressed', new.contact_id, new.id, null, null, null, new.updated_at
       where new.status = 'SUPPRESSED';
   end`,
  `create trigger emails_analytics_au after update of ${EMAIL_TIMES} on emails when ${timesMoved} begin
     ${sqliteHourUpsert(deltaArms({ keys: sqliteHourKeys, newRow: 'new', oldRow: 'old' }))}
     ${sqliteCampaignUpsert(
       deltaArms({
         keys: campaignKeys,
         newRow: 'new',
         oldRow: 'old',
         where: CAMPAIGN_ROW('new'),
         countedOnce: true,
       }),
     )}
   end`,
  `create trigger emails_suppressed_au after update of status on emails
     when new.status = 'SUPPRESSED' and old.status <> 'SUPPRESSED' begin
     insert into activity_feed (${FEED_COLUMNS})
       values (new.id, new.project_id, 'email.suppressed', new.contact_id, new.id, null, null, null, new.updated_at);
   end`,
  // Deletes only subtract: an insert could name a project that a cascading delete is removing.
  // The updated tables are named in full, not aliased: SQLite re-parses every trigger on any ALTER TABLE
  // … RENAME, and an aliased UPDATE … FROM target fails there ("no such column: c.sent").
  `create trigger emails_analytics_ad after delete on emails begin
     update email_hour_counts set ${addFrom('d', 'email_hour_counts')}
       from (select project_id, hour, ${metricSums}
             from (${deltaArms({ keys: sqliteHourKeys, oldRow: 'old' })}) where true group by project_id, hour) d
      where email_hour_counts.project_id = d.project_id and email_hour_counts.hour = d.hour
        and email_hour_counts.shard = 0;
     update campaign_email_counts set ${addFrom('d', 'campaign_email_counts')}
       from (select project_id, campaign_id, ${metricSums}
             from (${deltaArms({ keys: campaignKeys, oldRow: 'old', where: CAMPAIGN_ROW('old') })}) where true
             group by project_id, campaign_id) d
      where campaign_email_counts.project_id = d.project_id and campaign_email_counts.campaign_id = d.campaign_id
        and campaign_email_counts.shard = 0;
     delete from activity_feed where type = 'email.suppressed' and email_id = old.id and old.status = 'SUPPRESSED';
   end`,
  `create trigger events_feed_ai after insert on events when ${eventType('new.name')} is not null begin
     insert into activity_feed (${FEED_COLUMNS})
       values (new.id, new.project_id, ${eventType('new.name')}, new.contact_id,
               json_extract(new.data, '$.emailId'), null, null, null, new.created_at);
     insert into event_day_counts (project_id, day, name, shard, n)
       select new.project_id, substr(new.created_at, 1, 10), new.name, 0, 1
        where ${eventType('new.name')} = 'event.triggered'
     on conflict (project_id, day, name, shard) do update set n = n + 1;
   end`,
  `create trigger events_unsubscribed_ai after insert on events when new.name = 'contact.unsubscribed' begin
     insert into campaign_email_counts (project_id, campaign_id, shard, ${COLUMNS}, unsubscribed)
       select e.project_id, e.source_id, 0, ${ZEROS}, 1 from emails e
        where e.id = json_extract(new.data, '$.emailId') and e.project_id = new.project_id and ${CAMPAIGN_ROW('e')}
     on conflict (project_id, campaign_id, shard) do update set unsubscribed = campaign_email_counts.unsubscribed + 1;
   end`,
  `create trigger events_feed_ad after delete on events begin
     delete from activity_feed where project_id = old.project_id and created_at = old.created_at and id = old.id;
     update event_day_counts set n = n - 1
      where project_id = old.project_id and day = substr(old.created_at, 1, 10) and name = old.name and shard = 0;
     update campaign_email_counts set unsubscribed = unsubscribed - 1
      where old.name = 'contact.unsubscribed' and shard = 0 and project_id = old.project_id
        and campaign_id = (select e.source_id from emails e where e.id = json_extract(old.data, '$.emailId')
                            and e.project_id = old.project_id and ${CAMPAIGN_ROW('e')});
   end`,
  `create trigger campaigns_feed_au after update of status on campaigns
     when new.status <> old.status and new.status in ('SCHEDULED', 'SENT') begin
     insert into activity_feed (${FEED_COLUMNS})
       values (${sqliteUuid7('new.updated_at')}, new.project_id,
               case new.status when 'SCHEDULED' then 'campaign.scheduled' else 'campaign.sent' end, null, null, new.id, null,
               json_object('scheduledAt', new.scheduled_at, 'totalRecipients', new.total_recipients), new.updated_at);
   end`,
  sqliteDeleteItemsOf('campaigns', 'campaign_id'),
  `create trigger executions_feed_ai after insert on workflow_executions begin
     insert into activity_feed (${FEED_COLUMNS})
       values (new.id, new.project_id, 'workflow.started', new.contact_id, null, null, new.workflow_id,
               json_object('executionId', new.id), new.started_at);
   end`,
  `create trigger executions_feed_au after update of status on workflow_executions
     when new.status <> old.status and new.status in ('COMPLETED', 'EXITED') begin
     insert into activity_feed (${FEED_COLUMNS})
       values (${sqliteUuid7('coalesce(new.ended_at, new.updated_at)')}, new.project_id, 'workflow.completed',
               new.contact_id, null, null, new.workflow_id,
               json_object('executionId', new.id, 'status', new.status, 'exitReason', new.exit_reason),
               coalesce(new.ended_at, new.updated_at));
   end`,
  sqliteDeleteItemsOf('workflows', 'workflow_id'),
  `create trigger activity_feed_count_ai after insert on activity_feed begin
     insert into activity_hour_counts (project_id, hour, type, shard, n)
       values (new.project_id, ${SQLITE_HOUR('new.created_at')}, new.type, 0, 1)
     on conflict (project_id, hour, type, shard) do update set n = n + 1;
   end`,
  `create trigger activity_feed_count_ad after delete on activity_feed begin
     update activity_hour_counts set n = n - 1
      where project_id = old.project_id and hour = ${SQLITE_HOUR('old.created_at')} and type = old.type and shard = 0;
   end`,
  ...backfill(SQLITE_HOUR, sqliteUuid7, "json_extract(data, '$.emailId')", 'json_object'),
  `insert into event_day_counts (project_id, day, name, shard, n)
     select project_id, substr(created_at, 1, 10), name, 0, count(*) from events
      where ${eventType('name')} = 'event.triggered' group by 1, 2, 3`,
];
