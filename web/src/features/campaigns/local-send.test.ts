// Invariant: a local-time send is asked for only with a real time and date, and its moments are written in the zone they happen in.
import { beforeAll, describe, expect, it } from 'vitest';
import { startEnglishForTests } from '../../i18n/test-i18n.ts';
import { defaultLocalSend, formatInZone, localSendProblems, localSendText, zoneName } from './local-send.ts';

// The model's messages are read in English: the translator, started without catalogs, formats its
// English keys.
beforeAll(startEnglishForTests);

describe('a send at a local time', () => {
  it('suggests 9:00 tomorrow', () => {
    expect(defaultLocalSend(new Date(2025, 11, 31, 15))).toEqual({ localTime: '09:00', date: '2026-01-01' });
  });

  it('refuses a time or a date that is none', () => {
    expect(localSendProblems({ localTime: '09:00', date: '2025-03-04' })).toEqual({});
    expect(localSendProblems({ localTime: '24:00', date: '2025-02-30' })).toEqual({
      localTime: 'Choose a time of day.',
      date: 'Choose a date.',
    });
    expect(localSendProblems({ localTime: '', date: '' })).toMatchObject({ localTime: expect.any(String) });
  });

  it('writes the date as a calendar day and a moment in its zone', () => {
    expect(localSendText({ localTime: '09:00', date: '2025-03-04' }, 'en-US')).toBe(
      '09:00 on Tue, Mar 4, 2025 in each recipient’s time zone',
    );
    expect(formatInZone('2025-03-04T00:00:00Z', 'Asia/Tokyo', 'en-US')).toBe('Tue, Mar 4, 9:00 AM');
    expect(zoneName('America/New_York')).toBe('America/New York');
  });
});
