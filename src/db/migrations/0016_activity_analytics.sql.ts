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
 * Only migration 0016 uses this file: it holds what both databases share, the triggers themselves are
 * in 0016_activity_analytics.sqlite.sql.ts and 0016_activity_analytics.postgres.sql.ts. Editing any of
 * the three changes what 0016 creates on a fresh install, so they are as frozen as the migration.
 */

/** A metric and the timestamp that says when it happened to an email (null: not yet). */
export interface Metric {
  column: string;
  at: (row: string) => string;
}

// An open or click proves delivery where the transport reports none (SMTP), as the campaign stats say.
export const METRICS: Metric[] = [
  { column: 'sent', at: (r) => `${r}.sent_at` },
  { column: 'delivered', at: (r) => `coalesce(${r}.delivered_at, ${r}.opened_at, ${r}.clicked_at)` },
  { column: 'opened', at: (r) => `${r}.opened_at` },
  { column: 'clicked', at: (r) => `${r}.clicked_at` },
  { column: 'bounced', at: (r) => `${r}.bounced_at` },
  { column: 'complained', at: (r) => `${r}.complained_at` },
];
export const COLUMNS = METRICS.map((m) => m.column).join(', ');

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
export function eventType(name: string): string {
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
export function deltaArms(o: {
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

export const sums = METRICS.map((m) => `sum(${m.column})`).join(', ');
export const metricSums = METRICS.map((m) => `sum(${m.column}) as ${m.column}`).join(', ');
export const addExcluded = (table: string) =>
  METRICS.map((m) => `${m.column} = ${table}.${m.column} + excluded.${m.column}`).join(', ');
/** `col = target.col + alias.col` for every metric (`target`: the updated table's name or alias). */
export const addFrom = (alias: string, target = 'c') =>
  METRICS.map((m) => `${m.column} = ${target}.${m.column} + ${alias}.${m.column}`).join(', ');

/** `alias.created_at`-style timestamp to the UTC hour key, per database. */
export type HourOf = (at: string) => string;

/** `r.project_id as project_id, <hour of at> as hour`: the key columns of an hour counter's delta arm. */
export const hourKeys = (hour: HourOf) => (r: string, at: string) =>
  `${r}.project_id as project_id, ${hour(at)} as hour`;
/** The key columns of a campaign counter's delta arm. */
export const campaignKeys = (r: string) => `${r}.project_id as project_id, ${r}.source_id as campaign_id`;
/** An email row of a campaign (the rows the per-campaign counters count). */
export const CAMPAIGN_ROW = (r: string) => `${r}.source_type = 'CAMPAIGN' and ${r}.source_id is not null`;
/** A zero for every metric column. */
export const ZEROS = METRICS.map(() => '0').join(', ');

export const EMAIL_TIMES = 'sent_at, delivered_at, opened_at, clicked_at, bounced_at, complained_at';

export const FEED_COLUMNS = 'id, project_id, type, contact_id, email_id, campaign_id, workflow_id, data, created_at';

/**
 * The feed table, keyed by its page order: on SQLite the rows are stored in that order (WITHOUT
 * ROWID), so an event's item costs the table and two indexes (type, contact), the fewest pages a
 * commit writes for it. Ids are unique by construction (an event's, an email's, an execution's, or
 * a fresh UUIDv7); deletes find rows by the key, or by the partial indexes of the few milestone rows.
 */
export function feedTable(timestamp: string, json: string, suffix: string): string[] {
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

/**
 * Fills the feed and the counters from the rows that exist (the triggers exist already, so the feed's
 * own counter trigger counts what this inserts). Campaign and workflow milestones of the past are
 * rebuilt from their timestamps: `scheduled_at` can only say when a campaign is due, so a SCHEDULED
 * campaign's item is dated by its last update.
 */
export function backfill(hour: HourOf, uuid7: (at: string) => string, emailIdOf: string, jsonObject: string): string[] {
  const metricArms = (keys: (r: string, at: string) => string, where?: string) =>
    deltaArms({ keys, from: 'emails r', newRow: 'r', where });
  return [
    `insert into email_hour_counts (project_id, hour, shard, ${COLUMNS})
       select project_id, hour, 0, ${sums} from (${metricArms(hourKeys(hour))}) d
        group by project_id, hour`,
    `insert into campaign_email_counts (project_id, campaign_id, shard, ${COLUMNS}, unsubscribed)
       select project_id, campaign_id, 0, ${sums}, 0 from (${metricArms(campaignKeys, CAMPAIGN_ROW('r'))}) d group by project_id, campaign_id`,
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
