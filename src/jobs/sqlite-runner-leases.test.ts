// Invariant: the embedded (SQLite) runner takes back only jobs whose lease ran out (a dead worker, a
// handler hung past its run time), aborts a running job's signal when it stops, survives failing to
// record an outcome, and leaves nothing running or locked once stop() returns.
// Scheduling, retries and cron: sqlite-runner.test.ts.
import { sql } from 'kysely';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { type silentLog, useSqliteRunnerRig, waitUntil } from '../../test/fixtures/sqlite-runner-rig.ts';
import { systemClock } from '../lib/clock.ts';
import { claimJob, listJobs } from './jobs.repo.ts';

describe('the SQLite job runner, its leases and its stop', () => {
  const rig = useSqliteRunnerRig();

  it('runs a job locked by a runner that is gone once its lease has run out, not before', async () => {
    const { jobs, task, clock, runs } = rig.setup();
    await jobs.enqueue(task, { id: 'orphan' });
    // A runner that died holding the job: nothing renews its lease any more.
    const lease = new Date(clock.now().getTime() + 30_000);
    expect(await claimJob(rig.handle.db, rig.handle.dialect, 'dead-host:1:gone0001', clock.now(), lease)).toBeDefined();
    await jobs.drain();
    expect(runs).toEqual([]);
    clock.advance(30_001);
    await jobs.drain();
    expect(runs).toEqual([{ id: 'orphan' }]);
    expect(await listJobs(rig.handle.db, task)).toEqual([]);
  });

  it('leaves a job whose lease is live alone when a runner starts', async () => {
    const { jobs, task, clock, runs } = rig.setup();
    await jobs.enqueue(task, { id: 'held' });
    await claimJob(
      rig.handle.db,
      rig.handle.dialect,
      'alive-worker',
      clock.now(),
      new Date(clock.now().getTime() + 60_000),
    );
    await jobs.start();
    await jobs.stop();
    expect(runs).toEqual([]);
    expect((await listJobs(rig.handle.db, task)).map((r) => r.lockedBy)).toEqual(['alive-worker']);
  });

  it("aborts a running job's signal when stop() begins, and a later drain's jobs get none", async () => {
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const { jobs, task, contexts } = rig.setup({
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

  it('takes back the job of a handler hung past its run time and runs it again', async () => {
    const { jobs, task, contexts } = rig.setup({
      clock: systemClock,
      leaseMs: 150,
      maxRunMs: 100,
      // The first run never returns (a hung handler); the second one does.
      handler: ({ attempt }) => (attempt === 1 ? new Promise<void>(() => {}) : Promise.resolve()),
    });
    await jobs.enqueue(task, { id: 'hung' });
    await jobs.start();
    await waitUntil(async () => (await listJobs(rig.handle.db, task)).length === 0);
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
      const { jobs, task, runs } = rig.setup({
        clock: systemClock,
        log: capture as unknown as typeof silentLog,
        // The queue's table disappears under the runner, so recording this failure fails too.
        handler: async () => {
          if (runs.length > 1) return;
          await sql`alter table jobs rename to jobs_away`.execute(rig.handle.db);
          throw new Error('boom');
        },
      });
      await jobs.enqueue(task, { id: 'first' });
      await jobs.start();
      await waitUntil(() => logged.some((l) => /could not record the failure/.test(l.msg)));
      await sql`alter table jobs_away rename to jobs`.execute(rig.handle.db);
      await jobs.enqueue(task, { id: 'second' });
      await waitUntil(() => runs.some((r) => r.id === 'second'));
      await jobs.stop();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('has nothing running or locked once stop() returns, even when stopped right after start', async () => {
    const { jobs, task, runs } = rig.setup({ handler: () => new Promise((r) => setTimeout(r, 20)) });
    await jobs.enqueue(task, { id: 's' });
    await jobs.start();
    await jobs.stop();
    const afterStop = runs.length;
    const rows = await listJobs(rig.handle.db, task);
    expect(rows.filter((r) => r.lockedAt !== null)).toEqual([]);
    // The runner's only wake-ups left are no-ops: an enqueue schedules a fill on the next turn, and a
    // second stop() waits for any claim or run that fill could have begun.
    await jobs.enqueue(task, { id: 'after-stop' });
    await new Promise((r) => setImmediate(r));
    await jobs.stop();
    expect(runs).toHaveLength(afterStop);
    expect((await listJobs(rig.handle.db, task)).filter((r) => r.lockedAt !== null)).toEqual([]);
  });
});
