// Invariant: a job row is worked on by one run at a time. A claim holds its lease until it lapses;
// a run whose claim was superseded cannot advance (its writes roll back); a row runs at most
// maxAttempts times and then fails as interrupted too often; the sweep takes back only rows whose
// lease lapsed (or that sat unclaimed), re-queueing those with runs left.
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../../test/env.ts';
import { queueBulkJob } from '../contacts/bulk/bulk.service.ts';
import { manualClock } from '../lib/clock.ts';
import {
  advanceJobRow,
  claimJobRow,
  finishJobRow,
  type JobRowPolicy,
  LeaseLost,
  noteJobRowError,
  sweepJobRows,
} from './job-rows.ts';

const policy: JobRowPolicy<'bulkJobs'> = { table: 'bulkJobs', maxAttempts: 3, leaseMs: 10_000 };

describe.each(DIALECTS)('job rows on %s', (dialect) => {
  const clock = manualClock();
  const t = useTestEnv({ dialect, clock });

  async function newRow(): Promise<string> {
    const p = await t.make.project();
    return t.deps.db
      .transaction()
      .execute((trx) => queueBulkJob(t.deps, trx, { projectId: p.id, action: 'subscribe', contactIds: ['a', 'b'] }));
  }
  const row = (id: string) =>
    t.deps.db.selectFrom('bulkJobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('lets one run hold a row until its lease lapses, and stops the superseded run from advancing', async () => {
    const id = await newRow();
    const first = await claimJobRow(t.deps, policy, id);
    expect(first?.lease.attempt).toBe(1);
    expect(await claimJobRow(t.deps, policy, id)).toBeUndefined();

    clock.advance(policy.leaseMs + 1);
    const second = await claimJobRow(t.deps, policy, id);
    expect(second?.lease.attempt).toBe(2);
    // The first run wakes up: its progress, and every write of its transaction, roll back.
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await trx.updateTable('bulkJobs').set({ succeeded: 99 }).where('id', '=', id).execute();
        await advanceJobRow(trx, t.deps, first!.lease, { processed: 1 });
      }),
    ).rejects.toBeInstanceOf(LeaseLost);
    expect(await row(id)).toMatchObject({ processed: 0, succeeded: 0, status: 'processing' });
    await t.deps.db.transaction().execute((trx) => advanceJobRow(trx, t.deps, second!.lease, { processed: 2 }));
    expect(await finishJobRow(t.deps, first!.lease, { status: 'completed' })).toBe(false);
    expect(await finishJobRow(t.deps, second!.lease, { status: 'completed' })).toBe(true);
    expect(await row(id)).toMatchObject({ processed: 2, status: 'completed', leaseUntil: null });
    expect(await claimJobRow(t.deps, policy, id)).toBeUndefined();
  });

  it('fails a row as interrupted too often once its runs are used up, keeping the last error', async () => {
    const id = await newRow();
    for (let i = 1; i <= policy.maxAttempts; i++) {
      const claimed = await claimJobRow(t.deps, policy, id);
      expect(claimed?.lease.attempt).toBe(i);
      await noteJobRowError(t.deps, claimed!.lease, new Error(`crash ${i}`));
    }
    expect(await claimJobRow(t.deps, policy, id)).toBeUndefined();
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, finishedAt: expect.any(String) });
    expect(failed.failureReason).toMatch(
      /^Interrupted too often: stopped after 3 interrupted runs; last error: crash 3$/,
    );
  });

  it('sweeps back lapsed and idle rows, re-queueing those with runs left and failing the rest', async () => {
    const [live, lapsed, spent, idle] = [await newRow(), await newRow(), await newRow(), await newRow()];
    await claimJobRow(t.deps, policy, lapsed);
    for (let i = 0; i < policy.maxAttempts; i++) {
      clock.advance(policy.leaseMs + 1);
      expect(await claimJobRow(t.deps, policy, spent)).toBeDefined();
    }
    clock.advance(policy.leaseMs + 1);
    await claimJobRow(t.deps, policy, live);
    const requeued: string[] = [];
    const sweep = () => sweepJobRows(t.deps, policy, async (ids) => void requeued.push(...ids));

    // `lapsed` and `spent` lost their runs; `idle` never ran and sat for two lease periods (its queue
    // entry may be lost); `live` is being worked on.
    expect(await sweep()).toEqual({ requeued: 2, failed: 1 });
    expect(requeued.toSorted()).toEqual([lapsed, idle].toSorted());
    expect(await row(spent)).toMatchObject({ status: 'failed', attempts: 3 });
    expect((await row(spent)).failureReason).toMatch(/^Interrupted too often/);
    expect(await row(lapsed)).toMatchObject({ status: 'processing', leaseUntil: null });
    expect(await row(live)).toMatchObject({ status: 'processing', leaseUntil: expect.any(String) });
    // Taken back once: a second sweep right away leaves them alone, and the re-queued run can claim.
    expect(await sweep()).toEqual({ requeued: 0, failed: 0 });
    expect((await claimJobRow(t.deps, policy, lapsed))?.lease.attempt).toBe(2);
  });
});
