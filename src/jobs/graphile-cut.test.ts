// Invariant: on PostgreSQL the job runner outlives a lost database connection. When a connection cut
// makes Graphile Worker fail to record a job's outcome, the process keeps running (no unhandled
// rejection, which would end it) and a new runner takes the next job.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, testConfig } from '../../test/env.ts';
import { until } from '../../test/fixtures/processes.ts';
import { createDeps } from '../composition.ts';
import { createLogger } from '../deps.ts';

describe.skipIf(!DIALECTS.includes('postgres'))('the Graphile job runner after a connection cut', () => {
  it('starts a new runner when recording an outcome fails, and runs the next job', async () => {
    const database = await createTestDatabase('postgres');
    const ran: number[] = [];
    let finish: (() => void) | undefined;
    const deps = await createDeps(testConfig(database.env), {
      log: createLogger('silent'),
      tasks: () => ({
        'test.hold': async (payload) => {
          ran.push(Number(payload.n));
          if (payload.n === 1) await new Promise<void>((resolve) => (finish = resolve));
        },
      }),
    });
    const admin = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await admin.connect();
    try {
      await deps.jobs.start();
      await deps.jobs.enqueue('test.hold', { n: 1 });
      await until(async () => finish, 'job 1 running', 10_000);
      // Job 1's completion (its row's delete) waits behind our lock, and is cut there.
      await admin.query('begin');
      await admin.query('select 1 from graphile_worker._private_jobs for update');
      finish!();
      const blocked = `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
      await until(async () => ((await admin.query(blocked)).rowCount ? true : undefined), 'completion blocked', 10_000);
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
      await admin.query('rollback');
      // Our own pool lost its connections too: the first enqueue may meet one on its way out.
      await until(
        () =>
          deps.jobs.enqueue('test.hold', { n: 2 }).then(
            () => true,
            () => undefined,
          ),
        'enqueue',
        10_000,
      );
      await until(async () => (ran.includes(2) ? true : undefined), 'job 2 run by a new runner', 15_000);
      expect(ran).toContain(2);
    } finally {
      await admin.end();
      await deps.close();
      await database.drop();
    }
  });
});
