// Invariant: a cron pattern matches exactly the UTC minutes classic 5-field cron would, and a
// malformed pattern throws when parsed (so a bad registry entry fails at start, not silently never).
import { describe, expect, it } from 'vitest';
import { lastMatch, parseCron } from './cron.ts';

const at = (iso: string) => new Date(iso);

/** Every matching minute of one UTC day, as HH:MM. */
function matchesOn(pattern: string, day = '2026-03-04'): string[] {
  const m = parseCron(pattern);
  const out: string[] = [];
  for (let i = 0; i < 24 * 60; i++) {
    const d = new Date(`${day}T00:00:00.000Z`);
    d.setUTCMinutes(i);
    if (m.matches(d)) out.push(d.toISOString().slice(11, 16));
  }
  return out;
}

describe('parseCron', () => {
  it('matches every minute with five stars', () => {
    expect(matchesOn('* * * * *')).toHaveLength(24 * 60);
  });

  it('matches a fixed minute of every hour', () => {
    const m = matchesOn('17 * * * *');
    expect(m).toHaveLength(24);
    expect(m.slice(0, 2)).toEqual(['00:17', '01:17']);
  });

  it('steps through the whole range with */n', () => {
    expect(matchesOn('*/20 3 * * *')).toEqual(['03:00', '03:20', '03:40']);
  });

  it('steps from the start of a range with a-b/n and from a value to the end with a/n', () => {
    expect(matchesOn('10-40/15 0 * * *')).toEqual(['00:10', '00:25', '00:40']);
    expect(matchesOn('45/5 0 * * *')).toEqual(['00:45', '00:50', '00:55']);
  });

  it('takes lists mixing values and ranges', () => {
    expect(matchesOn('0 1,3-4,22 * * *')).toEqual(['01:00', '03:00', '04:00', '22:00']);
  });

  it('reads the time in UTC whatever the process time zone', () => {
    expect(parseCron('30 9 * * *').matches(at('2026-03-04T09:30:00.000Z'))).toBe(true);
    expect(parseCron('30 9 * * *').matches(at('2026-03-04T09:30:00.000+01:00'))).toBe(false);
  });

  it('restricts by month', () => {
    const m = parseCron('0 0 1 2-3 *');
    expect(m.matches(at('2026-02-01T00:00:00Z'))).toBe(true);
    expect(m.matches(at('2026-04-01T00:00:00Z'))).toBe(false);
  });

  it('treats 0 and 7 both as Sunday', () => {
    // 2026-03-08 is a Sunday, 2026-03-09 a Monday.
    for (const p of ['0 12 * * 0', '0 12 * * 7']) {
      expect(parseCron(p).matches(at('2026-03-08T12:00:00Z'))).toBe(true);
      expect(parseCron(p).matches(at('2026-03-09T12:00:00Z'))).toBe(false);
    }
  });

  it('matches when either day field matches if both are restricted (the classic OR rule)', () => {
    // Day 13 of the month, or any Friday. 2026-03-13 is a Friday, 2026-03-06 a Friday, 2026-04-13 a Monday.
    const m = parseCron('0 0 13 * 5');
    expect(m.matches(at('2026-03-06T00:00:00Z'))).toBe(true);
    expect(m.matches(at('2026-04-13T00:00:00Z'))).toBe(true);
    expect(m.matches(at('2026-03-07T00:00:00Z'))).toBe(false);
  });

  it('needs both day fields when only one is restricted', () => {
    const dom = parseCron('0 0 13 * *');
    expect(dom.matches(at('2026-04-13T00:00:00Z'))).toBe(true);
    expect(dom.matches(at('2026-03-06T00:00:00Z'))).toBe(false);
    const dow = parseCron('0 0 * * 1-5');
    expect(dow.matches(at('2026-03-06T00:00:00Z'))).toBe(true);
    expect(dow.matches(at('2026-03-07T00:00:00Z'))).toBe(false);
  });

  it.each([
    ['', 'needs 5 fields'],
    ['* * * *', 'needs 5 fields'],
    ['* * * * * *', 'needs 5 fields'],
    ['60 * * * *', 'out of range'],
    ['* 24 * * *', 'out of range'],
    ['* * 0 * *', 'out of range'],
    ['* * * 13 *', 'out of range'],
    ['* * * * 8', 'out of range'],
    ['5-1 * * * *', 'out of range'],
    ['*/0 * * * *', 'out of range'],
    ['a * * * *', 'bad cron field'],
    ['1,,2 * * * *', 'bad cron field'],
    ['*/ * * * *', 'bad cron field'],
    ['-1 * * * *', 'bad cron field'],
    ['MON * * * *', 'bad cron field'],
  ])('rejects %j', (pattern, message) => {
    expect(() => parseCron(pattern)).toThrow(message);
  });
});

describe('lastMatch', () => {
  it('returns the current minute, truncated, when it matches', () => {
    expect(lastMatch(parseCron('17 * * * *'), at('2026-03-04T10:17:42.123Z'))?.toISOString()).toBe(
      '2026-03-04T10:17:00.000Z',
    );
  });

  it('returns the latest earlier matching minute', () => {
    expect(lastMatch(parseCron('17 * * * *'), at('2026-03-04T10:16:59.999Z'))?.toISOString()).toBe(
      '2026-03-04T09:17:00.000Z',
    );
  });

  it('returns undefined when nothing matches within the lookback', () => {
    expect(lastMatch(parseCron('17 * * * *'), at('2026-03-04T10:16:00Z'), 30)).toBeUndefined();
    expect(lastMatch(parseCron('0 0 1 1 *'), at('2026-03-04T10:16:00Z'))).toBeUndefined();
  });

  it('does not modify the date it is given', () => {
    const now = at('2026-03-04T10:16:30Z');
    lastMatch(parseCron('0 * * * *'), now);
    expect(now.toISOString()).toBe('2026-03-04T10:16:30.000Z');
  });
});
