// Invariant: an import survives its process being killed. A real `serve` process is SIGKILLed in the
// middle of an import; once a new one runs on the same database (and the dead one's lease has
// lapsed) the import completes exactly once: every row counted once, each contact stored once.
import { afterEach, describe, expect, it } from 'vitest';
import { createDeps } from '../../src/composition.ts';
import { sweepContactJobs } from '../../src/contacts/contacts.jobs.ts';
import { createLogger, type Deps } from '../../src/deps.ts';
import { createTestDatabase, DIALECTS, type TestDatabase, testConfig } from '../env.ts';
import { makeFactories } from '../factories.ts';
import { type NodeProcess, serveProcesses, until } from '../fixtures/processes.ts';
import { countRows, multipartBody } from './contacts-helpers.ts';

const ROWS = 60_000;

describe.each(DIALECTS)('an import whose process is killed on %s', (dialect) => {
  let database: TestDatabase | undefined;
  let deps: (Deps & { close(): Promise<void> }) | undefined;
  const servers: NodeProcess[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await deps?.close();
    await database?.drop();
  });

  it('completes exactly once after a SIGKILL mid-import and a restart', { timeout: 120_000 }, async () => {
    database = await createTestDatabase(dialect);
    // A lease long enough that a loaded machine commits each batch inside it: at 1 s, CI on PostgreSQL
    // saw every run after the restart lose its lease mid-batch (the sweep below took the row back each
    // time) until the import failed as interrupted too often, with no batch committed.
    const env = { ...database.env, JOB_LEASE_SECONDS: '5' };
    // This process only makes the project and reads rows; it runs no jobs.
    deps = await createDeps(testConfig(env), { log: createLogger('silent') });
    const p = await makeFactories({ deps }).project();
    const { url, serve, ready } = await serveProcesses(env, servers);
    const job = async (id: string) =>
      (await (await fetch(`${url}/contacts/import/${id}`, { headers: { authorization: p.auth } })).json()) as {
        status: string;
        processed: number;
        imported: number;
        updated: number;
        skipped: number;
      };

    const first = serve();
    await ready(first);
    const csv = `email,n\n${Array.from({ length: ROWS }, (_, i) => `c${i}@example.test,${i}`).join('\n')}\n`;
    const { payload, headers } = multipartBody(csv);
    const res = await fetch(`${url}/contacts/import`, {
      method: 'POST',
      headers: { ...headers, authorization: p.auth },
      body: payload,
    });
    expect(res.status).toBe(202);
    const { jobId } = (await res.json()) as { jobId: string };
    await until(async () => ((await job(jobId)).processed > 0 ? true : undefined), 'first batches');
    first.child.kill('SIGKILL');
    const killed = await first.exited();
    expect(killed.signal).toBe('SIGKILL');
    const mid = await job(jobId).catch(() => undefined);
    expect(mid).toBeUndefined(); // nothing answers: the process is gone
    const row = await deps.db.selectFrom('importJobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(row.status).toBe('processing');
    expect(row.cursor).toBeLessThan(ROWS);

    const second = serve();
    await ready(second);
    // The restarted process's runner retries the SQLite queue job once the dead lease lapses. Graphile
    // keeps a dead worker's job locked for hours: there the minutely `contact.sweep` re-queues the
    // row; this test runs that sweep itself rather than wait for the next minute.
    const done = await until(async () => {
      const j = await job(jobId);
      if (j.status === 'completed') return j;
      if (j.status === 'failed') throw new Error(`import failed: ${JSON.stringify(j)}`);
      if (dialect === 'postgres') await sweepContactJobs(deps!);
      return undefined;
    }, 'import completed after the restart');
    expect(done).toMatchObject({ status: 'completed', processed: ROWS, imported: ROWS, updated: 0, skipped: 0 });
    expect(await countRows(deps, 'contacts', p.id)).toBe(ROWS);
    const finished = await deps.db
      .selectFrom('importJobs')
      .selectAll()
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(finished.attempts).toBeGreaterThanOrEqual(2);
  });
});
