// Invariant: the embedded (SQLite) runner runs a job only when the clock says it is due, retries a
// failure with growing delays until maxAttempts and then keeps it as failed (a permanent error at
// once), fires a cron entry at most once per matching minute, takes back only jobs whose lease ran
// out (a dead worker, a handler hung past its run time), survives failing to record an outcome, and
// leaves nothing running or locked once stop() returns.
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testConfig } from '../../test/env.ts';
import { type DatabaseHandle, openDatabase } from '../db/index.ts';
import { createLogger, migrate } from '../deps.ts';
import { type Clock, manualClock, systemClock } from '../lib/clock.ts';
import { claimCronRun, claimJob, listJobs } from './jobs.repo.ts';
import { createSqliteJobs } from './sqlite-runner.ts';
import { type CronEntry, type JobContext, PermanentJobError, retryDelayMs, type TaskList } from './types.ts';

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

  /** A runner on a manual clock (unless given another) with one task of a name unique to the test. */
  function setup(
    options: {
      handler?: (context: JobContext) => Promise<void>;
      cron?: (task: string) => CronEntry[];
      clock?: Clock;
      leaseMs?: number;
      maxRunMs?: number;
      log?: typeof log;
    } = {},
  ) {
    n += 1;
    const task = `test.sqlite${n}`;
    const clock = manualClock();
    const runs: Array<Record<string, unknown>> = [];
    const contexts: JobContext[] = [];
    const tasks = (): TaskList => ({
      [task]: async (payload, context) => {
        runs.push(payload);
        contexts.push(context);
        await options.handler?.(context);
      },
    });
    const jobs = createSqliteJobs({
      db: handle.db,
      dialect: handle.dialect,
      tasks,
      cron: options.cron?.(task) ?? [],
      clock: options.clock ?? clock,
      log: options.log ?? log,
      concurrency: 2,
      leaseMs: options.leaseMs ?? 60_000,
      maxRunMs: options.maxRunMs ?? 3_600_000,
    });
    stops.push(() => jobs.stop());
    return { jobs, task, clock, runs, contexts };
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
    const locked = await claimJob(handle.db, handle.dialect, 'some-worker', clock.now(), clock.now());
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

  it('runs a job locked by a runner that is gone once its lease has run out, not before', async () => {
    const { jobs, task, clock, runs } = setup();
    await jobs.enqueue(task, { id: 'orphan' });
    // A runner that died holding the job: nothing renews its lease any more.
    const lease = new Date(clock.now().getTime() + 30_000);
    expect(await claimJob(handle.db, handle.dialect, 'dead-host:1:gone0001', clock.now(), lease)).toBeDefined();
    await jobs.drain();
    expect(runs).toEqual([]);
    clock.advance(30_001);
    await jobs.drain();
    expect(runs).toEqual([{ id: 'orphan' }]);
    expect(await listJobs(handle.db, task)).toEqual([]);
  });

  it('leaves a job whose lease is live alone when a runner starts', async () => {
    const { jobs, task, clock, runs } = setup();
    await jobs.enqueue(task, { id: 'held' });
    await claimJob(handle.db, handle.dialect, 'alive-worker', clock.now(), new Date(clock.now().getTime() + 60_000));
    await jobs.start();
    await jobs.stop();
    expect(runs).toEqual([]);
    expect((await listJobs(handle.db, task)).map((r) => r.lockedBy)).toEqual(['alive-worker']);
  });

  it('gives the handler its job id and attempt, and fails a permanent error without retrying', async () => {
    const { jobs, task, contexts } = setup({
      handler: async () => {
        throw new PermanentJobError('this file can never be read');
      },
    });
    await jobs.enqueue(task, { id: 'p' }, { maxAttempts: 5 });
    await jobs.drain();
    const [row] = await listJobs(handle.db, task);
    // A drain runs to the end, as Graphile's does: no stop signal.
    expect(contexts).toEqual([{ jobId: row!.id, attempt: 1, signal: undefined }]);
    expect(row).toMatchObject({ attempts: 1, failedAt: expect.any(String), lastError: 'this file can never be read' });
  });

  it("aborts a running job's signal when stop() begins, and a later drain's jobs get none", async () => {
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const { jobs, task, contexts } = setup({
      handler: async (context) => {
        if (!context.signal) return;
        started();
        // A long job: it ends when told to stop (bounded, so a missing abort fails rather than hangs).
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 5000);
          context.signal!.addEventListener('abort', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      },
    });
    await jobs.enqueue(task, { id: 'long' });
    await jobs.start();
    await running;
    expect(contexts[0]!.signal!.aborted).toBe(false);
    await jobs.stop();
    expect(contexts[0]!.signal!.aborted).toBe(true);
    await jobs.enqueue(task, { id: 'after' });
    await jobs.drain();
    expect(contexts.map((c) => c.signal?.aborted)).toEqual([true, undefined]);
  });

  it('enqueues many jobs in one transaction, the last payload of a repeated key winning', async () => {
    const { jobs, task, runs } = setup();
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await jobs.enqueueMany([{ name: task, payload: { i: 'rolled back' } }], { trx });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const specs = Array.from({ length: 1500 }, (_, i) => ({ name: task, payload: { i } }));
    await jobs.enqueueMany([
      ...specs,
      { name: task, payload: { i: 'k1' }, options: { jobKey: `m${n}` } },
      { name: task, payload: { i: 'k2' }, options: { jobKey: `m${n}` } },
    ]);
    await jobs.drain();
    expect(runs).toHaveLength(1501);
    expect(runs.at(-1)).toEqual({ i: 'k2' });
  });

  it('takes back the job of a handler hung past its run time and runs it again', async () => {
    const { jobs, task, contexts } = setup({
      clock: systemClock,
      leaseMs: 150,
      maxRunMs: 100,
      // The first run never returns (a hung handler); the second one does.
      handler: ({ attempt }) => (attempt === 1 ? new Promise<void>(() => {}) : Promise.resolve()),
    });
    await jobs.enqueue(task, { id: 'hung' });
    await jobs.start();
    await waitUntil(async () => (await listJobs(handle.db, task)).length === 0);
    await jobs.stop();
    expect(contexts.map((c) => c.attempt)).toEqual([1, 2]);
  });

  it('keeps running and logs when recording a job outcome fails', async () => {
    const logged: Array<{ msg: string }> = [];
    const capture = pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { jobs, task, runs } = setup({
        clock: systemClock,
        log: capture as unknown as typeof log,
        // The queue's table disappears under the runner, so recording this failure fails too.
        handler: async () => {
          if (runs.length > 1) return;
          await sql`alter table jobs rename to jobs_away`.execute(handle.db);
          throw new Error('boom');
        },
      });
      await jobs.enqueue(task, { id: 'first' });
      await jobs.start();
      await waitUntil(() => logged.some((l) => /could not record the failure/.test(l.msg)));
      await sql`alter table jobs_away rename to jobs`.execute(handle.db);
      await jobs.enqueue(task, { id: 'second' });
      await waitUntil(() => runs.some((r) => r.id === 'second'));
      await jobs.stop();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
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

/** Polls `cond` every 10ms for at most `ms`. */
async function waitUntil(cond: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`condition not met within ${ms}ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
