// Invariant: an import job's row is the truth. A run cut short (a restart) leaves the job
// `processing` with its progress committed; any later run, in any process, resumes from there and
// ends with the counts one uninterrupted run gives; runs racing each other never double-count; a job
// that cannot go on fails with a reason and its stored file is dropped.

import { describe, expect, it } from 'vitest';
import { createDeps } from '../../src/composition.ts';
import { sweepContactJobs } from '../../src/contacts/contacts.jobs.ts';
import { importPolicy, MAX_IMPORT_RUNS, runImport } from '../../src/contacts/import/import.jobs.ts';
import { deleteImportFile, findImportFile } from '../../src/contacts/import/import.repo.ts';
import { createLogger } from '../../src/deps.ts';
import { claimJobRow } from '../../src/jobs/job-rows.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { contactsApi, countRows, uploadCsv } from './contacts-helpers.ts';

/** A CSV of `n` rows, every 10th with a bad email, the 7th repeating the 1st's email. */
function csvOf(n: number): string {
  const lines = ['email,n,group'];
  for (let i = 0; i < n; i++) {
    const email = i % 10 === 9 ? `bad-${i}` : i === 6 ? 'u0@example.test' : `u${i}@example.test`;
    lines.push(`${email},${i},g${i % 3}`);
  }
  return `${lines.join('\n')}\n`;
}

describe.each(DIALECTS)('import restarts on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const { get } = contactsApi(t);

  async function upload(auth: string, n: number): Promise<string> {
    const res = await uploadCsv(t.app, auth, csvOf(n));
    expect(res.statusCode, res.body).toBe(202);
    return res.json().jobId;
  }
  const job = async (auth: string, id: string) => (await get(auth, `/contacts/import/${id}`)).json();

  it('resumes in a fresh process after a run stopped mid-file, with the counts of one run', async () => {
    const p = await t.make.project();
    const id = await upload(p.auth, 1200);
    // Process A: two batches of 250, then it "dies".
    let batches = 0;
    await runImport(t.deps, id, { batchSize: 250, shouldStop: () => ++batches === 2 });
    const mid = await job(p.auth, id);
    expect(mid).toMatchObject({ status: 'processing', totalRows: 1200, processed: 500 });
    expect(mid.imported + mid.updated + mid.skipped).toBe(500);
    expect(await countRows(t.deps, 'contacts', p.id)).toBe(mid.imported);
    expect(await findImportFile(t.deps.db, id)).toBeInstanceOf(Buffer);

    // Process B: new deps on the same database; its queue still holds the job and the file. A's
    // search indexer is let finish first: on SQLite its commits would race B's (SQLITE_BUSY_SNAPSHOT),
    // which the queue answers with a retry later than this drain looks.
    await t.deps.searchIndex.catchUp();
    const b = await createDeps(t.config, { log: createLogger('silent') });
    try {
      await b.jobs.drain();
    } finally {
      await b.close();
    }
    const done = await job(p.auth, id);
    expect(done).toMatchObject({
      status: 'completed',
      totalRows: 1200,
      processed: 1200,
      imported: 1079,
      updated: 1,
      skipped: 120,
    });
    expect(done.errors).toHaveLength(120);
    expect(done.errors[0]).toEqual({ row: 11, email: 'bad-9', reason: 'invalid_email' });
    expect(await countRows(t.deps, 'contacts', p.id)).toBe(1079);
    expect(await findImportFile(t.deps.db, id)).toBeUndefined();
  });

  it('never double-counts when two runs race, and a run after the end changes nothing', async () => {
    const p = await t.make.project();
    const id = await upload(p.auth, 900);
    await Promise.all([runImport(t.deps, id, { batchSize: 100 }), runImport(t.deps, id, { batchSize: 100 })]);
    const done = await job(p.auth, id);
    expect(done).toMatchObject({ status: 'completed', processed: 900, imported: 809, updated: 1, skipped: 90 });
    await runImport(t.deps, id);
    await t.deps.jobs.drain();
    expect(await job(p.auth, id)).toEqual(done);
    expect(await countRows(t.deps, 'contacts', p.id)).toBe(809);
  });

  it('fails with a reason when the stored file is gone, keeping the progress made', async () => {
    const p = await t.make.project();
    const id = await upload(p.auth, 600);
    await runImport(t.deps, id, { batchSize: 200, shouldStop: () => true });
    await deleteImportFile(t.deps.db, id);
    await t.deps.jobs.drain();
    const failed = await job(p.auth, id);
    expect(failed).toMatchObject({ status: 'failed', processed: 200, finishedAt: expect.any(String) });
    expect(failed.failureReason).toMatch(/no longer available/);
  });

  it('fails with a reason after too many interrupted runs', async () => {
    const p = await t.make.project();
    const id = await upload(p.auth, 300);
    for (let i = 0; i < MAX_IMPORT_RUNS; i++) await runImport(t.deps, id, { batchSize: 10, shouldStop: () => true });
    await t.deps.jobs.drain();
    const failed = await job(p.auth, id);
    expect(failed).toMatchObject({ status: 'failed', processed: 50 });
    expect(failed.failureReason).toMatch(/interrupted runs/);
    expect(await findImportFile(t.deps.db, id)).toBeUndefined();
  });

  it('re-queues a job whose queue entry was lost, once its row has gone stale', async () => {
    const p = await t.make.project();
    const id = await upload(p.auth, 50);
    await runImport(t.deps, id, { batchSize: 10, shouldStop: () => true });
    // A process whose handler swallows the job: the queue entry is consumed, the row stays processing.
    const lossy = await createDeps(t.config, {
      log: createLogger('silent'),
      tasks: () => ({ 'contact.import': async () => {} }),
    });
    try {
      await lossy.jobs.drain();
    } finally {
      await lossy.close();
    }
    await sweepContactJobs(t.deps); // not stale yet: nothing re-queued
    await t.deps.jobs.drain();
    expect(await job(p.auth, id)).toMatchObject({ status: 'processing', processed: 10 });
    const old = new Date(t.deps.clock.now().getTime() - 2 * t.config.jobLeaseMs - 1000);
    await t.deps.db.updateTable('importJobs').set({ updatedAt: old }).where('id', '=', id).execute();
    await sweepContactJobs(t.deps);
    await t.deps.jobs.drain();
    expect(await job(p.auth, id)).toMatchObject({
      status: 'completed',
      processed: 50,
      imported: 44,
      updated: 1,
      skipped: 5,
    });
  });

  it('takes back an import whose worker died holding it, once its lease lapses, and completes it once', async () => {
    const p = await t.make.project();
    const id = await upload(p.auth, 300);
    // A worker claims the row, writes one batch and dies: its queue entry is gone, its lease still holds.
    await runImport(t.deps, id, { batchSize: 100, shouldStop: () => true });
    const held = await claimJobRow(t.deps, importPolicy(t.config), id);
    expect(held).toBeDefined();
    await consumeQueue();
    await sweepContactJobs(t.deps);
    await t.deps.jobs.drain();
    expect(await job(p.auth, id)).toMatchObject({ status: 'processing', processed: 100 });
    // The lease lapses (as if JOB_LEASE_SECONDS passed): the sweep re-queues it.
    await t.deps.db
      .updateTable('importJobs')
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    await sweepContactJobs(t.deps);
    await t.deps.jobs.drain();
    expect(await job(p.auth, id)).toMatchObject({
      status: 'completed',
      processed: 300,
      imported: 269,
      updated: 1,
      skipped: 30,
    });
    expect(await countRows(t.deps, 'contacts', p.id)).toBe(269);
  });

  /** Runs the queue in a process whose import handler does nothing: the queue entries are consumed. */
  async function consumeQueue(): Promise<void> {
    const lossy = await createDeps(t.config, {
      log: createLogger('silent'),
      tasks: () => ({ 'contact.import': async () => {}, 'contact.bulk': async () => {} }),
    });
    try {
      await lossy.jobs.drain();
    } finally {
      await lossy.close();
    }
  }
});
