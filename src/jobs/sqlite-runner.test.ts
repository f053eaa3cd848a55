// Invariant: the embedded (SQLite) runner runs a job only when the clock says it is due, retries a
// failure with growing delays until maxAttempts and then keeps it as failed, fires a cron entry at
// most once per matching minute, releases only the locks of dead workers, and leaves nothing running
// or locked once stop() returns.
import { hostname } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testConfig } from '../../test/env.ts';
import { type DatabaseHandle, openDatabase } from '../db/index.ts';
import { createLogger, migrate } from '../deps.ts';
import { manualClock } from '../lib/clock.ts';
import { claimCronRun, claimJob, listJobs } from './jobs.repo.ts';
import { createSqliteJobs, isWorkerAlive } from './sqlite-runner.ts';
import { type CronEntry, retryDelayMs, type TaskList } from './types.ts';

const log = createLogger('silent');

describe('the SQLite job runner', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  const stops: Array<() => Promise<void>> = [];
  let n = 0;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    handle = openDatabase(testConfig(database.env));
    await migrate({ ...handle, log });
  });
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  /** A runner on a manual clock with one task of a name unique to the test. */
  function setup(options: { handler?: () => Promise<void>; cron?: (task: string) => CronEntry[] } = {}) {
    n += 1;
    const task = `test.sqlite${n}`;
    const clock = manualClock();
    const runs: Array<Record<string, unknown>> = [];
    const tasks = (): TaskList => ({
      [task]: async (payload) => {
        runs.push(payload);
        await options.handler?.();
      },
    });
    const jobs = createSqliteJobs({
      db: handle.db,
      tasks,
      cron: options.cron?.(task) ?? [],
      clock,
      log,
      concurrency: 2,
    });
    stops.push(() => jobs.stop());
    return { jobs, task, clock, runs };
  }

  it('runs a job once the clock reaches its runAt, not before', async () => {
    const { jobs, task, clock, runs } = setup();
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
    const { jobs, task, clock, runs } = setup({
      handler: async () => {
        throw new Error(`boom ${runs.length}`);
      },
    });
    await jobs.enqueue(task, { id: 'f' }, { maxAttempts: 3 });

    await jobs.drain();
    let [row] = await listJobs(handle.db, task);
    expect(row).toMatchObject({ attempts: 1, lastError: 'boom 1', failedAt: null, lockedAt: null });
    expect(Date.parse(row!.runAt) - clock.now().getTime()).toBe(retryDelayMs(1));

    clock.advance(retryDelayMs(1) - 1);
    await jobs.drain();
    expect(runs).toHaveLength(1);
    clock.advance(1);
    await jobs.drain();
    [row] = await listJobs(handle.db, task);
    expect(row).toMatchObject({ attempts: 2, lastError: 'boom 2', failedAt: null });
    expect(Date.parse(row!.runAt) - clock.now().getTime()).toBe(retryDelayMs(2));
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));

    clock.advance(retryDelayMs(2));
    await jobs.drain();
    [row] = await listJobs(handle.db, task);
    expect(row).toMatchObject({ attempts: 3, lastError: 'boom 3', failedAt: clock.now().toISOString() });

    clock.advance(30 * 24 * 3600_000);
    await jobs.drain();
    expect(runs).toHaveLength(3);
  });

  it('marks a job with no registered handler failed without retrying', async () => {
    const { jobs, task } = setup();
    await jobs.enqueue(`${task}.unknown`, {});
    await jobs.drain();
    const [row] = await listJobs(handle.db, `${task}.unknown`);
    expect(row).toMatchObject({ attempts: 1, failedAt: expect.any(String) });
    expect(row!.lastError).toContain('no handler registered');
  });

  it('leaves a running job alone when its key is enqueued again, and queues the new payload', async () => {
    const { jobs, task, clock, runs } = setup();
    await jobs.enqueue(task, { v: 1 }, { jobKey: `key${n}` });
    const locked = await claimJob(handle.db, 'some-worker', clock.now());
    expect(locked?.jobKey).toBe(`key${n}`);
    await jobs.enqueue(task, { v: 2 }, { jobKey: `key${n}` });
    const rows = await listJobs(handle.db, task);
    expect(rows.map((r) => [JSON.parse(r.payload as string), r.jobKey, r.lockedBy])).toEqual([
      [{ v: 1 }, null, 'some-worker'],
      [{ v: 2 }, `key${n}`, null],
    ]);
    await jobs.drain();
    expect(runs).toEqual([{ v: 2 }]);
  });

  it('claims a cron minute once, however often it is checked', async () => {
    const name = `cron${n}`;
    const minute = new Date('2026-01-01T10:17:00.000Z');
    expect(await claimCronRun(handle.db, name, minute)).toBe(true);
    expect(await claimCronRun(handle.db, name, minute)).toBe(false);
    expect(await claimCronRun(handle.db, name, new Date('2026-01-01T09:17:00.000Z'))).toBe(false);
    expect(await claimCronRun(handle.db, name, new Date('2026-01-01T11:17:00.000Z'))).toBe(true);
  });

  it('fires a cron entry once per matching minute even when the scheduler checks twice', async () => {
    const { jobs, clock, runs } = setup({
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

  it('runs a job locked by a runner that is gone when a new runner starts', async () => {
    const { jobs, task, clock, runs } = setup();
    await jobs.enqueue(task, { id: 'orphan' });
    // A runner of this very pid whose handle was dropped mid-job (a restarted container reuses pids).
    expect(await claimJob(handle.db, `${hostname()}:${process.pid}:gone0001`, clock.now())).toBeDefined();
    await jobs.drain();
    expect(runs).toEqual([]);
    await jobs.start();
    await waitUntil(() => runs.length > 0);
    await jobs.stop();
    expect(runs).toEqual([{ id: 'orphan' }]);
    expect(await listJobs(handle.db, task)).toEqual([]);
  });

  it('leaves a job locked by a live worker alone when a runner starts', async () => {
    const { jobs, task, clock, runs } = setup();
    await jobs.enqueue(task, { id: 'held' });
    const owner = `${hostname()}:${process.ppid}:alive001`;
    await claimJob(handle.db, owner, clock.now());
    await jobs.start();
    await jobs.stop();
    expect(runs).toEqual([]);
    expect((await listJobs(handle.db, task)).map((r) => r.lockedBy)).toEqual([owner]);
  });

  it('has nothing running or locked once stop() returns, even when stopped right after start', async () => {
    const { jobs, task, runs } = setup({ handler: () => new Promise((r) => setTimeout(r, 20)) });
    await jobs.enqueue(task, { id: 's' });
    await jobs.start();
    await jobs.stop();
    const afterStop = runs.length;
    const rows = await listJobs(handle.db, task);
    expect(rows.filter((r) => r.lockedAt !== null)).toEqual([]);
    // The runner's only wake-ups left are no-ops: an enqueue schedules a fill on the next turn, and a
    // second stop() waits for any claim or run that fill could have begun.
    await jobs.enqueue(task, { id: 'after-stop' });
    await new Promise((r) => setImmediate(r));
    await jobs.stop();
    expect(runs).toHaveLength(afterStop);
    expect((await listJobs(handle.db, task)).filter((r) => r.lockedAt !== null)).toEqual([]);
  });
});

describe('isWorkerAlive', () => {
  it('tells a live process from a dead one on this host, and treats other hosts as gone', () => {
    expect(isWorkerAlive(`${hostname()}:${process.ppid}:abcdefgh`)).toBe(true);
    expect(isWorkerAlive(`${hostname()}:2147483646:abcdefgh`)).toBe(false);
    expect(isWorkerAlive(`another-host.example:${process.ppid}:abcdefgh`)).toBe(false);
    expect(isWorkerAlive('not a worker id')).toBe(false);
  });
});

/** Polls `cond` every 10ms for at most `ms`. */
async function waitUntil(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`condition not met within ${ms}ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
