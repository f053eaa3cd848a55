/**
 * Triggers that keep the activity feed and the analytics counters current in the transaction that
 * writes their sources (migration 0016), so no request reads every email or event of a project:
 * - `email_hour_counts`: per (project, UTC hour `YYYY-MM-DDTHH`) how many emails were sent, delivered,
 *   opened, clicked, bounced and complained at that hour (each email once per metric: first times);
 * - `campaign_email_counts`: the same metrics per campaign, plus unsubscribes through its emails;
 * - `activity_feed`: one row per feed item (events, suppressed emails, campaign and workflow
 *   milestones); event rows share the event's id and are read with it;
 * - `activity_hour_counts`: feed rows per (project, UTC hour, type);
 * - `event_day_counts`: custom (tracked) events per (project, UTC day `YYYY-MM-DD`, name).
 * Each ends with the statements that fill it from the rows that exist when the migration runs.
 * Part of src/db because the triggers differ by database.
 */

/** A metric and the timestamp that says when it happened to an email (null: not yet). */
interface Metric {
  column: string;
  at: (row: string) => string;
}

// An open or click proves delivery where the transport reports none (SMTP), as the campaign stats say.
const METRICS: Metric[] = [
  { column: 'sent', at: (r) => `${r}.sent_at` },
  { column: 'delivered', at: (r) => `coalesce(${r}.delivered_at, ${r}.opened_at, ${r}.clicked_at)` },
  { column: 'opened', at: (r) => `${r}.opened_at` },
  { column: 'clicked', at: (r) => `${r}.clicked_at` },
  { column: 'bounced', at: (r) => `${r}.bounced_at` },
  { column: 'complained', at: (r) => `${r}.complained_at` },
];
const COLUMNS = METRICS.map((m) => m.column).join(', ');

/** Feed types of the system events; other `email.`, `contact.` and `segment.` names are not in the feed. */
const EVENT_TYPES: Record<string, string> = {
  'email.sent': 'email.sent',
  'email.delivery': 'email.delivered',
  'email.open': 'email.opened',
  'email.click': 'email.clicked',
  'email.bounce': 'email.bounced',
  'email.complaint': 'email.complaint',
  'email.received': 'email.received',
  'contact.subscribed': 'contact.subscribed',
  'contact.unsubscribed': 'contact.unsubscribed',
};

/** The feed type of an event name (SQL), null for names the feed leaves out. /v1/track refuses the system prefixes in any case. */
function eventType(name: string): string {
  const known = Object.entries(EVENT_TYPES)
    .map(([n, t]) => `when '${n}' then '${t}'`)
    .join(' ');
  return `(case ${name} ${known} else case when lower(${name}) like 'email.%' or lower(${name}) like 'contact.%'
    or lower(${name}) like 'segment.%' then null else 'event.triggered' end end)`;
}

/**
 * The metric deltas of one email row change as `select key…, <metric columns>` arms joined by
 * `union all`: +1 at the new time's key, -1 at the old time's key, for every metric whose time moved.
 */
function deltaArms(o: {
  keys: (row: string, at: string) => string;
  from?: string;
  newRow?: string;
  oldRow?: string;
  where?: string;
  countedOnce?: boolean;
}): string {
  const arms: string[] = [];
  const from = o.from ? ` from ${o.from}` : '';
  const extra = o.where ? ` and ${o.where}` : '';
  METRICS.forEach((m, i) => {
    const cells = (sign: number) => METRICS.map((x, j) => `${j === i ? sign : 0} as ${x.column}`).join(', ');
    const moved = o.newRow && o.oldRow ? changed(m.at(o.newRow), m.at(o.oldRow), o.countedOnce) : 'true';
    if (o.newRow) {
      arms.push(`select ${o.keys(o.newRow, m.at(o.newRow))}, ${cells(1)}${from}
        where ${m.at(o.newRow)} is not null and ${moved}${extra}`);
    }
    if (o.oldRow) {
      arms.push(`select ${o.keys(o.oldRow, m.at(o.oldRow))}, ${cells(-1)}${from}
        where ${m.at(o.oldRow)} is not null and ${moved}${extra}`);
    }
  });
  return arms.join('\n union all ');
}

// A per-campaign count changes when a time appears or goes; an hour count also when it moves.
const changed = (a: string, b: string, countedOnce?: boolean) =>
  countedOnce ? `((${a}) is null) <> ((${b}) is null)` : `(${a}) is distinct from (${b})`;

const sums = METRICS.map((m) => `sum(${m.column})`).join(', ');
const metricSums = METRICS.map((m) => `sum(${m.column}) as ${m.column}`).join(', ');
const addExcluded = (table: string) =>
  METRICS.map((m) => `${m.column} = ${table}.${m.column} + excluded.${m.column}`).join(', ');
/** `col = target.col + alias.col` for every metric (`target`: the updated table's name or alias). */
const addFrom = (alias: string, target = 'c') =>
  METRICS.map((m) => `${m.column} = ${target}.${m.column} + ${alias}.${m.column}`).join(', ');

/** `alias.created_at`-style timestamp to the UTC hour key, per database. */
type HourOf = (at: string) => string;
const SQLITE_HOUR: HourOf = (at) => `substr(${at}, 1, 13)`;
const PG_HOUR: HourOf = (at) => `to_char((${at}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`;
const PG_DAY: HourOf = (at) => `to_char((${at}) at time zone 'UTC', 'YYYY-MM-DD')`;

/** A UUIDv7 text from a SQLite ISO timestamp expression (ids of feed rows no source row names). */
function sqliteUuid7(at: string): string {
  const h = `printf('%012x', cast(round((julianday(${at}) - 2440587.5) * 86400000) as integer)) || '7'
    || substr(lower(hex(randomblob(2))), 1, 3) || substr('89ab', 1 + abs(random()) % 4, 1)
    || substr(lower(hex(randomblob(8))), 1, 15)`;
  return `(select substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-' || substr(h, 13, 4) || '-' || substr(h, 17, 4)
    || '-' || substr(h, 21, 12) from (select ${h} as h))`;
}

const FEED_COLUMNS = 'id, project_id, type, contact_id, email_id, campaign_id, workflow_id, data, created_at';

/**
 * The feed table, keyed by its page order: on SQLite the rows are stored in that order (WITHOUT
 * ROWID), so an event's item costs the table and two indexes (type, contact), the fewest pages a
 * commit writes for it. Ids are unique by construction (an event's, an email's, an execution's, or
 * a fresh UUIDv7); deletes find rows by the key, or by the partial indexes of the few milestone rows.
 */
function feedTable(timestamp: string, json: string, suffix: string): string[] {
  return [
    `create table activity_feed (
       project_id text not null references projects (id) on delete cascade,
       created_at ${timestamp} not null,
       id text not null,
       type text not null,
       contact_id text,
       email_id text,
       campaign_id text,
       workflow_id text,
       data ${json},
       primary key (project_id, created_at, id))${suffix}`,
    'create index activity_feed_type_idx on activity_feed (project_id, type, created_at, id)',
    'create index activity_feed_contact_idx on activity_feed (project_id, contact_id, created_at, id)',
    'create index activity_feed_campaign_idx on activity_feed (campaign_id) where campaign_id is not null',
    'create index activity_feed_workflow_idx on activity_feed (workflow_id) where workflow_id is not null',
    `create index activity_feed_suppressed_idx on activity_feed (email_id) where type = 'email.suppressed'`,
  ];
}

// ---------------------------------------------------------------------------------------------
// SQLite: row triggers; one writer at a time, so every counter key has one row (shard 0).

const sqliteHourUpsert = (arms: string) => `insert into email_hour_counts (project_id, hour, shard, ${COLUMNS})
  select project_id, hour, 0, ${sums} from (${arms}) where true group by project_id, hour
  on conflict (project_id, hour, shard) do update set ${addExcluded('email_hour_counts')};`;

const sqliteCampaignUpsert = (
  arms: string,
) => `insert into campaign_email_counts (project_id, campaign_id, shard, ${COLUMNS}, unsubscribed)
  select project_id, campaign_id, 0, ${sums}, 0 from (${arms}) where true group by project_id, campaign_id
  on conflict (project_id, campaign_id, shard) do update set ${addExcluded('campaign_email_counts')};`;

const sqliteHourKeys = (r: string, at: string) => `${r}.project_id as project_id, ${SQLITE_HOUR(at)} as hour`;
const sqliteCampaignKeys = (r: string) => `${r}.project_id as project_id, ${r}.source_id as campaign_id`;
const CAMPAIGN_ROW = (r: string) => `${r}.source_type = 'CAMPAIGN' and ${r}.source_id is not null`;

const EMAIL_TIMES = 'sent_at, delivered_at, opened_at, clicked_at, bounced_at, complained_at';
const timesMoved = METRICS.map((m) => `${m.at('new')} is not ${m.at('old')}`).join(' or ');

export const sqliteAnalyticsDdl: string[] = [
  ...feedTable('text', 'text', ' without rowid'),
  `create trigger emails_analytics_ai after insert on emails
     when ${METRICS.map((m) => `${m.at('new')} is not null`).join(' or ')} or new.status = 'SUPPRESSED' begin
     ${sqliteHourUpsert(deltaArms({ keys: sqliteHourKeys, newRow: 'new' }))}
     ${sqliteCampaignUpsert(deltaArms({ keys: sqliteCampaignKeys, newRow: 'new', where: CAMPAIGN_ROW('new') }))}
     insert into activity_feed (${FEED_COLUMNS})
       select new.id, new.project_id, 'email.suppressed', new.contact_id, new.id, null, null, null, new.updated_at
       where new.status = 'SUPPRESSED';
   end`,
  `create trigger emails_analytics_au after update of ${EMAIL_TIMES} on emails when ${timesMoved} begin
     ${sqliteHourUpsert(deltaArms({ keys: sqliteHourKeys, newRow: 'new', oldRow: 'old' }))}
     ${sqliteCampaignUpsert(
       deltaArms({
         keys: sqliteCampaignKeys,
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
             from (${deltaArms({ keys: sqliteCampaignKeys, oldRow: 'old', where: CAMPAIGN_ROW('old') })}) where true
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
       select e.project_id, e.source_id, 0, ${METRICS.map(() => '0').join(', ')}, 1 from emails e
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
  `create trigger campaigns_feed_ad after delete on campaigns begin
     delete from activity_feed where campaign_id = old.id;
   end`,
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
  `create trigger workflows_feed_ad after delete on workflows begin
     delete from activity_feed where workflow_id = old.id;
   end`,
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

// ---------------------------------------------------------------------------------------------
// PostgreSQL: statement triggers with transition tables for inserts and deletes (one counter write
// per key and statement, e.g. for a campaign's batch of outbox rows), row triggers guarded by WHEN
// for updates (an UPDATE trigger with transition tables cannot name columns, and would run for every
// lease and claim update of the outbox). Counter rows are spread over 16 shards by connection, so
// concurrent delivery workers rarely wait on one row lock, and one transaction's writes stay on one
// shard (no two transactions take the same keys' locks in opposite orders).

const PG_SHARD = '(pg_backend_pid() % 16)';

const pgHourKeys = (r: string, at: string) => `${r}.project_id as project_id, ${PG_HOUR(at)} as hour`;
const pgCampaignKeys = (r: string) => `${r}.project_id as project_id, ${r}.source_id as campaign_id`;

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
     ${pgCampaignUpsert(deltaArms({ keys: pgCampaignKeys, from: 'new_rows r', newRow: 'r', where: CAMPAIGN_ROW('r') }))}
     insert into activity_feed (${FEED_COLUMNS})
       select id, project_id, 'email.suppressed', contact_id, id, null, null, null, updated_at from new_rows where status = 'SUPPRESSED';
     return null;
   end $$`,
  `create function emails_analytics_upd() returns trigger language plpgsql as $$ begin
     ${pgHourUpsert(deltaArms({ keys: pgHourKeys, newRow: 'new', oldRow: 'old' }))}
     ${pgCampaignUpsert(
       deltaArms({ keys: pgCampaignKeys, newRow: 'new', oldRow: 'old', where: CAMPAIGN_ROW('new'), countedOnce: true }),
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
               from (${deltaArms({ keys: pgCampaignKeys, from: 'old_rows r', oldRow: 'r', where: CAMPAIGN_ROW('r') })}) a
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
       select e.project_id, e.source_id, ${PG_SHARD}, ${METRICS.map(() => '0').join(', ')}, count(*)
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
  `create function campaigns_feed_del() returns trigger language plpgsql as $$ begin
     delete from activity_feed where campaign_id in (select id from old_rows);
     return null;
   end $$`,
  `create trigger campaigns_feed_ad after delete on campaigns referencing old table as old_rows
     for each statement execute function campaigns_feed_del()`,
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
  `create function workflows_feed_del() returns trigger language plpgsql as $$ begin
     delete from activity_feed where workflow_id in (select id from old_rows);
     return null;
   end $$`,
  `create trigger workflows_feed_ad after delete on workflows referencing old table as old_rows
     for each statement execute function workflows_feed_del()`,
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

/**
 * Fills the feed and the counters from the rows that exist (the triggers exist already, so the feed's
 * own counter trigger counts what this inserts). Campaign and workflow milestones of the past are
 * rebuilt from their timestamps: `scheduled_at` can only say when a campaign is due, so a SCHEDULED
 * campaign's item is dated by its last update.
 */
function backfill(hour: HourOf, uuid7: (at: string) => string, emailIdOf: string, jsonObject: string): string[] {
  const metricArms = (keys: (r: string, at: string) => string, where?: string) =>
    deltaArms({ keys, from: 'emails r', newRow: 'r', where });
  return [
    `insert into email_hour_counts (project_id, hour, shard, ${COLUMNS})
       select project_id, hour, 0, ${sums} from (${metricArms((r, at) => `${r}.project_id as project_id, ${hour(at)} as hour`)}) d
        group by project_id, hour`,
    `insert into campaign_email_counts (project_id, campaign_id, shard, ${COLUMNS}, unsubscribed)
       select project_id, campaign_id, 0, ${sums}, 0 from (${metricArms(
         (r) => `${r}.project_id as project_id, ${r}.source_id as campaign_id`,
         CAMPAIGN_ROW('r'),
       )}) d group by project_id, campaign_id`,
    `insert into activity_feed (${FEED_COLUMNS})
       select id, project_id, t, contact_id, ${emailIdOf}, null, null, null, created_at
         from (select events.*, ${eventType('events.name')} as t from events) x where t is not null`,
    `insert into activity_feed (${FEED_COLUMNS})
       select id, project_id, 'email.suppressed', contact_id, id, null, null, null, updated_at from emails where status = 'SUPPRESSED'`,
    `insert into activity_feed (${FEED_COLUMNS})
       select ${uuid7('updated_at')}, project_id, 'campaign.scheduled', null, null, id, null,
              ${jsonObject}('scheduledAt', scheduled_at, 'totalRecipients', total_recipients), updated_at
         from campaigns where status = 'SCHEDULED'`,
    `insert into activity_feed (${FEED_COLUMNS})
       select ${uuid7('sent_at')}, project_id, 'campaign.sent', null, null, id, null,
              ${jsonObject}('scheduledAt', scheduled_at, 'totalRecipients', total_recipients), sent_at
         from campaigns where status = 'SENT' and sent_at is not null`,
    `insert into activity_feed (${FEED_COLUMNS})
       select id, project_id, 'workflow.started', contact_id, null, null, workflow_id, ${jsonObject}('executionId', id), started_at
         from workflow_executions`,
    `insert into activity_feed (${FEED_COLUMNS})
       select ${uuid7('ended_at')}, project_id, 'workflow.completed', contact_id, null, null, workflow_id,
              ${jsonObject}('executionId', id, 'status', status, 'exitReason', exit_reason), ended_at
         from workflow_executions where status in ('COMPLETED', 'EXITED') and ended_at is not null`,
  ];
}
