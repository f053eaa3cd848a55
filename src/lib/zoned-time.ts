/**
 * Wall-clock arithmetic in IANA time zones on the built-in Intl API. Pure (no I/O). Dates are
 * proleptic Gregorian. A local time that DST skips moves forward by the gap (02:30 on a
 * spring-forward day is 03:30 after the jump); one that DST repeats is its first occurrence.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface CalendarDate {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

export interface TimeOfDay {
  hour: number;
  minute: number;
}

export interface WallClock extends CalendarDate, TimeOfDay {
  second: number;
  /** 0 (Monday) to 6 (Sunday), an index of WEEKDAYS. */
  weekday: number;
}

const SHORT_WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MIDNIGHT: TimeOfDay = { hour: 0, minute: 0 };

// Both caches are keyed by caller text (a zone name in any case is valid), so they empty when
// full rather than grow with every name a request sends.
const CACHE_MAX = 1000;
const zones = new Map<string, boolean>();
const formatters = new Map<string, Intl.DateTimeFormat>();

function remember<V>(cache: Map<string, V>, key: string, value: V): V {
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, value);
  return value;
}

function formatterFor(zone: string): Intl.DateTimeFormat {
  return (
    formatters.get(zone) ??
    remember(
      formatters,
      zone,
      // h23: with hour12 false some ICU versions print midnight as 24.
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        weekday: 'short',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
    )
  );
}

/** Whether Intl knows `name` as a time zone (any case; links such as Asia/Calcutta too). False for '' and names over 64 characters. */
export function isTimeZone(name: string): boolean {
  if (name === '' || name.length > 64) return false;
  const known = zones.get(name);
  if (known !== undefined) return known;
  try {
    formatterFor(name);
    return remember(zones, name, true);
  } catch {
    return remember(zones, name, false);
  }
}

/** The local calendar fields of an instant in `zone`. Throws RangeError for an unknown zone. */
export function wallClock(instant: Date, zone: string): WallClock {
  const w: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, weekday: 0 };
  for (const p of formatterFor(zone).formatToParts(instant)) {
    if (p.type === 'weekday') w.weekday = SHORT_WEEKDAYS.indexOf(p.value);
    else if (p.type in w) w[p.type as keyof WallClock] = Number(p.value);
  }
  return w;
}

/** A wall time read as UTC, in ms; unlike Date.UTC it keeps years 0 to 99 as they are. */
function asUtc(date: CalendarDate, hour = 0, minute = 0, second = 0): number {
  const t = new Date(0);
  t.setUTCFullYear(date.year, date.month - 1, date.day);
  t.setUTCHours(hour, minute, second, 0);
  return t.getTime();
}

/** The zone's offset from UTC at an instant, in ms (local minus UTC). */
export function offsetAt(instant: Date, zone: string): number {
  const w = wallClock(instant, zone);
  // Intl shows whole seconds, so the instant's milliseconds are dropped to match.
  return asUtc(w, w.hour, w.minute, w.second) - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant at which the wall clock in `zone` shows `date` at `clock`. A time a DST gap skips
 * keeps the offset from before the gap, landing as far past the gap as it was into it; a time
 * that repeats is its first occurrence.
 */
export function localInstant(date: CalendarDate, clock: TimeOfDay, zone: string): Date {
  const wall = asUtc(date, clock.hour, clock.minute);
  // The answer is within 14 h of `wall`; offsets a day either side of it see any one DST change.
  const before = offsetAt(new Date(wall - DAY_MS), zone);
  const offsets = new Set([before, offsetAt(new Date(wall), zone), offsetAt(new Date(wall + DAY_MS), zone)]);
  // An offset fits when the instant it gives shows that offset. Two fit in a repeated hour; the
  // earlier instant is the first occurrence.
  const fits = [...offsets].map((o) => wall - o).filter((t) => offsetAt(new Date(t), zone) === wall - t);
  return new Date(fits.length > 0 ? Math.min(...fits) : wall - before);
}

/** The first instant of the local day holding `instant` (its midnight, or the end of a DST gap covering midnight). */
export function startOfLocalDay(instant: Date, zone: string): Date {
  return localInstant(wallClock(instant, zone), MIDNIGHT, zone);
}

/** `YYYY-MM-DD` of the local day holding `instant`. */
export function localDate(instant: Date, zone: string): string {
  return dateText(wallClock(instant, zone));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of a calendar date. */
export function dateText(date: CalendarDate): string {
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A strict `YYYY-MM-DD` that names a real calendar date; undefined otherwise. */
export function parseDate(s: string): CalendarDate | undefined {
  const m = DATE.exec(s);
  if (!m) return undefined;
  const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  // Date rolls 02-30 over into March; a real date survives the round trip unchanged.
  return dateText(addDays(date, 0)) === s ? date : undefined;
}

/** A strict `HH:MM` from 00:00 to 23:59; undefined otherwise. */
export function parseClock(s: string): TimeOfDay | undefined {
  const m = CLOCK.exec(s);
  return m ? { hour: Number(m[1]), minute: Number(m[2]) } : undefined;
}

/** The calendar date `n` whole days after `date` (before it when negative). */
export function addDays(date: CalendarDate, n: number): CalendarDate {
  const t = new Date(asUtc(date) + n * DAY_MS);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/** Whole calendar days from `a` to `b`; negative when `b` is earlier. */
export function daysBetween(a: CalendarDate, b: CalendarDate): number {
  return Math.round((asUtc(b) - asUtc(a)) / DAY_MS);
}

/** The weekday of a calendar date: 0 (Monday) to 6 (Sunday), an index of WEEKDAYS. */
export function weekdayOf(date: CalendarDate): number {
  return (new Date(asUtc(date)).getUTCDay() + 6) % 7;
}

/**
 * The first instant at or after `after` at which the wall clock in `zone` shows `clock` on one of
 * `days` (any day when absent or empty). RangeError when `days` holds no weekday.
 */
export function nextLocalTime(after: Date, clock: TimeOfDay, zone: string, days: readonly Weekday[] = []): Date {
  const today = wallClock(after, zone);
  // Every weekday recurs within 8 dates from today, even when today's time has passed.
  for (let i = 0; i < 8; i++) {
    const date = addDays(today, i);
    if (days.length > 0 && !days.includes(WEEKDAYS[weekdayOf(date)]!)) continue;
    const at = localInstant(date, clock, zone);
    if (at.getTime() >= after.getTime()) return at;
  }
  throw new RangeError(`No weekday among ${JSON.stringify(days)}`);
}
