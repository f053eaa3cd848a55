// Invariant: asking whether a project's endpoints want an event never takes a second pool connection
// from inside a transaction. Every stamp of a sent email, tracked event and contact write asks inside
// its transaction; when the answer was read through the pool instead, a burst of such transactions
// held every connection while each waited for one more, and delivery stopped (seen on PostgreSQL: a
// 50,000-recipient campaign stalled with its stamps idle in transaction). Here the pool has two
// connections, one held by another transaction: a tracked event of a project whose endpoints are not
// cached yet must still be stored, with its webhook message, through the one connection left.
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { holdTransaction } from '../fixtures/held-transaction.ts';
import { emailLogHelpers } from './email-log-helpers.ts';

describe.runIf(DIALECTS.includes('postgres'))('webhook announcements with one pool connection free', () => {
  const t = useTestEnv({ dialect: 'postgres', env: { DATABASE_POOL_SIZE: '2' } });
  const h = emailLogHelpers(t);

  it('store a tracked event and its message without waiting for another connection', async () => {
    const p = await t.make.project();
    // The endpoint's write makes the project's subscriptions unknown to this process: the next ask reads.
    await h.endpoint(p, ['event.tracked']);
    const other = await holdTransaction(t.deps.db, (trx) =>
      trx.selectFrom('projects').select('id').where('id', '=', p.id).execute(),
    );
    const track = t.app.inject({
      method: 'POST',
      url: '/v1/track',
      headers: { authorization: p.auth },
      payload: { email: 'pool@example.test', event: 'signed-up' },
    });
    const answer = await Promise.race([
      track,
      new Promise<undefined>((r) => setTimeout(() => r(undefined), 10_000).unref()),
    ]);
    await other.release();
    expect(answer, 'the tracked event waited for a pool connection').toBeDefined();
    expect(answer!.statusCode, answer!.body).toBe(200);
    const messages = await h.messages(p, 'event.tracked');
    expect(messages.map((m) => m.data.name)).toEqual(['signed-up']);
  });
});
