/**
 * Time ranges and buckets of the activity and analytics endpoints, in a caller's IANA time zone.
 * Pure (no I/O). Counters are kept per UTC hour, so every bucket is a run of whole UTC hours: day
 * buckets start at the UTC hour holding local midnight (exact in zones with whole-hour offsets,
 * DST included; in zones offset by 30 or 45 minutes a day starts up to 45 minutes early).
 */
import { invalid } from '../errors.ts';
import {
  addDays,
  type CalendarDate,
  DAY_MS,
  dateText,
  HOUR_MS,
  localDate as localDateOf,
  localInstant,
  offsetAt,
  parseDate,
  wallClock as wallClockOf,
} from '../lib/zoned-time.ts';

// Re-exported: the API's callers imported them from here before the lib held them.
export { DAY_MS, HOUR_MS };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** The zone's canonical name; 422 for a name Intl does not know. */
export function checkTimeZone(zone: string | undefined): string {
  if (zone === undefined || zone === '') return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw invalid(
      'timezone',
      'must be an IANA time zone name such as Europe/Paris or America/New_York',
      'INVALID_TIMEZONE',
    );
  }
}

/** The local wall-clock fields of an instant in `zone`. */
export function wallClock(zone: string, at: number) {
  const w = wallClockOf(new Date(at), zone);
  return { y: w.year, m: w.month, d: w.day, h: w.hour, min: w.minute, s: w.second };
}

/** The first instant of a local calendar day in `zone` (the day's midnight, or its first instant after a DST gap covering midnight). */
export function startOfLocalDay(zone: string, y: number, m: number, d: number): number {
  return localInstant({ year: y, month: m, day: d }, { hour: 0, minute: 0 }, zone).getTime();
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of the local day holding `at`. */
export function localDate(zone: string, at: number): string {
  return localDateOf(new Date(at), zone);
}

/** Local ISO date-time with offset (`2026-11-01T01:00-04:00`), unambiguous across a DST fall-back. */
export function localDateTime(zone: string, at: number): string {
  const w = wallClock(zone, at);
  const off = Math.round(offsetAt(new Date(at), zone) / 60_000);
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off);
  return `${pad(w.y, 4)}-${pad(w.m)}-${pad(w.d)}T${pad(w.h)}:${pad(w.min)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * An ISO 8601 date or date-time as an instant. A bare date is a local day in `zone`: as `from` its
 * first instant, as `to` the first instant of the next day (so the whole day is included). A
 * date-time without an offset is UTC, as in the events API. Years 1000 to 9999; an end past them is
 * MAX_INSTANT. 422 naming `field` otherwise.
 */
export function parseInstant(field: string, text: string | undefined, zone: string, end: boolean): number | undefined {
  if (text === undefined || text === '') return undefined;
  const fail = () => invalid(field, 'must be an ISO 8601 date or date-time from year 1000 to 9999', 'INVALID_DATE');
  // Date.UTC reads years below 100 as 19xx, and PostgreSQL has no year 0.
  if (text < '1000') throw fail();
  if (DATE.test(text)) {
    const date = parseDate(text);
    if (!date) throw fail();
    const day = addDays(date, end ? 1 : 0);
    return inRange(startOfLocalDay(zone, day.year, day.month, day.day));
  }
  if (!DATE_TIME.test(text)) throw fail();
  const zoned = /Z|[+-]\d{2}:?\d{2}$/i.test(text.slice(10)) ? text : `${text}Z`;
  const at = new Date(zoned).getTime();
  if (Number.isNaN(at)) throw fail();
  return inRange(at);
}

/** The last instant both databases store and compare (later ISO text gets a `+0`-prefixed 6-digit year). */
export const MAX_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

// `to=9999-12-31` ends after MAX_INSTANT: nothing is stored later, so the range loses nothing.
const inRange = (at: number) => Math.min(at, MAX_INSTANT);

export type Interval = 'hour' | 'day';

export interface Bucket {
  /** First instant (a whole UTC hour). */
  start: number;
  /** First instant of the next bucket. */
  end: number;
  /** The bucket as the caller's calendar names it: `YYYY-MM-DD` (day) or a local date-time with offset (hour). */
  label: string;
}

const floorHour = (at: number) => Math.floor(at / HOUR_MS) * HOUR_MS;

/** The buckets covering [from, to): whole local days or whole UTC hours, the first holding `from`. */
export function bucketsOf(interval: Interval, zone: string, from: number, to: number): Bucket[] {
  const out: Bucket[] = [];
  if (interval === 'hour') {
    for (let at = floorHour(from); at < to; at += HOUR_MS) {
      out.push({ start: at, end: at + HOUR_MS, label: localDateTime(zone, at) });
    }
    return out;
  }
  let day: CalendarDate = wallClockOf(new Date(from), zone);
  // A day is in the range when its true start is; its bucket starts at the whole hour at or before that.
  let dayStart = startOfLocalDay(zone, day.year, day.month, day.day);
  while (dayStart < to) {
    const label = dateText(day);
    day = addDays(day, 1);
    const nextStart = startOfLocalDay(zone, day.year, day.month, day.day);
    out.push({ start: floorHour(dayStart), end: floorHour(nextStart), label });
    dayStart = nextStart;
  }
  return out;
}

/** The start of the bucket `count - 1` buckets before the one holding the instant before `to`: a default `from` giving `count` buckets. */
export function bucketsBefore(interval: Interval, zone: string, to: number, count: number): number {
  if (interval === 'hour') return floorHour(to - 1) - (count - 1) * HOUR_MS;
  const first = addDays(wallClockOf(new Date(to - 1), zone), -(count - 1));
  return startOfLocalDay(zone, first.year, first.month, first.day);
}

/** The UTC hour key of the counters (`YYYY-MM-DDTHH`) for an instant. */
export function hourKey(at: number): string {
  return new Date(at).toISOString().slice(0, 13);
}

/** The UTC day key (`YYYY-MM-DD`) for an instant. */
export function dayKey(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** 422 unless from < to and the range spans at most `maxDays`. */
export function checkRange(from: number, to: number, maxDays: number, what: string): void {
  if (from >= to) throw invalid('from', 'must be before to', 'INVALID_RANGE');
  if (to - from > maxDays * DAY_MS) throw invalid('from', `${what} covers at most ${maxDays} days`, 'RANGE_TOO_LONG');
}
