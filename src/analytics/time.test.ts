// Invariant: buckets are whole UTC hours covering the range without gaps or overlaps; day buckets
// start at local midnight (DST-correct), or at the UTC hour holding it where the zone's offset is not
// whole hours, or at the first instant of a day whose midnight DST skips.
import { describe, expect, it } from 'vitest';
import { bucketsBefore, bucketsOf, checkTimeZone, MAX_INSTANT, parseInstant } from './time.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const days = (zone: string, from: string, to: string) =>
  bucketsOf('day', zone, parseInstant('from', from, zone, false)!, parseInstant('to', to, zone, true)!).map((b) => [
    b.label,
    iso(b.start),
    (b.end - b.start) / 3_600_000,
  ]);

describe('time buckets', () => {
  it('follows New York across both DST changes', () => {
    expect(days('America/New_York', '2026-03-08', '2026-03-08')).toEqual([
      ['2026-03-08', '2026-03-08T05:00:00.000Z', 23],
    ]);
    expect(days('America/New_York', '2026-11-01', '2026-11-01')).toEqual([
      ['2026-11-01', '2026-11-01T04:00:00.000Z', 25],
    ]);
  });

  it('starts a day of a half-hour zone at the UTC hour holding its midnight', () => {
    expect(days('Asia/Kolkata', '2026-03-01', '2026-03-02')).toEqual([
      ['2026-03-01', '2026-02-28T18:00:00.000Z', 24],
      ['2026-03-02', '2026-03-01T18:00:00.000Z', 24],
    ]);
  });

  it('starts a day whose midnight DST skips at its first hour', () => {
    // Santiago moves from -04:00 to -03:00 at midnight on 2026-09-06.
    expect(days('America/Santiago', '2026-09-06', '2026-09-06')).toEqual([
      ['2026-09-06', '2026-09-06T04:00:00.000Z', 23],
    ]);
  });

  it('labels hours in local time with the offset, twice for the repeated hour', () => {
    const hours = bucketsOf(
      'hour',
      'America/New_York',
      Date.parse('2026-11-01T04:00Z'),
      Date.parse('2026-11-01T07:00Z'),
    );
    expect(hours.map((b) => b.label)).toEqual([
      '2026-11-01T00:00-04:00',
      '2026-11-01T01:00-04:00',
      '2026-11-01T01:00-05:00',
    ]);
  });

  it('gives default ranges of whole buckets ending with the current one', () => {
    const to = Date.parse('2026-03-11T10:15:00Z');
    expect(iso(bucketsBefore('hour', 'UTC', to, 24))).toBe('2026-03-10T11:00:00.000Z');
    expect(iso(bucketsBefore('day', 'America/New_York', to, 30))).toBe('2026-02-10T05:00:00.000Z');
  });

  it('reads dates and zones, refusing what is not one', () => {
    expect(iso(parseInstant('from', '2026-03-08T12:00', 'UTC', false)!)).toBe('2026-03-08T12:00:00.000Z');
    expect(iso(parseInstant('from', '2026-03-08T12:00+02:00', 'Asia/Tokyo', false)!)).toBe('2026-03-08T10:00:00.000Z');
    expect(checkTimeZone('europe/paris')).toBe('Europe/Paris');
    expect(() => checkTimeZone('Mars/Olympus')).toThrow(/IANA/);
    expect(() => parseInstant('to', '2026-13-01', 'UTC', true)).toThrow();
  });

  it('reads years 1000 to 9999 only, an end past 9999 as the last storable instant', () => {
    // Date.UTC would read 0050 as 1950; PostgreSQL has no year 0 and no 5-digit years.
    for (const text of ['0050-01-01', '0000-01-01', '0999-12-31T23:00:00Z']) {
      expect(() => parseInstant('from', text, 'UTC', false)).toThrow(/year 1000 to 9999/);
    }
    expect(iso(parseInstant('from', '1000-01-01', 'UTC', false)!)).toBe('1000-01-01T00:00:00.000Z');
    expect(parseInstant('to', '9999-12-31', 'UTC', true)).toBe(MAX_INSTANT);
    expect(parseInstant('to', '9999-12-31T23:00:00-05:00', 'UTC', true)).toBe(MAX_INSTANT);
    expect(iso(MAX_INSTANT)).toBe('9999-12-31T23:59:59.999Z');
  });
});
