// Invariant: over any declared due-row table, a claim takes only active rows that are due, in the
// table's order, and holds them (held status, the claim's token, due again at the lease's end, one
// more attempt); and every write of a claim (renewal, a set over its rows, each row's own outcome)
// lands only on rows the claim still holds: once another claim took a row, the first writes nothing.
import { describe, expect, it } from 'vitest';
import { emailLogHelpers } from '../../test/e2e/email-log-helpers.ts';
import { storeTestEmail } from '../../test/e2e/send-helpers.ts';
import { DIALECTS, useTestEnv } from '../../test/env.ts';
import type { TestProject } from '../../test/factories.ts';
import { newId } from '../lib/ids.ts';
import { insertMessages } from '../webhooks/messages.repo.ts';
import { DUE_ROWS } from './due-row-tables.ts';
import { claimDueRows, findNextDueAt, renewClaimedRows, updateClaimed, updateClaimedRows } from './due-rows.repo.ts';

const MESSAGES = DUE_ROWS.webhookMessages;
const LEASE_MS = 60_000;

describe.each(DIALECTS)('due rows on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const h = emailLogHelpers(t);

  /** Messages of the project's endpoint, due at `at`; answers their ids in due order. */
  async function messages(p: TestProject, count: number, at: Date): Promise<string[]> {
    const endpointId = await h.endpoint(p);
    const rows = Array.from({ length: count }, () => ({
      id: newId(),
      projectId: p.id,
      endpointId,
      type: 'contact.created',
      payload: '{}',
      createdAt: at,
    }));
    await insertMessages(t.deps.db, rows, at);
    return rows.map((r) => r.id).sort();
  }
  const claimAt = (now: Date) => ({ now, leaseUntil: new Date(now.getTime() + LEASE_MS), token: newId(), limit: 100 });
  /** Claims the due messages of project `p` only (the tests share a database). */
  const claimOf = (p: TestProject, c: ReturnType<typeof claimAt>) =>
    claimDueRows(t.deps.db, t.deps.dialect, MESSAGES, c, { where: (eb) => eb('projectId', '=', p.id) });
  const rowsOf = (ids: string[]) =>
    t.deps.db
      .selectFrom('webhookMessages')
      .select(['id', 'status', 'leaseToken', 'nextAttemptAt', 'attempts', 'lastStatus', 'lastAttemptAt'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();

  it('claims the active rows that are due, holds them until the lease ends, then claims them again', async () => {
    const p = await t.make.project();
    const base = new Date();
    const ids = await messages(p, 3, base);
    const done = await messages(p, 1, base);
    const later = await messages(p, 1, new Date(base.getTime() + 3600_000));
    await t.deps.db.updateTable('webhookMessages').set({ status: 'DELIVERED' }).where('id', 'in', done).execute();

    const first = claimAt(base);
    const claimed = await claimOf(p, first);
    expect(claimed.map((r) => r.id)).toEqual(ids);
    expect(await rowsOf(ids)).toEqual(
      ids.map((id) => expect.objectContaining({ id, status: 'SENDING', leaseToken: first.token, attempts: 1 })),
    );
    expect(await claimOf(p, claimAt(base))).toEqual([]);
    expect((await findNextDueAt(t.deps.db, MESSAGES))?.getTime()).toBeLessThanOrEqual(first.leaseUntil.getTime());

    // The lease ran out: the next claim takes them, and the one due an hour later, not the delivered one.
    const again = await claimOf(p, claimAt(new Date(base.getTime() + 3600_000)));
    expect(again.map((r) => r.id).sort()).toEqual([...ids, ...later].sort());
    expect(again.filter((r) => ids.includes(r.id)).map((r) => r.attempts)).toEqual([2, 2, 2]);
  });

  it('writes nothing for a claim whose rows another claim took, and everything for the claim that holds them', async () => {
    const p = await t.make.project();
    const ids = await messages(p, 3, new Date());
    const lost = claimAt(new Date());
    await claimOf(p, lost);
    const held = claimAt(lost.leaseUntil);
    expect(await claimOf(p, held)).toHaveLength(3);
    const until = new Date(held.leaseUntil.getTime() + LEASE_MS);

    await renewClaimedRows(t.deps.db, t.deps.dialect, MESSAGES, { ids, token: lost.token, until });
    expect(await updateClaimed(t.deps.db, MESSAGES, { ids, token: lost.token }, { status: 'FAILED' })).toEqual([]);
    const columns = { last_status: 'integer' } as const;
    const outcome = (token: string) => ids.map((id) => ({ id, token, last_status: 200 }));
    const none = await updateClaimedRows(t.deps.db, t.deps.dialect, MESSAGES, { columns, rows: outcome(lost.token) });
    expect(none.size).toBe(0);
    expect(await rowsOf(ids)).toEqual(
      ids.map((id) => expect.objectContaining({ id, status: 'SENDING', leaseToken: held.token, lastStatus: null })),
    );

    await renewClaimedRows(t.deps.db, t.deps.dialect, MESSAGES, { ids, token: held.token, until });
    expect((await rowsOf(ids)).map((r) => new Date(r.nextAttemptAt).getTime())).toEqual(ids.map(() => until.getTime()));
    const [first, ...rest] = ids;
    expect(
      await updateClaimed(t.deps.db, MESSAGES, { ids: [first!], token: held.token }, { status: 'FAILED' }),
    ).toEqual([first]);
    const written = await updateClaimedRows(t.deps.db, t.deps.dialect, MESSAGES, {
      columns,
      rows: outcome(held.token),
      same: { status: 'DELIVERED', lease_token: null, last_attempt_at: until },
    });
    // The FAILED one is no longer held: only the rest take their outcome.
    expect([...written].sort()).toEqual(rest);
    const at = (v: string | Date | null) => (v === null ? null : new Date(v).getTime());
    expect((await rowsOf(ids)).map((r) => [r.status, r.leaseToken, r.lastStatus, at(r.lastAttemptAt)])).toEqual([
      ['FAILED', held.token, null, null],
      ['DELIVERED', null, 200, until.getTime()],
      ['DELIVERED', null, 200, until.getTime()],
    ]);
  });

  it('claims outbox rows by the emails declaration: SENDING under the token, leased, due at the lease end', async () => {
    const p = await t.make.project();
    const ids = [await storeTestEmail(t, p.id), await storeTestEmail(t, p.id)].sort();
    const claim = claimAt(new Date(Date.now() + 1000));
    const claimed = await claimDueRows(t.deps.db, t.deps.dialect, DUE_ROWS.emails, claim, {
      where: (eb) => eb('projectId', '=', p.id),
    });
    expect(claimed.map((r) => r.id).sort()).toEqual(ids);
    for (const row of claimed) {
      expect(row).toMatchObject({ status: 'SENDING', leaseToken: claim.token, attempts: 1 });
      expect(new Date(row.leaseUntil!).getTime()).toBe(claim.leaseUntil.getTime());
      expect(new Date(row.nextAttemptAt).getTime()).toBe(claim.leaseUntil.getTime());
    }
  });
});
