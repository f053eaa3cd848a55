// Invariant: mail waits for the window: windowOpenAt returns `at` only while the window is open
// (start inclusive, end exclusive, local time), else its next opening, across midnight, skipped
// days and DST changes.
import { describe, expect, it } from 'vitest';
import { isWindowOpen, type SendWindow, windowOpenAt } from './send-window.ts';

const opensAt = (w: SendWindow, text: string) => windowOpenAt(w, new Date(text)).toISOString();

describe('send window', () => {
  // New York office hours; the clocks go forward on Sunday 2026-03-08.
  const office: SendWindow = {
    days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
    start: '09:00',
    end: '17:00',
    timezone: 'America/New_York',
  };

  it('is open from start inclusive to end exclusive on a listed day', () => {
    expect(opensAt(office, '2026-03-04T15:00:00.000Z')).toBe('2026-03-04T15:00:00.000Z');
    expect(opensAt(office, '2026-03-04T14:00:00.000Z')).toBe('2026-03-04T14:00:00.000Z');
    expect(opensAt(office, '2026-03-04T12:00:00.000Z')).toBe('2026-03-04T14:00:00.000Z');
    // 17:00 EST is closed: the next opening is Thursday's.
    expect(opensAt(office, '2026-03-04T22:00:00.000Z')).toBe('2026-03-05T14:00:00.000Z');
    expect(isWindowOpen(office, new Date('2026-03-04T21:59:59.999Z'))).toBe(true);
    expect(isWindowOpen(office, new Date('2026-03-04T22:00:00.000Z'))).toBe(false);
  });

  it('skips the weekend to Monday, whose 09:00 is EDT', () => {
    expect(opensAt(office, '2026-03-06T23:00:00.000Z')).toBe('2026-03-09T13:00:00.000Z');
    expect(opensAt(office, '2026-03-07T15:00:00.000Z')).toBe('2026-03-09T13:00:00.000Z');
  });

  // Berlin, CET (+01:00) in February; Friday 2026-02-06.
  const fridayNight: SendWindow = { days: ['FRI'], start: '22:00', end: '06:00', timezone: 'Europe/Berlin' };

  it('spans midnight when start is after end, from the listed day into the next', () => {
    expect(opensAt(fridayNight, '2026-02-06T20:00:00.000Z')).toBe('2026-02-06T21:00:00.000Z');
    expect(opensAt(fridayNight, '2026-02-06T21:00:00.000Z')).toBe('2026-02-06T21:00:00.000Z');
    // Saturday 05:59 local is still Friday's window; 06:00 is closed until next Friday.
    expect(opensAt(fridayNight, '2026-02-07T04:59:00.000Z')).toBe('2026-02-07T04:59:00.000Z');
    expect(opensAt(fridayNight, '2026-02-07T05:00:00.000Z')).toBe('2026-02-13T21:00:00.000Z');
    // Thursday night and Saturday night are not listed.
    expect(isWindowOpen(fridayNight, new Date('2026-02-05T22:00:00.000Z'))).toBe(false);
    expect(isWindowOpen(fridayNight, new Date('2026-02-07T22:00:00.000Z'))).toBe(false);
  });

  it('opens a start a DST gap skips where the gap ends', () => {
    const sundayEarly: SendWindow = { days: ['SUN'], start: '02:30', end: '05:00', timezone: 'America/New_York' };
    // 02:30 does not exist on 2026-03-08; the window opens at 03:30 EDT.
    expect(opensAt(sundayEarly, '2026-03-08T06:00:00.000Z')).toBe('2026-03-08T07:30:00.000Z');
    expect(isWindowOpen(sundayEarly, new Date('2026-03-08T07:29:00.000Z'))).toBe(false);
  });

  it('refuses a window that never opens', () => {
    expect(() => windowOpenAt({ ...office, days: [] }, new Date('2026-03-04T15:00:00.000Z'))).toThrow(RangeError);
    expect(() => windowOpenAt({ ...office, end: '09:00' }, new Date('2026-03-04T15:00:00.000Z'))).toThrow(RangeError);
    expect(() => windowOpenAt({ ...office, start: '9:00' }, new Date('2026-03-04T15:00:00.000Z'))).toThrow(RangeError);
  });
});
