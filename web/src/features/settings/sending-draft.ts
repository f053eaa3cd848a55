/**
 * The "Sending" settings as form state and back to the PATCH body (beyond.md §9): the project's time
 * zone, the send window for marketing mail, the daily marketing cap and the warm-up. A part that is
 * off is sent as null; numbers that are not numbers go as typed, so the API's 422 names the field
 * (`sendWindow.end`, `warmup.growthPercent`). Pure.
 */

import { inWeekOrder, type Weekday } from '../../lib/weekdays.ts';

/** The screen's translator (`t` of useTranslation): messages are English, values go in by name. */
export type Translate = (message: string, values?: Record<string, string>) => string;

/** The English message with its values put in: for callers without a translator (tests). */
const english: Translate = (message, values = {}) => message.replace(/\{(\w+)\}/g, (_, name) => values[name] ?? '');

/** What the project view says about sending. */
export interface SendingView {
  timezone: string;
  sendWindow: { days: Weekday[]; start: string; end: string; timezone?: string } | null;
  dailyMarketingCap: number | null;
  warmup: { startedOn: string; startPerDay: number; growthPercent: number } | null;
}

export interface SendingDraft {
  timezone: string;
  windowOn: boolean;
  days: Weekday[];
  start: string;
  end: string;
  /** '' for the project's time zone. */
  windowZone: string;
  capOn: boolean;
  cap: string;
  warmupOn: boolean;
  startedOn: string;
  startPerDay: string;
  growthPercent: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const today = (now: Date) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

/** The form for the saved settings; a part that is off starts from sensible values when turned on. */
export function sendingDraftOf(s: SendingView, now = new Date()): SendingDraft {
  const w = s.sendWindow;
  const up = s.warmup;
  return {
    timezone: s.timezone,
    windowOn: w !== null,
    days: w ? [...w.days] : ['MON', 'TUE', 'WED', 'THU', 'FRI'],
    start: w?.start ?? '09:00',
    end: w?.end ?? '17:00',
    windowZone: w?.timezone && w.timezone !== s.timezone ? w.timezone : '',
    capOn: s.dailyMarketingCap !== null,
    cap: s.dailyMarketingCap === null ? '' : String(s.dailyMarketingCap),
    warmupOn: up !== null,
    startedOn: up?.startedOn ?? today(now),
    startPerDay: up ? String(up.startPerDay) : '50',
    growthPercent: up ? String(up.growthPercent) : '20',
  };
}

/** A number as typed (`1,000` too), or the text itself for the API to name. */
function number(text: string): number | string {
  const t = text.trim().replace(/[\s,_]/g, '');
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : text;
}

/** The PATCH body: every sending setting, a part that is off as null, the days in week order. */
export function sendingBody(d: SendingDraft) {
  return {
    timezone: d.timezone,
    sendWindow: d.windowOn
      ? {
          days: inWeekOrder(d.days),
          start: d.start,
          end: d.end,
          ...(d.windowZone ? { timezone: d.windowZone } : {}),
        }
      : null,
    dailyMarketingCap: d.capOn ? (number(d.cap) as number) : null,
    warmup: d.warmupOn
      ? {
          startedOn: d.startedOn,
          startPerDay: number(d.startPerDay) as number,
          growthPercent: number(d.growthPercent) as number,
        }
      : null,
  };
}

/** What the form lacks before a save, keyed as the API names the fields, in the language of `t`. */
export function sendingProblems(d: SendingDraft, t: Translate = english): Record<string, string | undefined> {
  return {
    'sendWindow.days': d.windowOn && d.days.length === 0 ? t('Choose at least one day.') : undefined,
    'sendWindow.end':
      d.windowOn && d.start && d.start === d.end ? t('The window must end at another time than it starts.') : undefined,
  };
}

/** The zones to choose from: the browser's list, with UTC and the saved ones in it whatever the browser knows. */
export function zoneOptions(supported: string[], ...saved: string[]): string[] {
  return [...new Set(['UTC', ...saved.filter(Boolean), ...supported])].sort((a, b) =>
    a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b),
  );
}

/** The cap of warm-up day `day` (0 on the start date): startPerDay × (1 + growth/100)^day, rounded down. */
export function warmupCap(startPerDay: number, growthPercent: number, day: number): number {
  return Math.floor(startPerDay * (1 + growthPercent / 100) ** day);
}

/** "09:00–17:00": whether the window spans midnight, said in words (in the language of `t`). */
export function windowSummary(d: Pick<SendingDraft, 'start' | 'end'>, t: Translate = english): string | undefined {
  if (!d.start || !d.end || d.start === d.end) return undefined;
  const values = { start: d.start, end: d.end };
  return d.start > d.end
    ? t('From {start} to {end} the next day (the window spans midnight).', values)
    : t('From {start} to {end}.', values);
}
