// Invariant: every write of a delivery claim is fenced by the claim's token. Once a worker's lease
// has run out and another claim holds the row, the first worker's stamp, renewal, hand-back and
// suppression change nothing, and the holder's stamp still lands.
import { describe, expect, it } from 'vitest';
import {
  claimDueEmails,
  deferClaimed,
  markAllSent,
  markSuppressed,
  markUnsent,
  renewEmailLeases,
} from '../../src/emails/delivery.repo.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { storeTestEmail } from './send-helpers.ts';

describe.each(DIALECTS)('delivery claims fenced by their token on %s', (dialect) => {
  const t = useTestEnv({ dialect });

  const row = (id: string) => t.deps.db.selectFrom('emails').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('ignores every write of a claim whose row another claim took since', async () => {
    const project = await t.make.project();
    const id = await storeTestEmail(t, project.id);
    const start = Date.now();
    // Claim A's lease has already run out when claim B looks: the row is due again.
    const [a] = await claimDueEmails(t.deps.db, t.deps.dialect, {
      now: new Date(start),
      leaseUntil: new Date(start + 1),
      token: 'claim-a',
      limit: 10,
    });
    expect(a?.id).toBe(id);
    expect(a?.leaseToken).toBe('claim-a');
    const [b] = await claimDueEmails(t.deps.db, t.deps.dialect, {
      now: new Date(start + 2),
      leaseUntil: new Date(start + 60_000),
      token: 'claim-b',
      limit: 10,
    });
    expect(b?.id).toBe(id);
    expect(b?.attempts).toBe(2);
    const held = await row(id);

    const later = new Date(start + 5);
    const stamp = (claim: typeof a, transportMessageId: string) =>
      markAllSent(t.deps.db, t.deps.dialect, [{ claim: claim!, transportMessageId }], later);
    expect(await stamp(a, 'stale-relay-id')).toEqual(new Set());
    await markUnsent(t.deps.db, a!, { status: 'FAILED', error: 'stale' }, later);
    await renewEmailLeases(t.deps.db, t.deps.dialect, {
      ids: [id],
      token: 'claim-a',
      leaseUntil: new Date(start + 120_000),
    });
    await deferClaimed(t.deps.db, [id], 'claim-a', new Date(start + 30_000), later);
    await markSuppressed(t.deps.db, [id], 'claim-a', later);
    expect(await row(id)).toEqual(held);

    await renewEmailLeases(t.deps.db, t.deps.dialect, {
      ids: [id],
      token: 'claim-b',
      leaseUntil: new Date(start + 90_000),
    });
    expect(new Date((await row(id)).leaseUntil as string | Date).getTime()).toBe(start + 90_000);
    expect(await stamp(b, 'relay-id')).toEqual(new Set([id]));
    const sent = await row(id);
    expect(sent.status).toBe('SENT');
    expect(sent.transportMessageId).toBe('relay-id');
    expect(new Date(sent.sentAt as string | Date).toISOString()).toBe(later.toISOString());
    expect(sent.leaseUntil).toBeNull();
  });
});
