// Invariant: a local date and time in an IANA zone maps to exactly one instant: a time a DST gap
// skips lands as far past the gap as it was into it, a repeated time is its first occurrence, and
// half-hour and ±14 h offsets are exact.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  DAY_MS,
  dateText,
  daysBetween,
  HOUR_MS,
  isTimeZone,
  localDate,
  localInstant,
  nextLocalTime,
  offsetAt,
  parseClock,
  parseDate,
  startOfLocalDay,
  type Weekday,
  wallClock,
  weekdayOf,
} from './zoned-time.ts';

const NY = 'America/New_York';
const iso = (d: Date) => d.toISOString();
const at = (text: string) => new Date(text);
const local = (date: string, clock: string, zone: string) =>
  iso(localInstant(parseDate(date)!, parseClock(clock)!, zone));

describe('zoned time', () => {
  it('knows zone names Intl knows, in any case, and refuses the rest', () => {
    expect([isTimeZone('Europe/Berlin'), isTimeZone('europe/berlin'), isTimeZone('UTC')]).toEqual([true, true, true]);
    expect(isTimeZone('Asia/Calcutta')).toBe(true);
    // Asked twice: the cached answer is the same.
    expect([isTimeZone('Mars/Olympus'), isTimeZone('Mars/Olympus')]).toEqual([false, false]);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(`Europe/${'x'.repeat(60)}`)).toBe(false);
  });

  it('reads the wall clock with midnight as hour 0 and Monday as weekday 0', () => {
    expect(wallClock(at('2026-03-08T07:30:00Z'), NY)).toEqual({
      year: 2026,
      month: 3,
      day: 8,
      hour: 3,
      minute: 30,
      second: 0,
      weekday: 6,
    });
    expect(wallClock(at('2026-03-09T04:00:05Z'), NY)).toMatchObject({ day: 9, hour: 0, second: 5, weekday: 0 });
  });

  it('gives the offset of zones with DST, half hours and ±14 h', () => {
    expect(offsetAt(at('2026-01-15T12:00:00Z'), NY)).toBe(-5 * HOUR_MS);
    expect(offsetAt(at('2026-07-15T12:00:00.999Z'), NY)).toBe(-4 * HOUR_MS);
    expect(offsetAt(at('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * HOUR_MS);
    expect(offsetAt(at('2026-07-15T12:00:00Z'), 'Pacific/Kiritimati')).toBe(14 * HOUR_MS);
    expect(offsetAt(at('2026-07-15T12:00:00Z'), 'Pacific/Pago_Pago')).toBe(-11 * HOUR_MS);
  });

  it('maps ordinary local times to their instants', () => {
    expect(local('2026-03-07', '09:00', NY)).toBe('2026-03-07T14:00:00.000Z');
    expect(local('2026-07-01', '09:00', 'Asia/Kolkata')).toBe('2026-07-01T03:30:00.000Z');
    expect(local('2026-01-01', '09:00', 'Pacific/Kiritimati')).toBe('2025-12-31T19:00:00.000Z');
    expect(local('2026-01-01', '00:30', 'Pacific/Kiritimati')).toBe('2025-12-31T10:30:00.000Z');
    expect(local('2025-12-31', '23:30', 'Pacific/Pago_Pago')).toBe('2026-01-01T10:30:00.000Z');
  });

  it('moves a time a DST gap skips past the gap by as much as it was into it', () => {
    expect(local('2026-03-08', '02:30', NY)).toBe('2026-03-08T07:30:00.000Z');
    expect(local('2026-03-08', '03:30', NY)).toBe('2026-03-08T07:30:00.000Z');
    expect(local('2026-03-29', '02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    // Samoa skipped 30 December 2011 whole: its noon is noon of the 31st.
    expect(local('2011-12-30', '12:00', 'Pacific/Apia')).toBe('2011-12-30T22:00:00.000Z');
  });

  it('takes the first occurrence of a time DST repeats', () => {
    expect(local('2026-11-01', '01:30', NY)).toBe('2026-11-01T05:30:00.000Z');
    expect(local('2026-11-01', '02:00', NY)).toBe('2026-11-01T07:00:00.000Z');
    expect(local('2026-10-25', '02:30', 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z');
  });

  it('starts a local day at midnight, or where a DST gap over midnight ends', () => {
    expect(iso(startOfLocalDay(at('2026-03-08T20:00:00Z'), NY))).toBe('2026-03-08T05:00:00.000Z');
    expect(iso(startOfLocalDay(at('2026-03-01T12:00:00Z'), 'Asia/Kolkata'))).toBe('2026-02-28T18:30:00.000Z');
    // Santiago moves from -04:00 to -03:00 at midnight on 2026-09-06: the day starts at 01:00.
    expect(iso(startOfLocalDay(at('2026-09-06T12:00:00Z'), 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z');
  });

  it('names the local date of an instant', () => {
    expect(localDate(at('2026-03-08T03:00:00Z'), NY)).toBe('2026-03-07');
    expect(localDate(at('2026-03-07T11:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-03-08');
    expect(localDate(at('2026-03-07T11:00:00Z'), 'Pacific/Pago_Pago')).toBe('2026-03-07');
  });

  it('parses strict real dates and clock times only', () => {
    expect(parseDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDate('0050-03-01')).toEqual({ year: 50, month: 3, day: 1 });
    for (const bad of ['2026-02-29', '2026-13-01', '2026-00-10', '2026-1-01', ' 2026-01-01', '2026-01-01T00:00', '']) {
      expect(parseDate(bad)).toBeUndefined();
    }
    expect([parseClock('00:00'), parseClock('23:59')]).toEqual([
      { hour: 0, minute: 0 },
      { hour: 23, minute: 59 },
    ]);
    for (const bad of ['24:00', '9:00', '12:60', '12:5', '12:00:00', '']) expect(parseClock(bad)).toBeUndefined();
  });

  it('counts calendar days across months, leap days and years', () => {
    expect(dateText(addDays({ year: 2024, month: 2, day: 28 }, 1))).toBe('2024-02-29');
    expect(dateText(addDays({ year: 2026, month: 1, day: 1 }, -1))).toBe('2025-12-31');
    // Date.UTC would read year 50 as 1950.
    expect(dateText(addDays({ year: 50, month: 12, day: 31 }, 1))).toBe('0051-01-01');
    expect(daysBetween(parseDate('2026-01-01')!, parseDate('2026-03-01')!)).toBe(59);
    expect(daysBetween(parseDate('2026-03-09')!, parseDate('2026-03-07')!)).toBe(-2);
    expect(weekdayOf(parseDate('2026-03-08')!)).toBe(6);
    expect(DAY_MS).toBe(24 * HOUR_MS);
  });

  describe('nextLocalTime', () => {
    const nine = { hour: 9, minute: 0 };
    // Friday 2026-03-06, 07:00 in New York; the clocks go forward on Sunday the 8th.
    const friday7 = at('2026-03-06T12:00:00Z');

    it('is today at the time when it is still ahead, or exactly now', () => {
      expect(iso(nextLocalTime(friday7, nine, NY))).toBe('2026-03-06T14:00:00.000Z');
      expect(iso(nextLocalTime(at('2026-03-06T14:00:00Z'), nine, NY))).toBe('2026-03-06T14:00:00.000Z');
    });

    it('skips to the next listed day, across a DST change', () => {
      const weekdays: Weekday[] = ['MON', 'TUE', 'WED', 'THU', 'FRI'];
      expect(iso(nextLocalTime(at('2026-03-06T14:00:01Z'), nine, NY, weekdays))).toBe('2026-03-09T13:00:00.000Z');
      expect(iso(nextLocalTime(friday7, nine, NY, ['SUN']))).toBe('2026-03-08T13:00:00.000Z');
    });

    it('reaches the same weekday a week on when its time has passed today', () => {
      expect(iso(nextLocalTime(at('2026-03-06T15:00:00Z'), nine, NY, ['FRI']))).toBe('2026-03-13T13:00:00.000Z');
    });

    it('refuses days that name no weekday', () => {
      expect(() => nextLocalTime(friday7, nine, NY, ['XYZ' as Weekday])).toThrow(RangeError);
    });
  });
});
