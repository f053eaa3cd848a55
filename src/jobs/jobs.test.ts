// Invariant: whichever backend runs them (the SQLite runner or Graphile Worker), a job runs only once
// it is due and committed, a job due already waits behind the jobs enqueued before it (a time in the
// past never jumps the queue), a job key leaves one pending job, a failing job is retried later rather
// than at once, stop() lets a running job finish, and no job runs twice at the same time.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase, testConfig } from '../../test/env.ts';
import { createWaiters } from '../../test/servers/waiters.ts';
import { createDeps } from '../composition.ts';
import { openDatabase } from '../db/index.ts';
import { createLogger, type Deps } from '../deps.ts';
import { systemClock } from '../lib/clock.ts';
import { createJobs } from './index.ts';
import { listJobs } from './jobs.repo.ts';
import { type JobContext, PermanentJobError, type TaskList } from './types.ts';

type Run = { task: string; payload: Record<string, unknown> };

describe.each(DIALECTS)('jobs on %s', (dialect) => {
  let database: TestDatabase;
  const opened: Array<{ close(): Promise<void> }> = [];
  let n = 0;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((d) => d.close()));
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** Fresh deps on the shared database, with a task of a name unique to the test (so leftovers never run). */
  async function open(handler: (payload: Record<string, unknown>) => Promise<void> = async () => {}) {
    n += 1;
    const task = `test.run${n}`;
    const runs: Run[] = [];
    const waiters = createWaiters(runs, task);
    const tasks = (): TaskList => ({
      [task]: async (payload) => {
        runs.push({ task, payload });
        waiters.notify();
        await handler(payload);
      },
    });
    const deps = await openDeps(tasks);
    return { deps, task, runs, waiters };
  }

  async function openDeps(tasks: (deps: Deps) => TaskList) {
    const deps = await createDeps(testConfig(database.env), { tasks, log: createLogger('silent') });
    opened.push(deps);
    return deps;
  }

  it('runs an enqueued job with its payload when drained', async () => {
    const { deps, task, runs } = await open();
    await deps.jobs.enqueue(task, { id: 'c_1', n: 2 });
    await deps.jobs.drain();
    expect(runs).toEqual([{ task, payload: { id: 'c_1', n: 2 } }]);
    await deps.jobs.drain();
    expect(runs).toHaveLength(1);
  });

  it('does not run a job whose runAt is in the future', async () => {
    const { deps, task, runs } = await open();
    await deps.jobs.enqueue(task, { id: 'later' }, { runAt: new Date(Date.now() + 3600_000) });
    await deps.jobs.enqueue(task, { id: 'now' });
    await deps.jobs.drain();
    expect(runs.map((r) => r.payload.id)).toEqual(['now']);
  });

  it('queues a job whose time is already past behind the jobs waiting, in the order enqueued', async () => {
    const { deps, task, runs } = await open();
    await deps.jobs.enqueue(task, { id: 'first' });
    await deps.jobs.enqueue(task, { id: 'second' });
    await deps.jobs.enqueue(task, { id: 'past' }, { runAt: new Date(Date.now() - 3600_000) });
    await deps.jobs.drain();
    expect(runs.map((r) => r.payload.id)).toEqual(['first', 'second', 'past']);
  });

  it('keeps only the last payload of a job key and runs it once', async () => {
    const { deps, task, runs } = await open();
    await deps.jobs.enqueue(task, { v: 1 }, { jobKey: `k${n}` });
    await deps.jobs.enqueue(task, { v: 2 }, { jobKey: `k${n}` });
    await deps.jobs.enqueue(task, { v: 3 }, { jobKey: `k${n}` });
    await deps.jobs.drain();
    expect(runs.map((r) => r.payload)).toEqual([{ v: 3 }]);
  });

  it('retries a failing job later, not within the same drain', async () => {
    const { deps, task, runs } = await open(async () => {
      throw new Error('boom');
    });
    await deps.jobs.enqueue(task, { id: 'x' }, { maxAttempts: 3 });
    await deps.jobs.drain();
    await deps.jobs.drain();
    expect(runs).toHaveLength(1);
  });

  it('enqueues many jobs in one statement, all or none, and hands each handler its job id and attempt', async () => {
    const contexts: JobContext[] = [];
    const { deps, task, runs } = await open();
    const tasks = (): TaskList => ({
      [task]: async (payload, context) => {
        runs.push({ task, payload });
        contexts.push(context);
      },
    });
    const many = await openDeps(tasks);
    const specs = Array.from({ length: 250 }, (_, i) => ({ name: task, payload: { i } }));
    await expect(
      many.db.transaction().execute(async (trx) => {
        await many.jobs.enqueueMany(specs, { trx });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await many.jobs.enqueueMany([...specs, { name: task, payload: { i: 'last' }, options: { jobKey: `many${n}` } }]);
    await many.jobs.enqueueMany([{ name: task, payload: { i: 'replaced' }, options: { jobKey: `many${n}` } }]);
    await many.jobs.drain();
    await deps.jobs.drain();
    expect(runs.map((r) => r.payload.i).toSorted()).toEqual([...specs.map((s) => s.payload.i), 'replaced'].toSorted());
    expect(contexts.every((c) => c.attempt === 1 && c.jobId.length > 0)).toBe(true);
    expect(new Set(contexts.map((c) => c.jobId)).size).toBe(251);
  });

  it('does not retry a job whose handler throws a permanent error', async () => {
    const { deps, task, runs } = await open(async () => {
      throw new PermanentJobError('never going to work');
    });
    await deps.jobs.enqueue(task, { id: 'p' }, { maxAttempts: 5, runAt: new Date(Date.now() - 3600_000) });
    await deps.jobs.drain();
    expect(runs).toHaveLength(1);
    // Nothing is left to run again: Graphile completed the job; the SQLite queue keeps it as failed.
    if (dialect === 'postgres') {
      // Graphile completes a job after its handler returns, asynchronously: poll (bounded) for it.
      const left = async () =>
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from graphile_worker.jobs where task_identifier = ${task}`.execute(deps.db)
        ).rows[0]!.n;
      await expect.poll(left, { timeout: 5000 }).toBe(0);
      expect(runs).toHaveLength(1);
    } else {
      expect(await listJobs(deps.db, task)).toMatchObject([
        { failedAt: expect.any(String), lastError: 'never going to work' },
      ]);
    }
  });

  it('enqueues nothing when the surrounding transaction rolls back', async () => {
    const { deps, task, runs } = await open();
    await expect(
      deps.db.transaction().execute(async (trx) => {
        await deps.jobs.enqueue(task, { id: 'rolled-back' }, { trx });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await deps.db.transaction().execute(async (trx) => {
      await deps.jobs.enqueue(task, { id: 'committed' }, { trx });
    });
    await deps.jobs.drain();
    expect(runs.map((r) => r.payload.id)).toEqual(['committed']);
  });

  it('runs jobs in the background after start() and lets a running job finish on stop()', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    const { deps, task, waiters } = await open(async () => {
      await gate;
      order.push('job finished');
    });
    await deps.jobs.start();
    await deps.jobs.enqueue(task, { id: 'bg' });
    await waiters.waitFor(1, 10_000);

    const stopping = deps.jobs.stop().then(() => order.push('stop returned'));
    // The job ends only after stop() has begun (and had a turn of the event loop to return early).
    await new Promise((r) => setImmediate(r));
    release();
    await stopping;
    expect(order).toEqual(['job finished', 'stop returned']);
  });

  it('never runs a job twice when two runners share the database', async () => {
    const count = 60;
    const runs: number[] = [];
    const waiters = createWaiters(runs, 'runs');
    const { deps, task } = await open();
    const tasks = (): TaskList => ({
      [task]: async (payload) => {
        runs.push(payload.i as number);
        waiters.notify();
        await new Promise((r) => setTimeout(r, 5));
      },
    });
    // Two runners on two connections (no cron, whose transaction would span awaits on one thread).
    const [a, b] = [runner(tasks), runner(tasks)];
    await a.start();
    for (let i = 0; i < count; i++) await deps.jobs.enqueue(task, { i });
    // The second runner starts while the first is mid-way: it must not take over jobs the first holds.
    await waiters.waitFor(1, 10_000);
    await b.start();
    await waiters.waitFor(count, 20_000);
    await deps.jobs.drain();
    await Promise.all([a.stop(), b.stop()]);
    expect(runs.toSorted((x, y) => x - y)).toEqual([...Array(count).keys()]);
  });

  function runner(tasks: () => TaskList) {
    const handle = openDatabase(testConfig(database.env));
    // As createDeps does: a connection dropped while the pool ends must not crash the test process.
    handle.pgPool?.on('error', () => {});
    const jobs = createJobs(handle, {
      tasks,
      cron: [],
      clock: systemClock,
      log: createLogger('silent'),
      concurrency: 4,
      leaseMs: 60_000,
      maxRunMs: 3_600_000,
    });
    opened.push({
      close: async () => {
        await jobs.stop();
        await handle.close();
      },
    });
    return jobs;
  }
});
