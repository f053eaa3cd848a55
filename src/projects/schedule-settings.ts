/**
 * A project's sending schedule (beyond.md §9): its time zone, send window, daily marketing cap and
 * warm-up, as stored, shown and checked. Delivery reads them through the send settings cache.
 */
import { fromJson, toJson } from '../db/codecs.ts';
import { invalid } from '../errors.ts';
import { isTimeZone, parseClock, parseDate } from '../lib/zoned-time.ts';
import type { Warmup } from '../sending/daily-cap.ts';
import type { SendWindow } from '../sending/send-window.ts';
import type { UpdateProjectBody } from './projects.schemas.ts';

export interface ScheduleSettings {
  timezone: string;
  sendWindow: SendWindow | null;
  dailyMarketingCap: number | null;
  warmup: Warmup | null;
}

/** The schedule's columns as a project row holds them. */
export interface ScheduleColumns {
  timezone: string;
  sendWindow: unknown;
  dailyMarketingCap: number | null;
  warmup: unknown;
}

export function toScheduleSettings(row: ScheduleColumns): ScheduleSettings {
  return {
    timezone: row.timezone,
    sendWindow: row.sendWindow === null ? null : fromJson<SendWindow>(row.sendWindow),
    dailyMarketingCap: row.dailyMarketingCap === null ? null : Number(row.dailyMarketingCap),
    warmup: row.warmup === null ? null : fromJson<Warmup>(row.warmup),
  };
}

function zone(field: string, name: string): string {
  if (!isTimeZone(name)) throw invalid(field, `"${name}" is not an IANA time zone`, 'UNKNOWN_TIMEZONE');
  return name;
}

function checkedWindow(w: NonNullable<UpdateProjectBody['sendWindow']>, projectZone: string): SendWindow {
  if (!parseClock(w.start)) throw invalid('sendWindow.start', 'must be a time HH:MM (00:00 to 23:59)', 'INVALID_TIME');
  if (!parseClock(w.end)) throw invalid('sendWindow.end', 'must be a time HH:MM (00:00 to 23:59)', 'INVALID_TIME');
  if (w.end === w.start)
    throw invalid('sendWindow.end', 'must differ from start (a start after the end spans midnight)');
  if (new Set(w.days).size !== w.days.length) throw invalid('sendWindow.days', 'must not repeat a day', 'DUPLICATE');
  const timezone = w.timezone === undefined ? projectZone : zone('sendWindow.timezone', w.timezone);
  return { days: w.days, start: w.start, end: w.end, timezone };
}

function checkedWarmup(w: NonNullable<UpdateProjectBody['warmup']>): Warmup {
  if (!parseDate(w.startedOn)) throw invalid('warmup.startedOn', 'must be a date YYYY-MM-DD', 'INVALID_DATE');
  return { startedOn: w.startedOn, startPerDay: w.startPerDay, growthPercent: w.growthPercent };
}

/** The schedule columns a PATCH body changes (none given: none); 422 naming the field. */
export function checkedSchedulePatch(body: UpdateProjectBody, currentZone: string) {
  const timezone = body.timezone === undefined ? undefined : zone('timezone', body.timezone);
  const projectZone = timezone ?? currentZone;
  const sendWindow = body.sendWindow && checkedWindow(body.sendWindow, projectZone);
  const warmup = body.warmup && checkedWarmup(body.warmup);
  return {
    timezone,
    sendWindow: sendWindow === undefined ? undefined : sendWindow === null ? null : toJson(sendWindow),
    dailyMarketingCap: body.dailyMarketingCap,
    warmup: warmup === undefined ? undefined : warmup === null ? null : toJson(warmup),
  };
}
