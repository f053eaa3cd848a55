// Invariant: a bulk job changes only contacts of the caller's project (other ids count as failed),
// records one contact.subscribed / contact.unsubscribed event per real change, and its counts are
// those of one run however many runs the queue starts.

import { describe, expect, it } from 'vitest';
import { bulkPolicy, MAX_BULK_RUNS, runBulk } from '../../src/contacts/bulk/bulk.jobs.ts';
import { claimJobRow, noteJobRowError } from '../../src/jobs/job-rows.ts';
import { newId } from '../../src/lib/ids.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { countRows, eventsNamed } from './contacts-helpers.ts';
import { expectError } from './support.ts';

describe.each(DIALECTS)('bulk contact jobs on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const bulk = (auth: string, action: string, contactIds: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/contacts/bulk-${action}`,
      headers: { authorization: auth },
      payload: { contactIds },
    });
  const status = async (auth: string, jobId: string) =>
    (await t.app.inject({ url: `/contacts/bulk/${jobId}`, headers: { authorization: auth } })).json();
  const subscribedOf = async (auth: string, id: string) =>
    (await t.app.inject({ url: `/contacts/${id}`, headers: { authorization: auth } })).json().subscribed;

  it('unsubscribes and resubscribes only the project’s contacts, with one event per change', async () => {
    const p = await t.make.project();
    const other = await t.make.project();
    const [a, b] = await t.make.contacts(p, 2);
    const already = await t.make.contact(p, { subscribed: false });
    const foreign = await t.make.contact(other);
    const ids = [a!.id, b!.id, already.id, foreign.id, newId(), 'not-a-uuid', a!.id];
    const res = await bulk(p.auth, 'unsubscribe', ids);
    expect(res.statusCode).toBe(202);
    const { jobId, status: queued } = res.json();
    expect(queued).toBe('queued');
    expect(await status(p.auth, jobId)).toMatchObject({
      jobId,
      action: 'unsubscribe',
      status: 'queued',
      total: 6,
      processed: 0,
    });
    await t.deps.jobs.drain();
    expect(await status(p.auth, jobId)).toMatchObject({
      status: 'completed',
      total: 6,
      processed: 6,
      succeeded: 3,
      failed: 3,
    });
    expect(await subscribedOf(p.auth, a!.id)).toBe(false);
    expect(await subscribedOf(other.auth, foreign.id)).toBe(true);
    const un = await eventsNamed(t.deps, p.id, 'contact.unsubscribed');
    expect(un.map((e) => e.contactId).sort()).toEqual([a!.id, b!.id].sort());
    expect(await countRows(t.deps, 'events', other.id)).toBe(0);

    const again = (await bulk(p.auth, 'subscribe', [a!.id, already.id, foreign.id])).json();
    await t.deps.jobs.drain();
    expect(await status(p.auth, again.jobId)).toMatchObject({ action: 'subscribe', succeeded: 2, failed: 1 });
    const sub = await eventsNamed(t.deps, p.id, 'contact.subscribed');
    expect(sub.map((e) => e.contactId).sort()).toEqual([a!.id, already.id].sort());
  });

  it('deletes only the project’s contacts', async () => {
    const p = await t.make.project();
    const other = await t.make.project();
    const mine = await t.make.contacts(p, 3);
    const foreign = await t.make.contact(other);
    const { jobId } = (await bulk(p.auth, 'delete', [mine[0]!.id, mine[1]!.id, foreign.id])).json();
    await t.deps.jobs.drain();
    expect(await status(p.auth, jobId)).toMatchObject({
      action: 'delete',
      status: 'completed',
      succeeded: 2,
      failed: 1,
    });
    expect(await countRows(t.deps, 'contacts', p.id)).toBe(1);
    expect(await countRows(t.deps, 'contacts', other.id)).toBe(1);
  });

  it('counts once when two runs race over 600 ids, and a later run changes nothing', async () => {
    const p = await t.make.project();
    const cs = await t.make.contacts(p, 5);
    const ids = [...cs.map((c) => c.id), ...Array.from({ length: 595 }, () => newId())];
    const { jobId } = (await bulk(p.auth, 'unsubscribe', ids)).json();
    await Promise.all([runBulk(t.deps, jobId), runBulk(t.deps, jobId)]);
    const done = await status(p.auth, jobId);
    expect(done).toMatchObject({ status: 'completed', total: 600, processed: 600, succeeded: 5, failed: 595 });
    await t.deps.jobs.drain();
    expect(await status(p.auth, jobId)).toEqual(done);
    expect(await eventsNamed(t.deps, p.id, 'contact.unsubscribed')).toHaveLength(5);
  });

  it('fails a job interrupted too often with that reason, keeping the progress made', async () => {
    const p = await t.make.project();
    const cs = await t.make.contacts(p, 3);
    const { jobId } = (
      await bulk(
        p.auth,
        'unsubscribe',
        cs.map((c) => c.id),
      )
    ).json();
    // Five runs that each died (their error noted, their claim given up) before finishing.
    for (let i = 1; i <= MAX_BULK_RUNS; i++) {
      const claimed = await claimJobRow(t.deps, bulkPolicy(t.config), jobId);
      expect(claimed?.lease.attempt).toBe(i);
      await noteJobRowError(t.deps, claimed!.lease, new Error(`worker lost ${i}`));
    }
    await t.deps.jobs.drain();
    const failed = await status(p.auth, jobId);
    expect(failed).toMatchObject({ status: 'failed', processed: 0, finishedAt: expect.any(String) });
    expect(failed.failureReason).toMatch(
      /^Interrupted too often: stopped after 5 interrupted runs; last error: worker lost 5$/,
    );
    expect(await eventsNamed(t.deps, p.id, 'contact.unsubscribed')).toHaveLength(0);
  });

  it('refuses more than 1000 ids, an empty list or non-string ids with 422, queuing nothing', async () => {
    const p = await t.make.project();
    const many = Array.from({ length: 1001 }, () => newId());
    for (const ids of [many, [], [1, 2], 'x']) {
      const err = expectError(await bulk(p.auth, 'delete', ids), 422, 'VALIDATION_ERROR');
      expect(String(err.errors![0] && (err.errors![0] as { field: string }).field)).toMatch(/^contactIds/);
    }
    expect((await bulk(p.auth, 'subscribe', many.slice(0, 1000))).statusCode).toBe(202);
    expect(await countRows(t.deps, 'bulkJobs', p.id)).toBe(1);
    await t.deps.jobs.drain();
  });

  it("answers 404 for another project's bulk job", async () => {
    const p = await t.make.project();
    const other = await t.make.project();
    const { jobId } = (await bulk(p.auth, 'subscribe', [newId()])).json();
    const res = await t.app.inject({ url: `/contacts/bulk/${jobId}`, headers: { authorization: other.auth } });
    expectError(res, 404, 'BULK_JOB_NOT_FOUND');
    await t.deps.jobs.drain();
  });
});
