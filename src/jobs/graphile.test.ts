// Invariant: on PostgreSQL a failing job is rescheduled into the future with its error kept, is not
// run again by an immediate drain, and stays failed once it used its maxAttempts. Graphile's own
// jobs view is read here for assertions only; nothing writes to it but Graphile.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase, testConfig } from '../../test/env.ts';
import { createDeps } from '../composition.ts';
import { createLogger, type Deps } from '../deps.ts';

interface GraphileJob {
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  runAt: string;
  key: string | null;
}

describe.skipIf(!DIALECTS.includes('postgres'))('Graphile Worker jobs', () => {
  let database: TestDatabase;
  let deps: Deps & { close(): Promise<void> };
  const calls: Record<string, number> = {};

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const fail = (name: string) => async () => {
      calls[name] = (calls[name] ?? 0) + 1;
      throw new Error(`boom from ${name}`);
    };
    deps = await createDeps(testConfig(database.env), {
      log: createLogger('silent'),
      tasks: () => ({ 'test.flaky': fail('test.flaky'), 'test.once': fail('test.once') }),
    });
  });
  afterAll(async () => {
    await deps?.close();
    await database?.drop();
  });

  const rows = async (task: string) =>
    (
      await sql<GraphileJob>`select attempts, max_attempts, last_error, run_at, key
        from graphile_worker.jobs where task_identifier = ${task}`.execute(deps.db)
    ).rows;

  it('reschedules a failing job into the future with its error and runs it once per drain', async () => {
    const before = Date.now();
    await deps.jobs.enqueue('test.flaky', { id: 'x' }, { jobKey: 'flaky:x' });
    await deps.jobs.drain();
    await deps.jobs.drain();
    expect(calls['test.flaky']).toBe(1);
    const [row] = await rows('test.flaky');
    expect(row).toMatchObject({ attempts: 1, maxAttempts: 10, key: 'flaky:x' });
    expect(row!.lastError).toContain('boom from test.flaky');
    expect(Date.parse(row!.runAt)).toBeGreaterThan(before);
  });

  it('keeps a job that used its maxAttempts as failed and never runs it again', async () => {
    await deps.jobs.enqueue('test.once', { id: 'y' }, { maxAttempts: 1 });
    await deps.jobs.drain();
    expect(await rows('test.once')).toMatchObject([{ attempts: 1, maxAttempts: 1 }]);
    // Even made due again, an exhausted job is not picked up.
    await deps.jobs.drain();
    expect(calls['test.once']).toBe(1);
  });
});
