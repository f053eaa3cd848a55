/**
 * A send at a local time in each recipient's time zone (beyond.md §9): the time and date as typed,
 * what is wrong with them before asking, and how the moments are written, in the recipient's zone
 * and the viewer's, in the dashboard's language unless another locale is given. Pure, unit-tested.
 */
import { i18n } from '../../i18n/i18n.ts';
import { activeLanguage } from '../../lib/format.ts';

export interface LocalSend {
  localTime: string;
  date: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The first suggestion: 09:00 tomorrow (the viewer's tomorrow). */
export function defaultLocalSend(now: Date): LocalSend {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return { localTime: '09:00', date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` };
}

/** Why the time or the date cannot be used, keyed as the API names them; empty when both can. */
export function localSendProblems(v: LocalSend): { localTime?: string; date?: string } {
  const out: { localTime?: string; date?: string } = {};
  const t = /^(\d{2}):(\d{2})$/.exec(v.localTime);
  if (!t || Number(t[1]) > 23 || Number(t[2]) > 59) out.localTime = i18n.t('Choose a time of day.');
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v.date);
  const day = d ? new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]))) : undefined;
  if (!day || day.getUTCDate() !== Number(d![3])) out.date = i18n.t('Choose a date.');
  return out;
}

/** "09:00 on Tue, Mar 4, 2025 in each recipient’s time zone". */
export function localSendText(v: LocalSend, locale?: string): string {
  const day = new Date(`${v.date}T00:00:00Z`);
  const date = Number.isNaN(day.getTime())
    ? v.date
    : new Intl.DateTimeFormat(locale ?? activeLanguage(), {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(day);
  return i18n.t('{time} on {date} in each recipient’s time zone', { time: v.localTime, date });
}

/** A moment as written in `zone` ("Tue, Mar 4, 9:00 AM"); the viewer's zone when none is given. */
export function formatInZone(iso: string, zone?: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale ?? activeLanguage(), {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(zone ? { timeZone: zone } : {}),
  }).format(new Date(iso));
}

/** A zone's name for reading: "America/New_York" → "America/New York". */
export function zoneName(zone: string): string {
  return zone.replaceAll('_', ' ');
}
