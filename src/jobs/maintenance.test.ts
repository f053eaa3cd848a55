// Invariant: the hourly `maintenance.prune` job forgets what has served its purpose and nothing else:
// embedded jobs that failed for good more than 30 days ago, and login throttle windows over an hour
// old; failed jobs still worth inspecting, pending jobs and live throttle windows stay.
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../../test/env.ts';
import { findThrottle, reserveAttempt } from '../auth/users.repo.ts';
import { insertJobs, listJobs } from './jobs.repo.ts';

const DAY = 24 * 3600 * 1000;

describe.each(DIALECTS)('maintenance.prune on %s', (dialect) => {
  const t = useTestEnv({ dialect });

  it('deletes old failed jobs and stale throttle windows, keeping the rest', async () => {
    const now = t.deps.clock.now();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const jobs = ['old-failed', 'recent-failed', 'pending', 'old-pending'].map((id) => ({
      name: `prune.${id}`,
      payload: {},
      // Pending ones are due tomorrow, so this drain leaves them pending.
      runAt: id.endsWith('pending') ? new Date(now.getTime() + DAY) : now,
      maxAttempts: 1,
    }));
    await insertJobs(t.deps.db, jobs, now);
    await t.deps.db
      .updateTable('jobs')
      .set({ createdAt: ago(60 * DAY) })
      .where('name', '=', 'prune.old-pending')
      .execute();
    const failedAt = { 'prune.old-failed': ago(31 * DAY), 'prune.recent-failed': ago(29 * DAY) };
    for (const [name, at] of Object.entries(failedAt)) {
      await t.deps.db.updateTable('jobs').set({ failedAt: at, lastError: 'boom' }).where('name', '=', name).execute();
    }
    await reserveAttempt(t.deps.db, 'throttle:old', 10, ago(2 * 3600_000), ago(3 * 3600_000));
    await reserveAttempt(t.deps.db, 'throttle:live', 10, ago(60_000), ago(3600_000));

    await t.deps.jobs.enqueue('maintenance.prune', {});
    await t.deps.jobs.drain();

    const left = async (name: string) => (await listJobs(t.deps.db, name)).length;
    expect(await left('prune.old-failed')).toBe(0);
    expect(await left('prune.recent-failed')).toBe(1);
    expect(await listJobs(t.deps.db, 'prune.pending')).toMatchObject([{ failedAt: null }]);
    expect(await listJobs(t.deps.db, 'prune.old-pending')).toMatchObject([{ failedAt: null }]);
    expect(await findThrottle(t.deps.db, 'throttle:old')).toBeUndefined();
    expect(await findThrottle(t.deps.db, 'throttle:live')).toMatchObject({ failures: 1 });
    // The pending jobs are test rows no handler knows; keep them out of later drains.
    await t.deps.db.deleteFrom('jobs').where('name', 'like', 'prune.%').execute();
  });
});
