/** A project's sending plan (beyond.md §9): today's marketing cap and use, and the caps of the coming days. */
import { findWindowCount } from '../db/rate-windows.ts';
import type { Deps } from '../deps.ts';
import { localDate } from '../lib/zoned-time.ts';
import type { SendingPlan } from '../projects/projects.schemas.ts';
import { getMemberProject } from '../projects/projects.service.ts';
import { toScheduleSettings } from '../projects/schedule-settings.ts';
import { capsFrom } from './daily-cap.ts';
import { dayNumber } from './marketing-schedule.ts';

/** GET /users/@me/projects/:id/sending-plan for a member of the project (404 otherwise). */
export async function getSendingPlan(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: string,
  projectId: string,
): Promise<SendingPlan> {
  const schedule = toScheduleSettings(await getMemberProject(deps, userId, projectId));
  const today = localDate(deps.clock.now(), schedule.timezone);
  const next7Days = capsFrom(today, 7, schedule);
  const sent = await findWindowCount(deps.db, 'marketingDayCounts', projectId, dayNumber(today));
  const cap = next7Days[0]!.cap;
  const remaining = cap === null ? null : Math.max(0, cap - sent);
  return { timezone: schedule.timezone, today: { date: today, cap, sent, remaining }, next7Days };
}
