/** SQL of the analytics API: reads of the counters the triggers of migration 0016 keep. */
import { sql } from 'kysely';
import type { DialectSql } from '../db/dialect.ts';
import type { Executor } from '../db/index.ts';
import type { CampaignMetric } from './analytics.schemas.ts';

export const METRICS = ['sent', 'delivered', 'opened', 'clicked', 'bounced', 'complained'] as const;
export type Metric = (typeof METRICS)[number];
type Counts = Record<Metric, number>;

/** A bucket as the query takes it: index and its half-open range of UTC hour keys. */
export interface HourRange {
  i: number;
  lo: string;
  hi: string;
}

const toCounts = (row: Record<string, unknown>): Counts =>
  Object.fromEntries(METRICS.map((m) => [m, Number(row[m] ?? 0)])) as Counts;

/**
 * Per bucket, the sums of the hourly counters whose hour lies in it, in bucket order; buckets with no
 * counter row are zeros (the left join keeps them). One index range per bucket: the cost follows the
 * number of hours, never the number of emails.
 */
export async function sumHoursByBucket(
  db: Executor,
  dialect: DialectSql,
  projectId: string,
  buckets: HourRange[],
): Promise<Counts[]> {
  const source = dialect.rowsSource(buckets as unknown as Record<string, unknown>[], {
    i: 'integer',
    lo: 'text',
    hi: 'text',
  });
  const sums = sql.join(METRICS.map((m) => sql`coalesce(sum(c.${sql.raw(m)}), 0) as ${sql.raw(m)}`));
  const r = await sql<Record<string, unknown>>`with b (i, lo, hi) as (${source})
    select b.i as i, ${sums} from b
      left join email_hour_counts c on c.project_id = ${projectId} and c.hour >= b.lo and c.hour < b.hi
     group by b.i order by b.i`.execute(db);
  return r.rows.map(toCounts);
}

const sumOf = (column: Metric | 'unsubscribed') =>
  sql<number | string>`coalesce(sum(k.${sql.raw(column)}), 0)`.as(column);

/** Campaigns with their counters (summed over shards), as `select` columns of a campaigns query. */
function campaignsWithCounts(db: Executor, projectId: string) {
  return db
    .selectFrom('campaigns as c')
    .leftJoin('campaignEmailCounts as k', (j) =>
      j.onRef('k.campaignId', '=', 'c.id').onRef('k.projectId', '=', 'c.projectId'),
    )
    .select(['c.id', 'c.name', 'c.status', 'c.sentAt', 'c.totalRecipients'])
    .select([...METRICS.map(sumOf), sumOf('unsubscribed')])
    .where('c.projectId', '=', projectId)
    .groupBy(['c.id', 'c.name', 'c.status', 'c.sentAt', 'c.totalRecipients']);
}

export type CampaignCountsRow = Awaited<ReturnType<typeof listCampaignCounts>>[number];

/** One page of the project's campaigns with their counters, newest first, before `beforeId`; `limit + 1` rows. */
export async function listCampaignCounts(db: Executor, projectId: string, page: { beforeId?: string; limit: number }) {
  let q = campaignsWithCounts(db, projectId);
  if (page.beforeId) q = q.where('c.id', '<', page.beforeId);
  return q
    .orderBy('c.id', 'desc')
    .limit(page.limit + 1)
    .execute();
}

/** The ranking expression of a top-campaigns metric: a count, or a share of `sent`. */
function ranking(metric: CampaignMetric) {
  if (metric === 'openRate' || metric === 'clickRate') {
    const part = metric === 'openRate' ? 'opened' : 'clicked';
    return sql`(coalesce(sum(k.${sql.raw(part)}), 0) * 1.0 / coalesce(sum(k.sent), 0))`;
  }
  return sql`coalesce(sum(k.${sql.raw(metric)}), 0)`;
}

/** The project's campaigns that sent anything, best first by `metric` (then most sent, newest). */
export async function topCampaignCounts(db: Executor, projectId: string, metric: CampaignMetric, limit: number) {
  return campaignsWithCounts(db, projectId)
    .having(sql`coalesce(sum(k.sent), 0)`, '>', 0)
    .orderBy(ranking(metric), 'desc')
    .orderBy(sql`coalesce(sum(k.sent), 0)`, 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
}

// event_counts counts every name; event_day_counts only the custom ones (migration 0016).
const CUSTOM_NAME = sql<boolean>`lower(name) not like 'email.%' and lower(name) not like 'contact.%' and lower(name) not like 'segment.%'`;

/**
 * The most frequent custom event names of the project: over all time from event_counts, or over the
 * UTC days `days.from` to `days.to` (inclusive) from event_day_counts (both kept by triggers).
 */
export async function topEventNames(
  db: Executor,
  projectId: string,
  limit: number,
  days?: { from: string; to: string },
) {
  const counts = days
    ? db
        .selectFrom('eventDayCounts')
        .select(['name', 'n'])
        .where('projectId', '=', projectId)
        .where('day', '>=', days.from)
        .where('day', '<=', days.to)
    : db.selectFrom('eventCounts').select(['name', 'n']).where('projectId', '=', projectId).where(CUSTOM_NAME);
  return db
    .selectFrom(counts.as('k'))
    .select((eb) => ['k.name', eb.fn.sum<number>('k.n').as('count')])
    .groupBy('k.name')
    .having((eb) => eb.fn.sum('k.n'), '>', 0)
    .orderBy('count', 'desc')
    .orderBy('k.name')
    .limit(limit)
    .execute();
}
