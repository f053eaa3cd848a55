// Invariant: each delivery report moves an email at most once, and only the report that moved it has
// effects: one email.delivery / email.bounce / email.complaint event, and for a hard bounce or a
// complaint the contact unsubscribed (one contact.unsubscribed) and the address suppressed.
import { describe, expect, it } from 'vitest';
import { recordFeedback, recordSendRejection } from '../../src/bounces/feedback.service.ts';
import { findSuppressedEmails } from '../../src/suppressions/suppressions.repo.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { emailState, eventsNamed, insertSentEmail, isSubscribed, suppressionsOf } from './feedback-helpers.ts';

describe.each(DIALECTS)('delivery feedback on %s', (dialect) => {
  const t = useTestEnv({ dialect });

  async function setup(status?: 'SENT' | 'OPENED' | 'SENDING') {
    const p = await t.make.project();
    const contact = await t.make.contact(p);
    const email = await insertSentEmail(t.deps, p.id, { email: contact.email, contactId: contact.id }, status);
    return { p, contact, email };
  }

  it('marks a sent email delivered once, found by its transport id, however often SES reports it', async () => {
    const { p, email } = await setup();
    const report = { kind: 'delivery' as const, transportMessageId: email.transportMessageId };
    const outcomes = await Promise.all([1, 2, 3].map(() => recordFeedback(t.deps, report)));
    expect(outcomes.filter((o) => o.applied)).toHaveLength(1);
    const state = await emailState(t.deps, email.id);
    expect(state.status).toBe('DELIVERED');
    expect(state.deliveredAt).not.toBeNull();
    expect(await eventsNamed(t.deps, p.id, 'email.delivery')).toEqual([
      expect.objectContaining({ data: { emailId: email.id } }),
    ]);
  });

  it('leaves an opened email opened when the delivery report comes late', async () => {
    const { p, email } = await setup('OPENED');
    expect((await recordFeedback(t.deps, { kind: 'delivery', emailId: email.id })).applied).toBe(false);
    expect((await emailState(t.deps, email.id)).status).toBe('OPENED');
    expect(await eventsNamed(t.deps, p.id, 'email.delivery')).toEqual([]);
  });

  it('bounces hard once: status, event, contact unsubscribed and address suppressed', async () => {
    const { p, contact, email } = await setup();
    const report = {
      kind: 'bounce' as const,
      bounceType: 'hard' as const,
      messageId: `<${email.messageId}>`,
      detail: '550 5.1.1 no such user',
    };
    for (const _ of [1, 2]) await recordFeedback(t.deps, report);
    await Promise.all([recordFeedback(t.deps, report), recordFeedback(t.deps, report)]);
    const state = await emailState(t.deps, email.id);
    expect(state.status).toBe('BOUNCED');
    expect(state.bouncedAt).not.toBeNull();
    expect(await eventsNamed(t.deps, p.id, 'email.bounce')).toEqual([
      { contactId: contact.id, data: { emailId: email.id, bounceType: 'hard', detail: '550 5.1.1 no such user' } },
    ]);
    expect(await isSubscribed(t.deps, contact.id)).toBe(false);
    expect(await eventsNamed(t.deps, p.id, 'contact.unsubscribed')).toEqual([
      { contactId: contact.id, data: { source: 'bounce' } },
    ]);
    expect(await suppressionsOf(t.deps, p.id)).toEqual([{ email: contact.email, reason: 'BOUNCE', emailId: email.id }]);
    expect(await findSuppressedEmails(t.deps.db, p.id, [contact.email])).toEqual(new Set([contact.email]));
  });

  it('records a soft bounce as an event only', async () => {
    const { p, contact, email } = await setup();
    await recordFeedback(t.deps, { kind: 'bounce', bounceType: 'soft', emailId: email.id, detail: 'mailbox full' });
    expect((await emailState(t.deps, email.id)).status).toBe('SENT');
    expect(await eventsNamed(t.deps, p.id, 'email.bounce')).toEqual([
      { contactId: contact.id, data: { emailId: email.id, bounceType: 'soft', detail: 'mailbox full' } },
    ]);
    expect(await isSubscribed(t.deps, contact.id)).toBe(true);
    expect(await suppressionsOf(t.deps, p.id)).toEqual([]);
  });

  it('records a complaint once, unsubscribes and suppresses with reason COMPLAINT', async () => {
    const { p, contact, email } = await setup();
    const report = { kind: 'complaint' as const, emailId: email.id, detail: 'abuse' };
    await Promise.all([recordFeedback(t.deps, report), recordFeedback(t.deps, report)]);
    await recordFeedback(t.deps, report);
    const state = await emailState(t.deps, email.id);
    expect(state.status).toBe('COMPLAINED');
    expect(state.complainedAt).not.toBeNull();
    expect(await eventsNamed(t.deps, p.id, 'email.complaint')).toHaveLength(1);
    expect(await eventsNamed(t.deps, p.id, 'contact.unsubscribed')).toHaveLength(1);
    expect(await isSubscribed(t.deps, contact.id)).toBe(false);
    expect(await suppressionsOf(t.deps, p.id)).toEqual([
      { email: contact.email, reason: 'COMPLAINT', emailId: email.id },
    ]);
  });

  it('keeps the first suppression and emits no second unsubscribe when a second email of the address bounces', async () => {
    const { p, contact, email } = await setup();
    const other = await insertSentEmail(t.deps, p.id, { email: contact.email, contactId: contact.id });
    await recordFeedback(t.deps, { kind: 'bounce', bounceType: 'hard', emailId: email.id });
    await recordFeedback(t.deps, { kind: 'complaint', emailId: other.id });
    expect(await eventsNamed(t.deps, p.id, 'email.bounce')).toHaveLength(1);
    expect(await eventsNamed(t.deps, p.id, 'email.complaint')).toHaveLength(1);
    expect(await eventsNamed(t.deps, p.id, 'contact.unsubscribed')).toHaveLength(1);
    expect(await suppressionsOf(t.deps, p.id)).toEqual([{ email: contact.email, reason: 'BOUNCE', emailId: email.id }]);
  });

  it('ignores reports naming no email it knows', async () => {
    const outcome = await recordFeedback(t.deps, {
      kind: 'bounce',
      bounceType: 'hard',
      emailId: 'not-an-id',
      messageId: 'x@y',
      transportMessageId: 'nope',
    });
    expect(outcome).toEqual({ applied: false });
  });

  it("bounces an email the relay refused at send time, inside the worker's transaction", async () => {
    const { p, contact, email } = await setup('SENDING');
    const row = {
      id: email.id,
      projectId: p.id,
      contactId: contact.id,
      toEmail: contact.email,
      status: 'SENDING' as const,
    };
    const moved = await t.deps.db
      .transaction()
      .execute((trx) => recordSendRejection(trx, t.deps, row, '550 5.1.1 unknown'));
    expect(moved).toBe(true);
    expect((await emailState(t.deps, email.id)).status).toBe('BOUNCED');
    expect(await isSubscribed(t.deps, contact.id)).toBe(false);
    expect(await suppressionsOf(t.deps, p.id)).toHaveLength(1);
    const again = await t.deps.db.transaction().execute((trx) => recordSendRejection(trx, t.deps, row, 'again'));
    expect(again).toBe(false);
    expect(await eventsNamed(t.deps, p.id, 'email.bounce')).toHaveLength(1);
  });

  it('keeps a rejection undone when the worker transaction rolls back', async () => {
    const { p, contact, email } = await setup('SENDING');
    const row = {
      id: email.id,
      projectId: p.id,
      contactId: contact.id,
      toEmail: contact.email,
      status: 'SENDING' as const,
    };
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await recordSendRejection(trx, t.deps, row, '550');
        throw new Error('worker crashed');
      }),
    ).rejects.toThrow('worker crashed');
    expect((await emailState(t.deps, email.id)).status).toBe('SENDING');
    expect(await isSubscribed(t.deps, contact.id)).toBe(true);
    expect(await suppressionsOf(t.deps, p.id)).toEqual([]);
  });
});
