// Invariant: the embedded (SQLite) runner runs a job only when the clock says it is due, retries a
// failure with growing delays until maxAttempts and then keeps it as failed (a permanent error at
// once), fires a cron entry at most once per matching minute, and enqueues many jobs all or none.
// Leases and stopping: sqlite-runner-leases.test.ts.
import { describe, expect, it } from 'vitest';
import { useSqliteRunnerRig, waitUntil } from '../../test/fixtures/sqlite-runner-rig.ts';
import { claimCronRun, claimJob, listJobs } from './jobs.repo.ts';
import { PermanentJobError, retryDelayMs } from './types.ts';

describe('the SQLite job runner', () => {
  const rig = useSqliteRunnerRig();

  it('looks for a job queued inside a transaction once it commits, not at the next poll', async () => {
    // A poll a minute away: only the look the enqueue asks for can find the jobs in time.
    const { jobs, task, runs } = rig.setup({ pollMs: 60_000 });
    await jobs.start();
    await rig.handle.db.transaction().execute(async (trx) => {
      await jobs.enqueue(task, { id: 'committed' }, { trx });
      // Still uncommitted: the runner's claim waits on the writer connection.
      await new Promise((r) => setTimeout(r, 50));
      expect(runs).toEqual([]);
    });
    await waitUntil(() => runs.length === 1, 2000);
    await rig.handle.db
      .transaction()
      .execute(async (trx) => {
        await jobs.enqueue(task, { id: 'rolled back' }, { trx });
        throw new Error('roll back');
      })
      .catch(() => {});
    await new Promise((r) => setTimeout(r, 200));
    expect(runs).toEqual([{ id: 'committed' }]);
  });

  it('runs a job once the clock reaches its runAt, not before', async () => {
    const { jobs, task, clock, runs } = rig.setup();
    await jobs.enqueue(task, { id: 'a' }, { runAt: new Date(clock.now().getTime() + 3600_000) });
    await jobs.drain();
    clock.advance(3600_000 - 1);
    await jobs.drain();
    expect(runs).toEqual([]);
    clock.advance(1);
    await jobs.drain();
    expect(runs).toEqual([{ id: 'a' }]);
  });

  it('retries a failing job with growing delays and marks it failed after maxAttempts', async () => {
    const { jobs, task, clock, runs } = rig.setup({
      handler: async () => {
        throw new Error(`boom ${runs.length}`);
      },
    });
    await jobs.enqueue(task, { id: 'f' }, { maxAttempts: 3 });

    await jobs.drain();
    let [row] = await listJobs(rig.handle.db, task);
    expect(row).toMatchObject({ attempts: 1, lastError: 'boom 1', failedAt: null, lockedAt: null });
    expect(Date.parse(row!.runAt) - clock.now().getTime()).toBe(retryDelayMs(1));

    clock.advance(retryDelayMs(1) - 1);
    await jobs.drain();
    expect(runs).toHaveLength(1);
    clock.advance(1);
    await jobs.drain();
    [row] = await listJobs(rig.handle.db, task);
    expect(row).toMatchObject({ attempts: 2, lastError: 'boom 2', failedAt: null });
    expect(Date.parse(row!.runAt) - clock.now().getTime()).toBe(retryDelayMs(2));
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));

    clock.advance(retryDelayMs(2));
    await jobs.drain();
    [row] = await listJobs(rig.handle.db, task);
    expect(row).toMatchObject({ attempts: 3, lastError: 'boom 3', failedAt: clock.now().toISOString() });

    clock.advance(30 * 24 * 3600_000);
    await jobs.drain();
    expect(runs).toHaveLength(3);
  });

  it('marks a job with no registered handler failed without retrying', async () => {
    const { jobs, task } = rig.setup();
    await jobs.enqueue(`${task}.unknown`, {});
    await jobs.drain();
    const [row] = await listJobs(rig.handle.db, `${task}.unknown`);
    expect(row).toMatchObject({ attempts: 1, failedAt: expect.any(String) });
    expect(row!.lastError).toContain('no handler registered');
  });

  it('leaves a running job alone when its key is enqueued again, and queues the new payload', async () => {
    const { jobs, task, clock, runs } = rig.setup();
    await jobs.enqueue(task, { v: 1 }, { jobKey: `key-${task}` });
    const locked = await claimJob(rig.handle.db, rig.handle.dialect, 'some-worker', clock.now(), clock.now());
    expect(locked?.jobKey).toBe(`key-${task}`);
    await jobs.enqueue(task, { v: 2 }, { jobKey: `key-${task}` });
    const rows = await listJobs(rig.handle.db, task);
    expect(rows.map((r) => [JSON.parse(r.payload as string), r.jobKey, r.lockedBy])).toEqual([
      [{ v: 1 }, null, 'some-worker'],
      [{ v: 2 }, `key-${task}`, null],
    ]);
    await jobs.drain();
    expect(runs).toEqual([{ v: 2 }]);
  });

  it('claims a cron minute once, however often it is checked', async () => {
    const name = 'cron-once';
    const minute = new Date('2026-01-01T10:17:00.000Z');
    expect(await claimCronRun(rig.handle.db, name, minute)).toBe(true);
    expect(await claimCronRun(rig.handle.db, name, minute)).toBe(false);
    expect(await claimCronRun(rig.handle.db, name, new Date('2026-01-01T09:17:00.000Z'))).toBe(false);
    expect(await claimCronRun(rig.handle.db, name, new Date('2026-01-01T11:17:00.000Z'))).toBe(true);
  });

  it('fires a cron entry once per matching minute even when the scheduler checks twice', async () => {
    const { jobs, clock, runs } = rig.setup({
      cron: (task) => [{ task, pattern: '*/5 * * * *', payload: { c: 1 } }],
    });
    // start() checks the schedule at once; two start/stop cycles within one minute are two checks.
    for (const advance of [0, 30_000]) {
      clock.advance(advance);
      await jobs.start();
      await jobs.stop();
    }
    await jobs.drain();
    expect(runs).toEqual([{ c: 1 }]);

    clock.advance(60_000);
    await jobs.start();
    await jobs.stop();
    await jobs.drain();
    expect(runs).toHaveLength(1);

    clock.advance(4 * 60_000);
    await jobs.start();
    await jobs.stop();
    await jobs.drain();
    expect(runs).toHaveLength(2);
  });

  it('gives the handler its job id and attempt, and fails a permanent error without retrying', async () => {
    const { jobs, task, contexts } = rig.setup({
      handler: async () => {
        throw new PermanentJobError('this file can never be read');
      },
    });
    await jobs.enqueue(task, { id: 'p' }, { maxAttempts: 5 });
    await jobs.drain();
    const [row] = await listJobs(rig.handle.db, task);
    // A drain runs to the end, as Graphile's does: no stop signal.
    expect(contexts).toEqual([{ jobId: row!.id, attempt: 1, signal: undefined }]);
    expect(row).toMatchObject({ attempts: 1, failedAt: expect.any(String), lastError: 'this file can never be read' });
  });

  it('enqueues many jobs in one transaction, the last payload of a repeated key winning', async () => {
    const { jobs, task, runs } = rig.setup();
    await expect(
      rig.handle.db.transaction().execute(async (trx) => {
        await jobs.enqueueMany([{ name: task, payload: { i: 'rolled back' } }], { trx });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const specs = Array.from({ length: 1500 }, (_, i) => ({ name: task, payload: { i } }));
    await jobs.enqueueMany([
      ...specs,
      { name: task, payload: { i: 'k1' }, options: { jobKey: `m-${task}` } },
      { name: task, payload: { i: 'k2' }, options: { jobKey: `m-${task}` } },
    ]);
    await jobs.drain();
    expect(runs).toHaveLength(1501);
    expect(runs.at(-1)).toEqual({ i: 'k2' });
  });
});
