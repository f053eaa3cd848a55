/**
 * A campaign sent at a local time (beyond.md §9): each recipient's email is due when the clock in
 * its zone shows `localTime` on `date` (at once where that has passed). A contact's zone is
 * `data.timezone` when Intl knows it, else the project's. Pure: no I/O.
 */
import { invalid } from '../errors.ts';
import { localInstant, parseClock, parseDate } from '../lib/zoned-time.ts';
import type { CampaignRow } from './campaigns.repo.ts';
import type { SendCampaignBody } from './campaigns.schemas.ts';

export interface LocalSend {
  localTime: string;
  date: string;
}

/** The local-time part of a send body, checked; undefined for a send now or at a time. 422 naming the field. */
export function localSendOf(input: SendCampaignBody, c: Pick<CampaignRow, 'variants'>): LocalSend | undefined {
  const { localTime, date } = input;
  if (localTime === undefined && date === undefined) return undefined;
  if (input.scheduledFor !== undefined) throw invalid('localTime', 'is not used with scheduledFor');
  if (localTime === undefined) throw invalid('localTime', 'is required with date', 'REQUIRED');
  if (date === undefined) throw invalid('date', 'is required with localTime', 'REQUIRED');
  checkedLocalSend({ localTime, date });
  if (c.variants !== null)
    throw invalid('localTime', "An A/B test goes out at once or at one time, not at each recipient's local time.");
  return { localTime, date };
}

/** 422 naming `localTime` or `date` when either does not parse. */
export function checkedLocalSend(s: LocalSend): LocalSend {
  if (!parseClock(s.localTime)) throw invalid('localTime', 'must be a time HH:MM (00:00 to 23:59)', 'INVALID_TIME');
  if (!parseDate(s.date)) throw invalid('date', 'must be a date YYYY-MM-DD', 'INVALID_DATE');
  return s;
}

/** When each zone's recipients are due: computed once a zone (a few hundred at most), not per recipient. */
export function zoneDueTimes(s: LocalSend): (zone: string) => Date {
  const clock = parseClock(s.localTime)!;
  const date = parseDate(s.date)!;
  const cache = new Map<string, Date>();
  return (zone) => {
    const known = cache.get(zone);
    if (known) return known;
    const at = localInstant(date, clock, zone);
    cache.set(zone, at);
    return at;
  };
}
