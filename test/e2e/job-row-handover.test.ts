// Invariant: every job-row kind hands over on a graceful stop and resumes after an interruption. A
// stop (the runner's stop(), which aborts its jobs' signal) ends a bulk field deletion or a project
// reset after the slice in hand, releases the row with its position and queues its run again, so
// another process's drain finishes it with what one uninterrupted run gives; a reset whose worker
// died holding it is taken back by the one sweep once its lease lapses, and completes once.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDeps, taskList } from '../../src/composition.ts';
import { bulkKind } from '../../src/contacts/bulk/bulk.jobs.ts';
import { createLogger } from '../../src/deps.ts';
import { SWEEP_JOB } from '../../src/jobs/job-row-kind.ts';
import { claimJobRow } from '../../src/jobs/job-rows.ts';
import { resetKind } from '../../src/projects/safety/safety.jobs.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { uploadCsv } from './contacts-helpers.ts';

const ROWS = 12_000;
const csvOf = (n: number, prefix: string) =>
  `email,plan\n${Array.from({ length: n }, (_, i) => `${prefix}${i}@handover.test,p${i}`).join('\n')}\n`;

describe.each(DIALECTS)('job rows handed over and resumed on %s', (dialect) => {
  const t = useTestEnv({ dialect });

  /** A project with `ROWS` contacts, each with the custom field `plan`. */
  async function populated(prefix: string): Promise<TestProject> {
    const p = await t.make.project();
    const res = await uploadCsv(t.app, p.auth, csvOf(ROWS, prefix));
    expect(res.statusCode, res.body).toBe(202);
    await t.deps.jobs.drain();
    await t.deps.searchIndex.catchUp();
    return p;
  }

  /** Drains the queue in another process: no sweep runs in a drain, so only a queued run can finish the work. */
  async function drainElsewhere(): Promise<void> {
    const other = await createDeps(t.config, { log: createLogger('silent') });
    try {
      await other.jobs.drain();
    } finally {
      await other.close();
    }
  }

  /** Runs the queue until `progressed` says the job has committed a slice, then stops the runner. */
  async function stopMidway(progressed: () => Promise<boolean>): Promise<void> {
    await t.deps.jobs.start();
    try {
      await expect.poll(progressed, { timeout: 30_000, interval: 10 }).toBe(true);
    } finally {
      await t.deps.jobs.stop();
    }
  }

  /** Starts a reset of the project as its owner; answers the reset's id. */
  async function startReset(p: TestProject): Promise<string> {
    const started = await t.app.inject({
      method: 'POST',
      url: `/users/@me/projects/${p.id}/reset`,
      headers: { cookie: p.owner.cookie },
    });
    expect(started.statusCode, started.body).toBe(202);
    return started.json().id as string;
  }

  const contactCount = async (projectId: string) =>
    Number(
      (
        await t.deps.db
          .selectFrom('contacts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('projectId', '=', projectId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a field deletion (a bulk job) stops after the slice in hand and another process finishes it', async () => {
    const p = await populated('fd');
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/contacts/fields/plan',
      headers: { authorization: p.auth },
    });
    expect(del.statusCode, del.body).toBeLessThan(300);
    const bulkRow = () =>
      t.deps.db
        .selectFrom('bulkJobs')
        .selectAll()
        .where('projectId', '=', p.id)
        .where('action', '=', 'deleteField')
        .executeTakeFirstOrThrow();

    await stopMidway(async () => (await bulkRow()).processed > 0);
    const atStop = await bulkRow();
    expect(atStop).toMatchObject({ status: 'processing', leaseUntil: null });
    expect(atStop.processed).toBeLessThan(ROWS);

    await drainElsewhere();
    expect(await bulkRow()).toMatchObject({ status: 'completed', processed: ROWS, succeeded: ROWS });
    const hasPlan =
      dialect === 'postgres' ? sql<boolean>`data ? 'plan'` : sql<boolean>`json_extract(data, '$.plan') is not null`;
    const left = await t.deps.db
      .selectFrom('contacts')
      .select('id')
      .where('projectId', '=', p.id)
      .where(hasPlan)
      .execute();
    expect(left).toEqual([]);
  }, 120_000);

  it('a project reset stops after the slice in hand and another process finishes it', async () => {
    const p = await populated('rs');
    const resetId = await startReset(p);
    const resetRow = () =>
      t.deps.db.selectFrom('projectResets').selectAll().where('id', '=', resetId).executeTakeFirstOrThrow();

    await stopMidway(async () => (await resetRow()).deleted > 0);
    const atStop = await resetRow();
    expect(atStop).toMatchObject({ status: 'processing', leaseUntil: null });
    expect(await contactCount(p.id)).toBeGreaterThan(0);

    await drainElsewhere();
    expect(await resetRow()).toMatchObject({ status: 'completed' });
    expect(await contactCount(p.id)).toBe(0);
  }, 120_000);

  it('a reset whose worker died holding it is taken back by the sweep once its lease lapses', async () => {
    const p = await t.make.project();
    await t.make.contacts(p, 30);
    const resetId = await startReset(p);
    // A worker takes the queue entry and the row, then dies: the entry is gone, the lease still holds.
    const lossy = await createDeps(t.config, {
      log: createLogger('silent'),
      tasks: () => ({ 'project.reset': async () => {} }),
    });
    try {
      await lossy.jobs.drain();
    } finally {
      await lossy.close();
    }
    expect(await claimJobRow(t.deps, resetKind.policy(t.config), resetId)).toBeDefined();
    // The one sweep of every job-row kind, as its minutely cron entry runs it.
    const sweep = () => taskList(t.deps)[SWEEP_JOB]!({}, { jobId: 'sweep', attempt: 1 });
    await sweep(); // the lease holds: nothing is taken back
    await t.deps.jobs.drain();
    expect(await contactCount(p.id)).toBe(30);

    await t.deps.db
      .updateTable('projectResets')
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where('id', '=', resetId)
      .execute();
    await sweep();
    await t.deps.jobs.drain();
    const done = await t.deps.db
      .selectFrom('projectResets')
      .selectAll()
      .where('id', '=', resetId)
      .executeTakeFirstOrThrow();
    expect(done).toMatchObject({ status: 'completed', attempts: 2 });
    expect(await contactCount(p.id)).toBe(0);
  });
});

describe.each(DIALECTS)('a job row held by another run on %s', (dialect) => {
  const t = useTestEnv({ dialect, env: { JOB_LEASE_SECONDS: '1' } });

  it('is looked at again when the holder’s lease ends, so a dead holder’s work resumes without the sweep', async () => {
    const p = await t.make.project();
    const contacts = await t.make.contacts(p, 5);
    const res = await t.app.inject({
      method: 'POST',
      url: '/contacts/bulk-unsubscribe',
      headers: { authorization: p.auth },
      payload: { contactIds: contacts.map((c) => c.id) },
    });
    expect(res.statusCode, res.body).toBe(202);
    const jobId = res.json().jobId as string;
    const row = () => t.deps.db.selectFrom('bulkJobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    // A worker claims the row and dies; the queue entry is consumed by a run that finds it held.
    expect(await claimJobRow(t.deps, bulkKind.policy(t.config), jobId)).toBeDefined();
    await t.deps.jobs.drain();
    expect(await row()).toMatchObject({ status: 'processing', processed: 0 });
    // The run that found it held queued one for the lease's end: a drain then (no sweep runs in a drain) finishes it.
    await new Promise((r) => setTimeout(r, 1500));
    await t.deps.jobs.drain();
    expect(await row()).toMatchObject({ status: 'completed', processed: 5, succeeded: 5 });
  });
});
