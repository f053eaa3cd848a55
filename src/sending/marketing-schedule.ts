/**
 * MARKETING mail at the delivery claim (beyond.md §9): outside the project's send window it waits for
 * the window's next opening; past the day's cap (the daily cap or the warm-up's, the smaller) it waits
 * for a later day, midnight in the project's zone. Transactional and headless mail never waits here.
 * A row handed back is due at its time, so later claims do not walk it again before then. The day's
 * count is one row per project and local day that every worker adds to in one upsert, so the cap
 * holds across workers; what a claim reserved and did not use is given back at once.
 */
import { addToRateWindow } from '../db/rate-windows.ts';
import type { Deps } from '../deps.ts';
import type { EmailRow } from '../emails/enqueue.ts';
import { deferClaimed } from '../emails/outcomes.ts';
import { groupBy } from '../lib/group-by.ts';
import {
  addDays,
  type CalendarDate,
  dateText,
  daysBetween,
  localDate,
  localInstant,
  parseDate,
} from '../lib/zoned-time.ts';
import { getSendSettings } from '../projects/projects.service.ts';
import type { ScheduleSettings } from '../projects/schedule-settings.ts';
import { capOn } from './daily-cap.ts';
import { isWindowOpen, windowOpenAt } from './send-window.ts';

type ScheduleDeps = Pick<Deps, 'db' | 'reader' | 'config' | 'clock' | 'keyCache'>;

/** Days ahead over-cap mail is spread across; what is left after them waits for the last. */
const SPREAD_DAYS = 30;
const EPOCH: CalendarDate = { year: 1970, month: 1, day: 1 };
const MIDNIGHT = { hour: 0, minute: 0 };

/** The local day as the day counts key it: days since 1970-01-01. */
export function dayNumber(date: string): number {
  return daysBetween(EPOCH, parseDate(date)!);
}

const isMarketing = (r: EmailRow) => r.emailType === 'MARKETING';

/** The claimed rows that may go now as far as send windows go; MARKETING rows outside theirs wait for its opening. */
export async function holdOutsideWindow(deps: ScheduleDeps, claimed: EmailRow[], token: string): Promise<EmailRow[]> {
  if (!claimed.some(isMarketing)) return claimed;
  const now = deps.clock.now();
  const out: EmailRow[] = [];
  for (const [projectId, rows] of groupBy(claimed, (r) => r.projectId)) {
    const window = (await getSendSettings(deps, projectId).catch(() => undefined))?.schedule.sendWindow;
    const held = window && !isWindowOpen(window, now) ? rows.filter(isMarketing) : [];
    if (held.length > 0) {
      const ids = held.map((r) => r.id);
      await deferClaimed(deps, ids, token, windowOpenAt(window!, now), true);
    }
    out.push(...(held.length === 0 ? rows : rows.filter((r) => !isMarketing(r))));
  }
  return out;
}

/**
 * The rows that may go now as far as daily caps go. A MARKETING row on its first attempt counts
 * towards today's cap (a retry was counted when it first went); those over it wait for the next days,
 * as many a day as that day's cap.
 */
export async function holdOverDailyCap(deps: ScheduleDeps, claimed: EmailRow[], token: string): Promise<EmailRow[]> {
  if (!claimed.some(isMarketing)) return claimed;
  const now = deps.clock.now();
  const out: EmailRow[] = [];
  for (const [projectId, rows] of groupBy(claimed, (r) => r.projectId)) {
    const schedule = (await getSendSettings(deps, projectId).catch(() => undefined))?.schedule;
    const today = schedule && localDate(now, schedule.timezone);
    const cap = today === undefined ? null : capOn(today, schedule!);
    const fresh = cap === null ? [] : rows.filter((r) => isMarketing(r) && r.attempts <= 1);
    if (fresh.length === 0) {
      out.push(...rows);
      continue;
    }
    const day = dayNumber(today!);
    const total = await addToRateWindow(deps.db, 'marketingDayCounts', projectId, day, fresh.length);
    const room = Math.max(0, Math.min(fresh.length, cap! - (total - fresh.length)));
    const over = fresh.slice(room);
    if (over.length > 0) {
      await addToRateWindow(deps.db, 'marketingDayCounts', projectId, day, -over.length);
      await spreadOverDays(deps, over, token, { today: today!, schedule: schedule! });
    }
    const waiting = new Set(over.map((r) => r.id));
    out.push(...rows.filter((r) => !waiting.has(r.id)));
  }
  return out;
}

/** Hands `over` back due at the midnights of the next days, each day taking as many as its cap. */
async function spreadOverDays(
  deps: ScheduleDeps,
  over: EmailRow[],
  token: string,
  at: { today: string; schedule: ScheduleSettings },
) {
  const today = parseDate(at.today)!;
  let next = 0;
  for (let i = 1; i <= SPREAD_DAYS && next < over.length; i++) {
    const date = addDays(today, i);
    const cap = capOn(dateText(date), at.schedule);
    const take = i === SPREAD_DAYS || cap === null ? over.length - next : Math.min(cap, over.length - next);
    if (take === 0) continue;
    const ids = over.slice(next, next + take).map((r) => r.id);
    await deferClaimed(deps, ids, token, localInstant(date, MIDNIGHT, at.schedule.timezone), true);
    next += take;
  }
}
