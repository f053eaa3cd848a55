// Invariant: the sending settings go to the API as the form shows them (a part switched off as null)
// and read back into the same form.
import { describe, expect, it } from 'vitest';
import {
  sendingBody,
  sendingDraftOf,
  sendingProblems,
  warmupCap,
  windowSummary,
  zoneOptions,
} from './sending-draft.ts';

const none = { timezone: 'UTC', sendWindow: null, dailyMarketingCap: null, warmup: null };

describe('the sending settings', () => {
  it('sends every part that is off as null', () => {
    const d = sendingDraftOf(none, new Date(2025, 2, 4));
    expect(d).toMatchObject({ windowOn: false, days: ['MON', 'TUE', 'WED', 'THU', 'FRI'], startedOn: '2025-03-04' });
    expect(sendingBody(d)).toEqual({ timezone: 'UTC', sendWindow: null, dailyMarketingCap: null, warmup: null });
  });

  it('reads saved settings back and sends them as they were', () => {
    const saved = {
      timezone: 'Europe/Berlin',
      sendWindow: { days: ['MON' as const, 'FRI' as const], start: '22:00', end: '06:00', timezone: 'Europe/Berlin' },
      dailyMarketingCap: 5000,
      warmup: { startedOn: '2025-03-01', startPerDay: 50, growthPercent: 20 },
    };
    const d = sendingDraftOf(saved);
    // The window's zone is the project's: left to follow it.
    expect(d.windowZone).toBe('');
    expect(sendingBody(d)).toEqual({
      ...saved,
      sendWindow: { days: ['MON', 'FRI'], start: '22:00', end: '06:00' },
    });
    expect(sendingBody({ ...d, days: ['FRI', 'MON'], windowZone: 'Asia/Tokyo', cap: '1,000' })).toMatchObject({
      sendWindow: { days: ['MON', 'FRI'], timezone: 'Asia/Tokyo' },
      dailyMarketingCap: 1000,
    });
    expect(sendingBody({ ...d, cap: 'many' }).dailyMarketingCap).toBe('many');
  });

  it('says what the window lacks before asking', () => {
    const d = { ...sendingDraftOf(none), windowOn: true, days: [], start: '09:00', end: '09:00' };
    expect(sendingProblems(d)).toEqual({
      'sendWindow.days': 'Choose at least one day.',
      'sendWindow.end': 'The window must end at another time than it starts.',
    });
    expect(windowSummary({ start: '22:00', end: '06:00' })).toContain('spans midnight');
  });

  it('offers UTC first and keeps a saved zone the browser does not list', () => {
    expect(zoneOptions(['Europe/Berlin', 'Africa/Abidjan'], 'Mars/Base')).toEqual([
      'UTC',
      'Africa/Abidjan',
      'Europe/Berlin',
      'Mars/Base',
    ]);
  });

  it('grows the warm-up cap each day, rounded down', () => {
    expect([0, 1, 2, 3].map((d) => warmupCap(100, 50, d))).toEqual([100, 150, 225, 337]);
  });
});
