// Invariant: a group's outcomes (one statement, updateClaimedRows in jobs/due-rows.repo.ts) are
// written only for messages whose claim still holds: SENDING under the token of the claim that sent
// them. A message another claim took since keeps that claim's state and gets no attempt; the rest get
// their own values.
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { insertMessages, recordMessageOutcomes } from '../../src/webhooks/messages.repo.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { emailLogHelpers } from './email-log-helpers.ts';

describe.each(DIALECTS)('webhook outcomes of a group on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const h = emailLogHelpers(t);

  it('writes each message held by its claim, with its own values, and nothing for a lost claim', async () => {
    const p = await t.make.project();
    const endpointId = await h.endpoint(p);
    const now = new Date();
    const ids = [newId(), newId(), newId()];
    await insertMessages(
      t.deps.db,
      ids.map((id) => ({ id, projectId: p.id, endpointId, type: 'contact.created', payload: '{}', createdAt: now })),
      now,
    );
    // The first two are held by claim A; the third was taken over by claim B.
    for (const [i, id] of ids.entries())
      await t.deps.db
        .updateTable('webhookMessages')
        .set({ status: 'SENDING', leaseToken: i < 2 ? 'claim-a' : 'claim-b', attempts: 1 })
        .where('id', '=', id)
        .execute();
    const later = new Date(now.getTime() + 5_000);
    const outcome = (id: string, status: 'DELIVERED' | 'PENDING', code: number) => ({
      id,
      projectId: p.id,
      leaseToken: 'claim-a',
      status,
      nextAt: later,
      attempt: { id: newId(), at: now, status: code, body: `answer ${code}`, durationMs: code + 1 },
    });
    const written = await recordMessageOutcomes(t.deps.db, t.deps.dialect, [
      outcome(ids[0]!, 'DELIVERED', 200),
      outcome(ids[1]!, 'PENDING', 503),
      outcome(ids[2]!, 'DELIVERED', 204),
    ]);
    expect(written).toEqual([ids[0], ids[1]]);

    const rows = await t.deps.db
      .selectFrom('webhookMessages')
      .select(['id', 'status', 'leaseToken', 'lastStatus', 'lastBody', 'lastDurationMs'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        id: ids[0],
        status: 'DELIVERED',
        leaseToken: null,
        lastStatus: 200,
        lastBody: 'answer 200',
        lastDurationMs: 201,
      },
      {
        id: ids[1],
        status: 'PENDING',
        leaseToken: null,
        lastStatus: 503,
        lastBody: 'answer 503',
        lastDurationMs: 504,
      },
      { id: ids[2], status: 'SENDING', leaseToken: 'claim-b', lastStatus: null, lastBody: null, lastDurationMs: null },
    ]);
    const attempts = await t.deps.db
      .selectFrom('webhookAttempts')
      .select('messageId')
      .where('projectId', '=', p.id)
      .execute();
    expect(attempts.map((a) => a.messageId).sort()).toEqual([ids[0], ids[1]].sort());
  });
});
