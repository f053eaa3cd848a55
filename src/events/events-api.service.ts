/**
 * The /events dashboard API: lists, counts, names, usage and deletion by name. Counts come from the
 * counters the triggers keep (db/event-counts-sql.ts), so no request here reads every event of a
 * project, except where a filter has no counter (see `listEvents`) and the deletion itself.
 */
import { MAX_INSTANT, parseInstant } from '../analytics/time.ts';
import { getContact } from '../contacts/contacts.service.ts';
import { fromJson } from '../db/codecs.ts';
import type { Deps } from '../deps.ts';
import { type CursorPage, decodeCursor, toCursorPage } from '../http/pagination.ts';
import { findUsage } from '../lib/usage.ts';
import * as repo from './events.repo.ts';
import type { EventNames, EventStats, EventUsage, EventView, ListEventsQuery } from './events.schemas.ts';
import { isSystemEventName } from './events.service.ts';

/** Filtered counts stop here: `total` is exact below it and this number at or above it. */
export const FILTERED_TOTAL_CAP = 10_000;
/** Events deleted per statement by `deleteEventsByName`: each slice is one short write. */
export const DELETE_SLICE = 5000;

type EventRow = Awaited<ReturnType<typeof repo.listEvents>>[number];

/** The API shape of an event row. */
export function toEventView(row: EventRow): EventView {
  return {
    id: row.id,
    name: row.name,
    contactId: row.contactId,
    data: fromJson<Record<string, unknown>>(row.data) ?? {},
    createdAt: row.createdAt,
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `from`/`to` as a Date (UTC). The parsing, and its bounds (years 1000–9999, which both databases
 * store), are analytics' parseInstant; a bare `to` date means its whole day, so its end is inclusive.
 */
function parseDate(field: 'from' | 'to', text: string | undefined): Date | undefined {
  const at = parseInstant(field, text, 'UTC', field === 'to');
  if (at === undefined) return undefined;
  // parseInstant ends a bare date at the next day's first instant (exclusive); this filter is inclusive.
  return new Date(field === 'to' && DATE.test(text!) && at < MAX_INSTANT ? at - 1 : at);
}

/**
 * A cursor page of the project's events, newest first, filtered by name, contact and time. `total`
 * (first page only) is exact from the counters when at most `name` is given; with `contactId`, `from`
 * or `to` it counts matching rows up to FILTERED_TOTAL_CAP. A time window without a name or contact
 * walks the project's events newest first, so a narrow window far in the past reads the newer ones.
 */
export async function listEvents(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  query: ListEventsQuery,
): Promise<CursorPage<EventView>> {
  const beforeId = decodeCursor(query.cursor);
  const filter: repo.EventFilter = {
    name: query.name,
    contactId: query.contactId,
    from: parseDate('from', query.from),
    to: parseDate('to', query.to),
  };
  const rows = await repo.listEvents(deps.reader, projectId, filter, { beforeId, limit: query.limit });
  const count = async () =>
    filter.contactId === undefined && !filter.from && !filter.to
      ? (await repo.sumEventCounts(deps.reader, projectId, filter.name)).total
      : repo.countEventRows(deps.reader, projectId, filter, FILTERED_TOTAL_CAP);
  return toCursorPage(rows, query.limit, beforeId === undefined, count, toEventView);
}

/** A cursor page of one contact's events, newest first; 404 CONTACT_NOT_FOUND when it is not the project's. */
export async function listContactEvents(
  deps: Pick<Deps, 'reader' | 'topics'>,
  projectId: string,
  contactId: string,
  query: { limit: number; cursor?: string },
): Promise<CursorPage<EventView>> {
  await getContact(deps, projectId, contactId);
  return listEvents(deps, projectId, { ...query, contactId });
}

const HOUR_MS = 3_600_000;
const hourKey = (at: Date) => at.toISOString().slice(0, 13);

/** Totals, recent windows (whole UTC hours) and the 100 most frequent names, from the counters. */
export async function eventStats(deps: Pick<Deps, 'reader' | 'clock'>, projectId: string): Promise<EventStats> {
  const now = deps.clock.now().getTime();
  const since = [24, 168, 720].map((hours) => hourKey(new Date(now - (hours - 1) * HOUR_MS)));
  const [sums, windows, top] = await Promise.all([
    repo.sumEventCounts(deps.reader, projectId),
    repo.sumSinceHours(deps.reader, projectId, since),
    repo.listNameCounts(deps.reader, projectId, { orderBy: 'count', limit: 100 }),
  ]);
  const [last24h, last7d, last30d] = windows as [number, number, number];
  return { total: sums.total, distinctNames: sums.names, last24h, last7d, last30d, byName: top.map(toNameCount) };
}

function toNameCount(r: { name: string; count: unknown; lastSeenAt: unknown }) {
  return { name: r.name, count: Number(r.count), lastSeenAt: String(r.lastSeenAt), system: isSystemEventName(r.name) };
}

/** Every event name that occurred in the project (system ones marked), by name, at most 1,000. */
export async function listEventNames(deps: Pick<Deps, 'reader'>, projectId: string): Promise<EventNames> {
  const rows = await repo.listNameCounts(deps.reader, projectId, { orderBy: 'name', limit: 1000 });
  return { names: rows.map(toNameCount) };
}

/** Segments and workflows referencing the event name, from the lookups given at composition. */
export async function getEventUsage(
  deps: Pick<Deps, 'eventUsage'>,
  projectId: string,
  eventName: string,
): Promise<EventUsage> {
  return findUsage<EventUsage>(deps.eventUsage, projectId, eventName, { segments: [], workflows: [] });
}

/**
 * Deletes every event of that name in the project, DELETE_SLICE rows a statement (each its own short
 * write, so other writers interleave); returns how many went. Runs in the request: a million events
 * take about 200 slices. Events of that name stored meanwhile may outlive it.
 */
export async function deleteEventsByName(
  deps: Pick<Deps, 'db'>,
  projectId: string,
  eventName: string,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const n = await repo.deleteEventsSlice(deps.db, projectId, eventName, DELETE_SLICE);
    deleted += n;
    if (n < DELETE_SLICE) return deleted;
  }
}
