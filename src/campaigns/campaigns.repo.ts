/** SQL for campaigns. Every statement on a request path is scoped by project_id; state moves are conditional updates. */
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { DialectSql } from '../db/dialect.ts';
import type { Executor } from '../db/index.ts';
import { findProjectRow } from '../db/project-rows.ts';
import type { CampaignStatus, CampaignsTable } from '../db/schema.ts';

export type CampaignRow = Selectable<CampaignsTable>;
export type NewCampaign = Insertable<CampaignsTable>;
/** The content columns PUT replaces. */
export type CampaignContent = Pick<
  NewCampaign,
  | 'name'
  | 'description'
  | 'subject'
  | 'body'
  | 'format'
  | 'source'
  | 'fromEmail'
  | 'fromName'
  | 'replyTo'
  | 'emailType'
  | 'audienceType'
  | 'segmentId'
  | 'audienceFilter'
  | 'topicId'
  | 'variants'
  | 'abTest'
  | 'archive'
>;

/** One campaign of the project, or undefined. */
export async function findCampaign(db: Executor, projectId: string, id: string): Promise<CampaignRow | undefined> {
  return findProjectRow(db, 'campaigns', projectId, id);
}

/** A campaign by id alone (jobs, whose payload carries only the id). */
export async function findCampaignById(db: Executor, id: string): Promise<CampaignRow | undefined> {
  return db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertCampaign(db: Executor, row: NewCampaign): Promise<CampaignRow> {
  return db.insertInto('campaigns').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Replaces the content of a DRAFT campaign; undefined when it is not the project's or not a DRAFT. */
export async function updateDraft(
  db: Executor,
  projectId: string,
  id: string,
  content: CampaignContent & { updatedAt: Date },
): Promise<CampaignRow | undefined> {
  return db
    .updateTable('campaigns')
    .set(content)
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .where('status', '=', 'DRAFT')
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the campaign unless it is SENDING; false when nothing was deleted. */
export async function deleteUnlessSending(db: Executor, projectId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('campaigns')
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .where('status', '<>', 'SENDING')
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/**
 * Moves the campaign from one of `from` to the state in `set`; with `dueBy`, only when it is scheduled
 * at or before then. Of two concurrent movers exactly one gets the row back.
 */
export async function transitionCampaign(
  db: Executor,
  id: string,
  from: readonly CampaignStatus[],
  set: Updateable<CampaignsTable>,
  dueBy?: Date,
): Promise<CampaignRow | undefined> {
  return db
    .updateTable('campaigns')
    .set(set)
    .where('id', '=', id)
    .where('status', 'in', from)
    .$if(dueBy !== undefined, (q) => q.where('scheduledAt', '<=', dueBy!.toISOString()))
    .returningAll()
    .executeTakeFirst();
}

function filtered(db: Executor, projectId: string, filter: { status?: CampaignStatus }) {
  return db
    .selectFrom('campaigns')
    .where('projectId', '=', projectId)
    .$if(filter.status !== undefined, (q) => q.where('status', '=', filter.status!));
}

/** A page of the project's campaigns, newest first (UUIDv7 ids: id order is creation order). */
export async function listCampaigns(
  db: Executor,
  projectId: string,
  filter: { status?: CampaignStatus },
  page: { offset: number; limit: number },
): Promise<CampaignRow[]> {
  return filtered(db, projectId, filter)
    .selectAll()
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many of the project's campaigns match the filter. */
export async function countCampaigns(db: Executor, projectId: string, filter: { status?: CampaignStatus }) {
  const row = await filtered(db, projectId, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ids of SCHEDULED campaigns (of every project) due at `now`: the scheduler's tick. */
export async function listDueScheduled(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('campaigns')
    .select('id')
    .where('status', '=', 'SCHEDULED')
    .where('scheduledAt', '<=', now.toISOString())
    .orderBy('scheduledAt')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The project's campaigns whose stored audience filter is not null (few per project), for field usage. */
export async function listFilteredCampaigns(db: Executor, projectId: string) {
  return db
    .selectFrom('campaigns')
    .select(['id', 'name', 'audienceFilter'])
    .where('projectId', '=', projectId)
    .where('audienceFilter', 'is not', null)
    .execute();
}

// Literal: the partial unique index emails_campaign_contact_uq serves only queries that visibly say so.
const CAMPAIGN_ROWS = sql<boolean>`source_type = 'CAMPAIGN'`;

/** The campaign's email counts in one aggregate statement (through the source_id indexes). */
export async function aggregateCampaignEmails(
  db: Executor,
  dialect: DialectSql,
  projectId: string,
  campaignId: string,
) {
  const n = (expr: string) => sql<number | string>`count(case when ${sql.raw(expr)} then 1 end)`;
  // An unsubscribe through a link of one of these emails records the email's id in its event.
  const unsubscribed = sql<number | string>`(select count(*) from events ev
    where ev.project_id = ${projectId} and ev.name = 'contact.unsubscribed'
    and ${dialect.json.extract('ev.data', ['emailId'])} in (
      select '"' || m.id || '"' from emails m where m.source_type = 'CAMPAIGN' and m.source_id = ${campaignId}))`;
  const row = await db
    .selectFrom('emails')
    .select([
      n('sent_at is not null').as('sent'),
      // An open or click proves delivery where the transport reports none (SMTP).
      n('delivered_at is not null or opened_at is not null or clicked_at is not null').as('delivered'),
      n('opened_at is not null').as('opened'),
      n('clicked_at is not null').as('clicked'),
      n('bounced_at is not null').as('bounced'),
      n('complained_at is not null').as('complained'),
      unsubscribed.as('unsubscribed'),
    ])
    .where(CAMPAIGN_ROWS)
    .where('sourceId', '=', campaignId)
    .where('projectId', '=', projectId)
    .executeTakeFirstOrThrow();
  return {
    sent: Number(row.sent),
    delivered: Number(row.delivered),
    opened: Number(row.opened),
    clicked: Number(row.clicked),
    bounced: Number(row.bounced),
    complained: Number(row.complained),
    unsubscribed: Number(row.unsubscribed),
  };
}

/** Sent, opened and clicked emails of each of `campaignIds` in one grouped statement (a list page's numbers). */
export async function countCampaignsEmails(db: Executor, projectId: string, campaignIds: string[]) {
  if (campaignIds.length === 0) return new Map<string, { sent: number; opened: number; clicked: number }>();
  const rows = await db
    .selectFrom('emails')
    .select([
      'sourceId',
      sql<number | string>`count(sent_at)`.as('sent'),
      sql<number | string>`count(opened_at)`.as('opened'),
      sql<number | string>`count(clicked_at)`.as('clicked'),
    ])
    .where(CAMPAIGN_ROWS)
    .where('sourceId', 'in', campaignIds)
    .where('projectId', '=', projectId)
    .groupBy('sourceId')
    .execute();
  return new Map(
    rows.map((r) => [r.sourceId!, { sent: Number(r.sent), opened: Number(r.opened), clicked: Number(r.clicked) }]),
  );
}

export type TimeseriesMetric = 'sent' | 'delivered' | 'opened' | 'clicked' | 'bounced' | 'unsubscribed';

/**
 * The campaign's email facts counted per UTC hour (`YYYY-MM-DDTHH`) or day (`YYYY-MM-DD`): each email
 * once per metric, at its first such event; unsubscribes by the time of their event. One statement.
 */
export async function campaignEmailBuckets(
  db: Executor,
  dialect: DialectSql,
  projectId: string,
  campaignId: string,
  interval: 'hour' | 'day',
): Promise<Array<{ metric: TimeseriesMetric; bucket: string; n: number }>> {
  const bucket = (expr: string) => dialect.utcBucket(expr, interval);
  const facts: Array<[TimeseriesMetric, string]> = [
    ['sent', 'sent_at'],
    // An open or click proves delivery where the transport reports none (as in the stats).
    ['delivered', 'coalesce(delivered_at, opened_at, clicked_at)'],
    ['opened', 'opened_at'],
    ['clicked', 'clicked_at'],
    ['bounced', 'bounced_at'],
  ];
  const parts = facts.map(
    ([metric, expr]) => sql`select ${sql.lit(metric)} as metric, ${bucket(expr)} as bucket, count(*) as n from emails
      where project_id = ${projectId} and ${CAMPAIGN_ROWS} and source_id = ${campaignId} and (${sql.raw(expr)}) is not null
      group by ${bucket(expr)}`,
  );
  parts.push(sql`select ${sql.lit('unsubscribed')} as metric, ${bucket('ev.created_at')} as bucket, count(*) as n from events ev
    where ev.project_id = ${projectId} and ev.name = 'contact.unsubscribed'
      and ${dialect.json.extract('ev.data', ['emailId'])} in (
        select '"' || m.id || '"' from emails m where m.source_type = 'CAMPAIGN' and m.source_id = ${campaignId})
    group by ${bucket('ev.created_at')}`);
  const r = await sql<{ metric: TimeseriesMetric; bucket: string; n: number | string }>`${sql.join(
    parts,
    sql` union all `,
  )}`.execute(db);
  return r.rows.map((row) => ({ metric: row.metric, bucket: String(row.bucket), n: Number(row.n) }));
}

/** The size of the campaign's A/B test group. */
export async function countTestRecipients(db: Executor, campaignId: string): Promise<number> {
  const row = await db
    .selectFrom('campaignTestRecipients')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('campaignId', '=', campaignId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Sent, opened and clicked (unique: one per email) of the campaign's emails per A/B variant. */
export async function aggregateVariantEmails(db: Executor, projectId: string, campaignId: string) {
  const rows = await db
    .selectFrom('emails')
    .select([
      'variant',
      sql<number | string>`count(sent_at)`.as('sent'),
      sql<number | string>`count(opened_at)`.as('opened'),
      sql<number | string>`count(clicked_at)`.as('clicked'),
    ])
    .where(CAMPAIGN_ROWS)
    .where('sourceId', '=', campaignId)
    .where('projectId', '=', projectId)
    .where('variant', 'is not', null)
    .groupBy('variant')
    .execute();
  return new Map(
    rows.map((r) => [r.variant!, { sent: Number(r.sent), opened: Number(r.opened), clicked: Number(r.clicked) }]),
  );
}
