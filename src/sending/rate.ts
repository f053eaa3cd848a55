/**
 * Per-project send rate: each claimed batch reserves its rows in the project's current one-second
 * window (shared by every worker through the database); rows beyond the project's rate go back to
 * PENDING, due when the next window opens.
 */

import { addToRateWindow, deleteRateWindowsBefore } from '../db/rate-windows.ts';
import type { Deps } from '../deps.ts';
import type { EmailRow } from '../emails/enqueue.ts';
import { deferClaimed } from '../emails/outcomes.ts';
import { groupBy } from '../lib/group-by.ts';
import { oldestKeptWindow, rateWindowAt, roomInWindow } from '../lib/rate-window.ts';
import { getSendSettings } from '../projects/projects.service.ts';

/** How long held-back mail of a disabled project waits before it is looked at again. */
const DISABLED_RETRY_MS = 5 * 60_000;

/**
 * The rows of one claim that may go now. The others go back to PENDING, each due in the window where
 * the project's rate has room for it (the k-th row over the rate waits k / rate seconds more), so a
 * backlog is handed back once, not on every claim.
 */
export async function applySendRate(
  deps: Pick<Deps, 'db' | 'reader' | 'config' | 'clock' | 'keyCache' | 'sendRateBlocks'>,
  claimed: EmailRow[],
  token: string,
): Promise<EmailRow[]> {
  const now = deps.clock.now();
  const window = rateWindowAt(now.getTime());
  const allowed: EmailRow[] = [];
  for (const [projectId, rows] of groupBy(claimed, (r) => r.projectId)) {
    const settings = await getSendSettings(deps, projectId).catch(() => ({ sendRatePerSecond: 1, disabled: false }));
    if (settings.disabled) {
      // A suspended (disabled) project's mail waits, PENDING and uncounted, and is looked at again
      // later. The project is not left out of claims meanwhile (projectsAtRate): this process would
      // not learn of a reinstatement, and would hold its fresh mail back too.
      const ids = rows.map((r) => r.id);
      await deferClaimed(deps, ids, token, new Date(now.getTime() + DISABLED_RETRY_MS));
      continue;
    }
    const rate = settings.sendRatePerSecond;
    const total = await addToRateWindow(deps.db, 'sendRateWindows', projectId, window.start, rows.length);
    const room = roomInWindow(rate, total, rows.length);
    allowed.push(...rows.slice(0, room));
    const over = rows.slice(room);
    if (over.length > 0) deps.sendRateBlocks.set(projectId, window.end);
    for (const [wait, slice] of groupBy(over, (_, i) => Math.floor(i / rate) + 1)) {
      const ids = slice.map((r) => r.id);
      await deferClaimed(deps, ids, token, new Date((window.start + wait) * 1000));
    }
  }
  return allowed;
}

/**
 * The projects to leave out of a claim made at `now`: those whose current window this process saw
 * full (`deps.sendRateBlocks`, with the window's end), so the next claims leave their rows alone until
 * the window ends instead of claiming and handing them back each time.
 */
export function projectsAtRate(deps: Pick<Deps, 'sendRateBlocks' | 'clock'>): string[] {
  const map = deps.sendRateBlocks;
  const now = deps.clock.now().getTime();
  for (const [projectId, until] of map) if (until <= now) map.delete(projectId);
  return [...map.keys()];
}

/** Drops rate windows older than a minute (run by the maintenance job). */
export async function pruneRateWindows(deps: Pick<Deps, 'db' | 'clock'>): Promise<void> {
  await deleteRateWindowsBefore(deps.db, 'sendRateWindows', oldestKeptWindow(deps.clock.now().getTime()));
}
