/**
 * A project's send window: the local hours, on listed weekdays, in which marketing mail goes out.
 * Pure (no I/O). Local times follow lib/zoned-time (a time a DST gap skips moves past the gap; a
 * repeated time is its first occurrence).
 */
import {
  addDays,
  localInstant,
  parseClock,
  type TimeOfDay,
  WEEKDAYS,
  type Weekday,
  wallClock,
  weekdayOf,
} from '../lib/zoned-time.ts';

export interface SendWindow {
  days: Weekday[];
  /** HH:MM local, inclusive. */
  start: string;
  /** HH:MM local, exclusive. Before `start`: the window closes at this time on the next day. */
  end: string;
  /** IANA zone of `start` and `end`. */
  timezone: string;
}

function clockOf(text: string, field: string): TimeOfDay {
  const clock = parseClock(text);
  if (!clock) throw new RangeError(`Send window ${field} ${JSON.stringify(text)} is not HH:MM`);
  return clock;
}

const minutesOf = (c: TimeOfDay) => c.hour * 60 + c.minute;

/**
 * `at` itself when the window is open at `at`, else the next instant it opens. RangeError for a
 * window that never opens (no days, start equal to end, a time that is not HH:MM).
 */
export function windowOpenAt(w: SendWindow, at: Date): Date {
  const start = clockOf(w.start, 'start');
  const end = clockOf(w.end, 'end');
  const overnight = minutesOf(end) < minutesOf(start);
  const today = wallClock(at, w.timezone);
  // From yesterday, whose overnight window may still be open, through the 8 dates in which every
  // listed weekday recurs. Opening times only grow with the date, so the first window not yet
  // closed at `at` holds the answer.
  for (let i = -1; i < 8; i++) {
    const day = addDays(today, i);
    if (!w.days.includes(WEEKDAYS[weekdayOf(day)]!)) continue;
    const opens = localInstant(day, start, w.timezone).getTime();
    const closes = localInstant(overnight ? addDays(day, 1) : day, end, w.timezone).getTime();
    // A DST gap can swallow a short window (02:30 to 03:00 on a spring-forward day opens at 03:30).
    if (closes <= opens) continue;
    if (at.getTime() < closes) return new Date(Math.max(opens, at.getTime()));
  }
  throw new RangeError(`Send window ${JSON.stringify(w)} never opens`);
}

/** Whether the window is open at `at` (from `start` inclusive to `end` exclusive). */
export function isWindowOpen(w: SendWindow, at: Date): boolean {
  return windowOpenAt(w, at).getTime() === at.getTime();
}
