/**
 * The /activity API: the project's feed (one table the database keeps current, see
 * migration 0016), counts per type from hourly counters, a capped recent count, the types
 * present, and the upcoming scheduled work. No request reads more rows than it returns, except the
 * first page's `total` and the recent count, both capped at COUNT_CAP.
 */
import { checkRange, checkTimeZone, hourKey, parseInstant } from '../analytics/time.ts';
import { fromJson } from '../db/codecs.ts';
import type { Executor } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import { invalid } from '../errors.ts';
import { DAY_MS, HOUR_MS } from '../lib/zoned-time.ts';
import { insertActivity, type NewActivity } from './activity.repo.ts';
import {
  ACTIVITY_TYPES,
  type ActivityItem,
  type ActivityPage,
  type ActivityStats,
  type ActivityStatsQuery,
  type ActivityType,
  type ActivityTypes,
  type ListActivityQuery,
  type RecentCount,
  type Upcoming,
} from './activity.schemas.ts';
import { decodeFeedCursor, encodeFeedCursor } from './activity-cursor.ts';
import * as repo from './activity-feed.repo.ts';

/** Counts on request paths stop here: exact below it, this number at or above it. */
export const COUNT_CAP = 10_000;
/** Longest range of /activity/stats. */
export const STATS_MAX_DAYS = 366;

/** The `type` filter as a list of known types (duplicates dropped); 422 for an unknown one. */
function parseTypes(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const asked = [...new Set(text.split(',').map((t) => t.trim()))];
  const unknown = asked.filter((t) => !(ACTIVITY_TYPES as readonly string[]).includes(t));
  if (asked.length === 0 || unknown.length > 0) {
    throw invalid(
      'type',
      `unknown activity type ${JSON.stringify(unknown[0] ?? '')}; one of ${ACTIVITY_TYPES.join(', ')}`,
    );
  }
  return asked;
}

/** Characters of a received mail's text and HTML a feed item shows: the event (and its webhook) has up to 256 KB of each. */
const RECEIVED_PREVIEW_CHARS = 1000;

/** A feed item's data: a received mail's bodies cut to a preview, so a page of feed stays small. */
function feedData(type: string, data: Record<string, unknown>): Record<string, unknown> {
  if (type !== 'email.received') return data;
  const out = { ...data };
  for (const [body, flag] of [
    ['text', 'textTruncated'],
    ['html', 'htmlTruncated'],
  ] as const) {
    const value = out[body];
    if (typeof value === 'string' && value.length > RECEIVED_PREVIEW_CHARS) {
      out[body] = value.slice(0, RECEIVED_PREVIEW_CHARS);
      out[flag] = true;
    }
  }
  return out;
}

const iso = (at: number | undefined) => (at === undefined ? undefined : new Date(at).toISOString());

function toItem(row: repo.FeedRow): ActivityItem {
  const item: ActivityItem = {
    id: row.id,
    // The feed's triggers (migration 0016) write only the listed types.
    type: row.type as ActivityType,
    createdAt: new Date(row.createdAt).toISOString(),
    data: feedData(
      row.type,
      fromJson<Record<string, unknown>>(row.eventName !== null ? row.eventData : row.data) ?? {},
    ),
  };
  if (row.contactId && row.contactEmail !== null) item.contact = { id: row.contactId, email: row.contactEmail };
  if (row.emailId && row.emailSubject !== null) item.email = { id: row.emailId, subject: row.emailSubject };
  if (row.campaignId && row.campaignName !== null) item.campaign = { id: row.campaignId, name: row.campaignName };
  if (row.workflowId && row.workflowName !== null) item.workflow = { id: row.workflowId, name: row.workflowName };
  if (row.eventName !== null) item.event = { name: row.eventName };
  return item;
}

/**
 * A page of the feed, newest first, filtered by type (one or a comma list), contact and time
 * ([from, to)). `total` only on the first page, counted up to COUNT_CAP. 422 for an unknown type, a
 * bad date or cursor.
 */
export async function listActivity(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  query: ListActivityQuery,
): Promise<ActivityPage> {
  const after = decodeFeedCursor(query.cursor);
  const filter: repo.FeedFilter = {
    types: parseTypes(query.type),
    contactId: query.contactId,
    from: iso(parseInstant('from', query.from, 'UTC', false)),
    to: iso(parseInstant('to', query.to, 'UTC', true)),
  };
  const rows = await repo.listFeed(deps.reader, projectId, filter, { after, limit: query.limit });
  const hasMore = rows.length > query.limit;
  const page = hasMore ? rows.slice(0, query.limit) : rows;
  const last = page.at(-1);
  return {
    data: page.map(toItem),
    cursor: hasMore && last ? encodeFeedCursor({ at: new Date(last.createdAt).toISOString(), id: last.id }) : '',
    hasMore,
    total: after === undefined ? await repo.countFeed(deps.reader, projectId, filter, COUNT_CAP) : 0,
  };
}

/**
 * Items per type over whole UTC hours: [the hour holding `from`, the hour boundary at or after `to`),
 * default the last 30 days. In zones whose offset is not whole hours a bare date's day starts at the
 * UTC hour holding its local midnight. 422 for a bad zone or date, from ≥ to, or more than STATS_MAX_DAYS.
 */
export async function getActivityStats(
  deps: Pick<Deps, 'reader' | 'clock'>,
  projectId: string,
  query: ActivityStatsQuery,
): Promise<ActivityStats> {
  const zone = checkTimeZone(query.timezone);
  // Without `to`: up to and including now (the range is half-open).
  const to = parseInstant('to', query.to, zone, true) ?? deps.clock.now().getTime() + 1;
  const from = parseInstant('from', query.from, zone, false) ?? to - 30 * DAY_MS;
  checkRange(from, to, STATS_MAX_DAYS, 'the range');
  const lo = Math.floor(from / HOUR_MS) * HOUR_MS;
  const hi = Math.ceil(to / HOUR_MS) * HOUR_MS;
  const rows = await repo.sumTypesBetween(deps.reader, projectId, hourKey(lo), hourKey(hi));
  const counts = new Map(rows.map((r) => [r.type, Number(r.count)]));
  const byType = ACTIVITY_TYPES.map((type) => ({ type, count: counts.get(type) ?? 0 }));
  return {
    from: new Date(lo).toISOString(),
    to: new Date(hi).toISOString(),
    total: byType.reduce((sum, t) => sum + t.count, 0),
    byType,
  };
}

/** Items of the last `minutes` minutes, counted up to COUNT_CAP through the (project, created_at) index. */
export async function getRecentCount(
  deps: Pick<Deps, 'reader' | 'clock'>,
  projectId: string,
  minutes: number,
): Promise<RecentCount> {
  const since = new Date(deps.clock.now().getTime() - minutes * 60_000).toISOString();
  const count = await repo.countFeed(deps.reader, projectId, { from: since }, COUNT_CAP);
  return { count, capped: count >= COUNT_CAP, minutes, since };
}

/** The activity types the project's feed holds, in the order of the type list. */
export async function getActivityTypes(deps: Pick<Deps, 'reader'>, projectId: string): Promise<ActivityTypes> {
  return { types: await repo.presentTypes(deps.reader, projectId, ACTIVITY_TYPES) };
}

/** Scheduled campaigns and waiting workflow executions, soonest first, at most `limit` of each. */
export async function getUpcoming(deps: Pick<Deps, 'reader'>, projectId: string, limit: number): Promise<Upcoming> {
  const [campaigns, due] = await Promise.all([
    repo.listScheduledCampaigns(deps.reader, projectId, limit),
    repo.listWaitingExecutions(deps.reader, projectId, true, limit),
  ]);
  const undated =
    due.length < limit ? await repo.listWaitingExecutions(deps.reader, projectId, false, limit - due.length) : [];
  return {
    campaigns: campaigns.map((c) => ({
      id: c.id,
      name: c.name,
      scheduledAt: new Date(c.scheduledAt!).toISOString(),
      totalRecipients: Number(c.totalRecipients),
    })),
    executions: [...due, ...undated].map((x) => ({
      id: x.id,
      workflow: { id: x.workflowId, name: x.workflowName },
      contact: { id: x.contactId, email: x.contactEmail },
      dueAt: x.dueAt === null ? null : new Date(x.dueAt).toISOString(),
      waitingFor: x.waitingEvent,
      stepId: x.currentStepId,
    })),
  };
}

/** Records an activity item (a domain verified, …) in the caller's transaction, with the change it reports. */
export function recordActivity(trx: Executor, activity: NewActivity, now: Date): Promise<void> {
  return insertActivity(trx, activity, now);
}
