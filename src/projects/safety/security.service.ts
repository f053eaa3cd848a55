/**
 * Security state and automatic suspension. A project whose hard-bounce or complaint rate over the
 * window reaches its threshold, once it has sent at least SUSPEND_MIN_VOLUME emails in that window,
 * is disabled: its keys and X-Project-Id sessions get 403 PROJECT_DISABLED and delivery holds its
 * mail back, until an OWNER reinstates it. The window never reaches back past the last
 * reinstatement, so the bounces that caused a suspension cannot cause the next one.
 */
import { isSystemProject } from '../../auth/system-mail.ts';
import type { Config } from '../../config.ts';
import { toBool } from '../../db/codecs.ts';
import type { Executor } from '../../db/index.ts';
import type { SuspensionReason } from '../../db/safety-tables.ts';
import type { Deps } from '../../deps.ts';
import { conflict } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { requirePermission } from '../permissions.ts';
import { getMemberProject } from '../projects.service.ts';
import * as repo from './safety.repo.ts';
import type { SecurityView, SuspensionView } from './safety.schemas.ts';

const DAY_MS = 86_400_000;
const SUSPENSIONS_SHOWN = 20;

/** The job that checks a project after bounce or complaint feedback (enqueued in that transaction). */
export const SAFETY_CHECK_JOB = 'project.safety.check';
export const safetyCheckKey = (projectId: string) => `safety-check:${projectId}`;

const rate = (n: number, of: number) => (of === 0 ? 0 : n / of);

/** Start of the window at `now`: N days back, or the last reinstatement when that is later. */
async function windowStart(deps: Pick<Deps, 'config' | 'clock'>, db: Executor, projectId: string): Promise<Date> {
  const byDays = new Date(deps.clock.now().getTime() - deps.config.suspension.windowDays * DAY_MS);
  const lift = await repo.findLastLift(db, projectId);
  return lift && new Date(lift) > byDays ? new Date(lift) : byDays;
}

/** Why `counts` breaks the thresholds, or undefined (always undefined below the minimum volume). */
export function breach(s: Config['suspension'], c: repo.WindowCounts): SuspensionReason | undefined {
  if (c.sent < s.minVolume) return undefined;
  if (rate(c.bounced, c.sent) >= s.bounceRate) return 'BOUNCE_RATE';
  if (rate(c.complained, c.sent) >= s.complaintRate) return 'COMPLAINT_RATE';
  return undefined;
}

function toSuspensionView(row: Awaited<ReturnType<typeof repo.listSuspensions>>[number]): SuspensionView {
  return {
    id: row.id,
    reason: row.reason,
    sent: row.sent,
    bounced: row.bounced,
    complained: row.complained,
    bounceRate: rate(row.bounced, row.sent),
    complaintRate: rate(row.complained, row.sent),
    windowStart: row.windowStart,
    createdAt: row.createdAt,
    liftedAt: row.liftedAt,
    liftedBy: row.liftedBy,
  };
}

/** The security view of a project the user is a member of (any role; works while the project is disabled). */
export async function getSecurity(
  deps: Pick<Deps, 'db' | 'reader' | 'config' | 'clock'>,
  userId: string,
  projectId: string,
): Promise<SecurityView> {
  const project = await getMemberProject(deps, userId, projectId);
  return securityView(deps, projectId, toBool(project.disabled));
}

/** The window's counts and rates, thresholds and recent suspensions of a project. */
async function securityView(
  deps: Pick<Deps, 'reader' | 'config' | 'clock'>,
  projectId: string,
  disabled: boolean,
): Promise<SecurityView> {
  const since = await windowStart(deps, deps.reader, projectId);
  const counts = await repo.countWindow(deps.reader, projectId, since);
  const s = deps.config.suspension;
  return {
    projectId,
    disabled,
    window: { days: s.windowDays, since: since.toISOString() },
    ...counts,
    bounceRate: rate(counts.bounced, counts.sent),
    complaintRate: rate(counts.complained, counts.sent),
    thresholds: { bounceRate: s.bounceRate, complaintRate: s.complaintRate, minVolume: s.minVolume },
    suspensions: (await repo.listSuspensions(deps.reader, projectId, SUSPENSIONS_SHOWN)).map(toSuspensionView),
  };
}

/**
 * Suspends the project if its window breaks a threshold; returns the reason when this call
 * suspended it. Safe to run twice and concurrently: only the call that flips `disabled` writes a
 * suspension, in the same transaction, and the key cache forgets the project when it commits. The
 * count runs outside that transaction, so SQLite's one writer is never held while it reads.
 */
export async function checkSuspension(
  deps: Pick<Deps, 'db' | 'reader' | 'config' | 'clock' | 'keyCache' | 'log'>,
  projectId: string,
): Promise<SuspensionReason | undefined> {
  // Account mail (sign-up, reset, invites) goes out under the system project. Bounces from made-up
  // sign-up addresses must never suspend it: nobody could reinstate it and every account mail would stop.
  if (isSystemProject(projectId)) return undefined;
  const since = await windowStart(deps, deps.reader, projectId);
  const counts = await repo.countWindow(deps.reader, projectId, since);
  const reason = breach(deps.config.suspension, counts);
  if (!reason) return undefined;
  const suspended = await deps.keyCache.keys.writing(deps.db, projectId, async (trx) => {
    // A reinstatement since the count restarted the window: these figures no longer apply.
    const lift = await repo.findLastLift(trx, projectId);
    if (lift && new Date(lift) > since) return false;
    const now = deps.clock.now();
    if (!(await repo.disableIfEnabled(trx, projectId, now))) return false;
    await repo.insertSuspension(trx, { id: newId(), projectId, reason, windowStart: since, createdAt: now, ...counts });
    return true;
  });
  if (!suspended) return undefined;
  deps.log.warn({ projectId, reason, ...counts }, 'project suspended automatically');
  return reason;
}

/** Lifts a suspension (OWNER): the project works again and its window restarts now. 409 when it is not disabled. */
export async function reinstateProject(
  deps: Pick<Deps, 'db' | 'reader' | 'config' | 'clock' | 'keyCache'>,
  userId: string,
  projectId: string,
): Promise<SecurityView> {
  requirePermission((await getMemberProject(deps, userId, projectId)).role, 'project.reinstate');
  const moved = await deps.keyCache.keys.writing(deps.db, projectId, async (trx) => {
    const now = deps.clock.now();
    if (!(await repo.enableIfDisabled(trx, projectId, now))) return false;
    await repo.liftSuspensions(trx, projectId, userId, now);
    return true;
  });
  if (!moved) throw conflict('The project is not suspended.');
  // Enabled by this call; its window restarted now, so no check can suspend it on old figures.
  return securityView(deps, projectId, false);
}
