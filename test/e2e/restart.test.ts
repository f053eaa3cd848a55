// Invariant: a job is a row, not a promise in memory. One enqueued by a process that then exits runs
// in the next process on the same database, on both backends; and on SQLite a job that a worker had
// claimed when it was killed is taken back once its lease runs out, and run by a new runner.
import { afterEach, describe, expect, it } from 'vitest';
import { createDeps } from '../../src/composition.ts';
import { createLogger } from '../../src/deps.ts';
import { listJobs } from '../../src/jobs/jobs.repo.ts';
import { createTestDatabase, DIALECTS, type TestDatabase, testConfig } from '../env.ts';
import { runNode } from '../fixtures/processes.ts';

const FIXTURE = 'test/fixtures/enqueue-job.ts';

describe.each(DIALECTS)('a restart on %s', (dialect) => {
  let database: TestDatabase | undefined;
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    await database?.drop();
    close = undefined;
    database = undefined;
  });

  /** Fresh deps in this process on the test database, recording what `test.record` runs. */
  async function nextProcess() {
    const runs: Array<Record<string, unknown>> = [];
    const deps = await createDeps(testConfig({ ...database!.env, JOB_LEASE_SECONDS: '1' }), {
      log: createLogger('silent'),
      tasks: () => ({
        'test.record': async (payload) => {
          runs.push(payload);
        },
      }),
    });
    close = deps.close;
    return { deps, runs };
  }

  it('runs a job enqueued by a process that has since exited', async () => {
    database = await createTestDatabase(dialect);
    const exit = await runNode(FIXTURE, ['enqueue', JSON.stringify({ id: 'survivor' })], {
      ...database.env,
      LOG_LEVEL: 'silent',
    });
    expect(exit, exit.stderr).toMatchObject({ code: 0 });

    const { deps, runs } = await nextProcess();
    await deps.jobs.drain();
    expect(runs).toEqual([{ id: 'survivor' }]);
  });

  it.runIf(dialect === 'sqlite')('runs a job whose worker was killed mid-run once a new runner starts', async () => {
    database = await createTestDatabase(dialect);
    const exit = await runNode(FIXTURE, ['crash', JSON.stringify({ id: 'orphan' })], {
      ...database.env,
      JOB_LEASE_SECONDS: '1',
      LOG_LEVEL: 'silent',
    });
    expect(exit, exit.stderr).toMatchObject({ signal: 'SIGKILL' });

    const { deps, runs } = await nextProcess();
    const [locked] = await listJobs(deps.db, 'test.record');
    expect(locked).toMatchObject({
      attempts: 1,
      lockedBy: expect.stringMatching(/:\d+:/),
      leaseUntil: expect.any(String),
    });

    // The runner's sweep takes the job back once the dead worker's lease has run out.
    await deps.jobs.start();
    const deadline = Date.now() + 5000;
    while (runs.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await deps.jobs.stop();
    expect(runs).toEqual([{ id: 'orphan' }]);
    expect(await listJobs(deps.db, 'test.record')).toEqual([]);
  });
});
