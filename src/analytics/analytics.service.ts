/**
 * The /analytics API: email metrics per time bucket, campaign rankings and breakdowns, and the most
 * frequent tracked events. Every figure is a sum of counters the database keeps in the transactions
 * that change emails and events (migration 0016); nothing here reads email or event rows.
 */

import { countProjectCampaigns } from '../campaigns/campaign-stats.service.ts';
import type { Deps } from '../deps.ts';
import { type CursorPage, decodeCursor, toCursorPage } from '../http/pagination.ts';
import { percent } from '../lib/percent.ts';
import * as repo from './analytics.repo.ts';
import type {
  CampaignBreakdown,
  CampaignMetric,
  MetricCounts,
  Timeseries,
  TimeseriesQuery,
  TopCampaigns,
  TopEvents,
  TopEventsQuery,
} from './analytics.schemas.ts';
import {
  bucketsBefore,
  bucketsOf,
  checkRange,
  checkTimeZone,
  dayKey,
  hourKey,
  type Interval,
  parseInstant,
} from './time.ts';

/** Longest range per interval (422 beyond): a year of days, a month of hours. */
export const MAX_RANGE_DAYS: Record<Interval, number> = { day: 366, hour: 31 };

/** Buckets without a `from`: the current day and the 29 before it, or the current hour and the 23 before it. */
const DEFAULT_BUCKETS: Record<Interval, number> = { day: 30, hour: 24 };

type ReadDeps = Pick<Deps, 'reader' | 'dialect' | 'clock'>;

const zero = (): MetricCounts => ({ sent: 0, delivered: 0, opened: 0, clicked: 0, bounced: 0, complained: 0 });

/**
 * Sent, delivered, opened, clicked, bounced and complained emails per hour or per local day of
 * `timezone` over [from, to), every bucket present (zeros where nothing happened). 422 for an unknown
 * zone, a bad date, from ≥ to, or a range longer than MAX_RANGE_DAYS.
 */
export async function getTimeseries(deps: ReadDeps, projectId: string, query: TimeseriesQuery): Promise<Timeseries> {
  const zone = checkTimeZone(query.timezone);
  const interval = query.interval;
  // Without `to`: up to and including now (the range is half-open).
  const to = parseInstant('to', query.to, zone, true) ?? deps.clock.now().getTime() + 1;
  const from =
    parseInstant('from', query.from, zone, false) ?? bucketsBefore(interval, zone, to, DEFAULT_BUCKETS[interval]);
  checkRange(from, to, MAX_RANGE_DAYS[interval], `interval=${interval}`);
  const buckets = bucketsOf(interval, zone, from, to);
  const sums = await repo.sumHoursByBucket(
    deps.reader,
    deps.dialect,
    projectId,
    buckets.map((b, i) => ({ i, lo: hourKey(b.start), hi: hourKey(b.end) })),
  );
  const totals = zero();
  const data = buckets.map((b, i) => {
    const counts = sums[i] ?? zero();
    for (const m of repo.METRICS) totals[m] += counts[m];
    return { start: new Date(b.start).toISOString(), label: b.label, ...counts };
  });
  return {
    interval,
    timezone: zone,
    from: new Date(buckets[0]!.start).toISOString(),
    to: new Date(buckets.at(-1)!.end).toISOString(),
    data,
    totals,
  };
}

function toBreakdown(row: repo.CampaignCountsRow): CampaignBreakdown {
  const n = (v: unknown) => Number(v ?? 0);
  const c = {
    sent: n(row.sent),
    delivered: n(row.delivered),
    opened: n(row.opened),
    clicked: n(row.clicked),
    bounced: n(row.bounced),
    complained: n(row.complained),
  };
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    sentAt: row.sentAt,
    recipients: n(row.totalRecipients),
    ...c,
    unsubscribed: n(row.unsubscribed),
    deliveryRate: percent(c.delivered, c.sent),
    openRate: percent(c.opened, c.sent),
    clickRate: percent(c.clicked, c.sent),
    bounceRate: percent(c.bounced, c.sent),
    complaintRate: percent(c.complained, c.sent),
  };
}

/** The project's campaigns that sent anything, best first by `metric` (default sent). */
export async function getTopCampaigns(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  query: { metric?: CampaignMetric; limit: number },
): Promise<TopCampaigns> {
  const metric = query.metric ?? 'sent';
  const rows = await repo.topCampaignCounts(deps.reader, projectId, metric, query.limit);
  return { metric, data: rows.map(toBreakdown) };
}

/** A cursor page of every campaign of the project (newest first) with its counts and rates. */
export async function listCampaignStats(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  query: { limit: number; cursor?: string },
): Promise<CursorPage<CampaignBreakdown>> {
  const beforeId = decodeCursor(query.cursor);
  const rows = await repo.listCampaignCounts(deps.reader, projectId, { beforeId, limit: query.limit });
  return toCursorPage(
    rows,
    query.limit,
    beforeId === undefined,
    () => countProjectCampaigns(deps, projectId),
    toBreakdown,
  );
}

/**
 * The most frequent tracked (custom) event names: over all time without a range, else over the whole
 * UTC days the range touches (the day counters' granularity). 422 for a bad date or from ≥ to.
 */
export async function getTopEvents(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  query: TopEventsQuery,
): Promise<TopEvents> {
  const from = parseInstant('from', query.from, 'UTC', false);
  const to = parseInstant('to', query.to, 'UTC', true);
  if (from !== undefined && to !== undefined) checkRange(from, to, Number.POSITIVE_INFINITY, 'the range');
  const days =
    from === undefined && to === undefined
      ? undefined
      : {
          from: from === undefined ? '0000-01-01' : dayKey(from),
          to: to === undefined ? '9999-12-31' : dayKey(to - 1),
        };
  const rows = await repo.topEventNames(deps.reader, projectId, query.limit, days);
  return {
    from: from === undefined ? null : new Date(from).toISOString(),
    to: to === undefined ? null : new Date(to).toISOString(),
    data: rows.map((r) => ({ name: r.name, count: Number(r.count) })),
  };
}
