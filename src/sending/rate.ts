/**
 * Per-project send rate: each claimed batch reserves its rows in the project's current one-second
 * window (shared by every worker through the database); rows beyond the project's rate go back to
 * PENDING, due when the next window opens.
 */
import type { Deps } from '../deps.ts';
import { getSendSettings } from '../projects/projects.service.ts';
import { deferClaimed, type EmailRow } from './outbox.repo.ts';
import { pruneSendWindows, reserveSends } from './rate.repo.ts';

/** The rows of `claimed` that may go now; the others are deferred to the next window. */
export async function applySendRate(
  deps: Pick<Deps, 'db' | 'reader' | 'config' | 'clock' | 'keyCache'>,
  claimed: EmailRow[],
) {
  const byProject = new Map<string, EmailRow[]>();
  for (const row of claimed) {
    const list = byProject.get(row.projectId);
    if (list) list.push(row);
    else byProject.set(row.projectId, [row]);
  }
  const now = deps.clock.now();
  const window = Math.floor(now.getTime() / 1000);
  const allowed: EmailRow[] = [];
  for (const [projectId, rows] of byProject) {
    const { sendRatePerSecond: rate } = await getSendSettings(deps, projectId).catch(() => ({ sendRatePerSecond: 0 }));
    const total = await reserveSends(deps.db, projectId, window, rows.length);
    const room = Math.max(0, Math.min(rows.length, rate - (total - rows.length)));
    allowed.push(...rows.slice(0, room));
    if (room < rows.length) await deferClaimed(deps.db, rows.slice(room), new Date((window + 1) * 1000), now);
  }
  return allowed;
}

/** Drops rate windows older than a minute (run by the maintenance job). */
export async function pruneRateWindows(deps: Pick<Deps, 'db' | 'clock'>): Promise<void> {
  await pruneSendWindows(deps.db, Math.floor(deps.clock.now().getTime() / 1000) - 60);
}
