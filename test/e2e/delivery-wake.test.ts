// Invariant: outbox rows stored in a transaction through enqueue wake delivery when that
// transaction commits (jobs/waker.ts): with no other wake-up queued and no cron running, the queue
// holds a delivery run once the commit's notice arrives, and that run sends the rows.
import { describe, expect, it } from 'vitest';
import { enqueue } from '../../src/emails/enqueue.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { testEmail } from './send-helpers.ts';

describe.each(DIALECTS)('delivery woken by the transaction that stores its rows on %s', (dialect) => {
  const t = useTestEnv({ dialect });

  const statuses = (ids: string[]) =>
    t.deps.db
      .selectFrom('emails')
      .select('status')
      .where('id', 'in', ids)
      .execute()
      .then((rows) => rows.map((r) => r.status));

  it('sends rows a committed transaction stored, with nothing else waking delivery', async () => {
    const project = await t.make.project();
    // Whatever the project's creation queued runs now, so the only wake-up left is the one under test.
    await t.deps.jobs.drain();
    const emails = [testEmail(project.id), testEmail(project.id)];
    const ids = emails.map((e) => e.id);
    await t.deps.db.transaction().execute(async (trx) => {
      expect(await enqueue(t.deps, trx, emails)).toHaveLength(2);
    });
    // The notice reaches the waker after the commit (asynchronously on PostgreSQL); each drain runs
    // only what the queue holds, so without the wake-up the rows would stay PENDING.
    await expect
      .poll(async () => {
        await t.deps.jobs.drain();
        return statuses(ids);
      })
      .toEqual(['SENT', 'SENT']);
  });
});
