// Invariant: one slow endpoint never holds another's messages (each endpoint has its own share of the
// worker), and an endpoint failing every message for 5 days is disabled with a reason and its
// project's owners are mailed; an endpoint that answers again gets its waiting retries at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_PROJECT_ID } from '../../src/auth/system-mail.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { type HttpListener, startHttpListener } from '../servers/http-listener.ts';
import { webhookHelpers } from './webhook-helpers.ts';

describe.each(DIALECTS)('webhook endpoint health on %s', (dialect) => {
  let slow: HttpListener;
  let fast: HttpListener;
  beforeAll(async () => {
    [slow, fast] = await Promise.all([startHttpListener(), startHttpListener()]);
  });
  afterAll(async () => Promise.all([slow?.close(), fast?.close()]));
  const t = useTestEnv({
    dialect,
    // A held request must not time out (10 s by default) while the fast endpoint's messages arrive.
    env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_ENDPOINT_CONCURRENCY: '2', WEBHOOK_TIMEOUT_MS: '30000' },
  });
  const h = webhookHelpers(t);

  it('delivers a fast endpoint all its messages while a slow one still works through its own', async () => {
    const p = await t.make.project();
    // The slow endpoint answers nothing until the fast one has all six, so the property does not rest
    // on timing: a worker that waited on a batch, or let the slow endpoint take more than its own two
    // slots, would hold the fast messages behind unanswered requests and never get there.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    slow.respond(async () => {
      await held;
      return { status: 200 };
    });
    await h.endpoint(p, `${slow.url}/slow`, ['contact.created']);
    await h.endpoint(p, `${fast.url}/fast`, ['contact.created']);
    for (let i = 0; i < 6; i++) await h.contact(p, `c${i}@example.test`);
    const delivering = h.deliver();
    try {
      await fast.waitFor(6, 20_000);
      expect(slow.requests.length).toBeLessThanOrEqual(2);
    } finally {
      release();
    }
    await delivering;
    expect(slow.requests).toHaveLength(6);
    slow.respond();
  });

  it('disables an endpoint failing for 5 days, says why, and mails the owners', async () => {
    const p = await t.make.project();
    fast.respond(() => ({ status: 500 }));
    const e = await h.endpoint(p, `${fast.url}/down`, ['contact.created']);
    const sixDaysAgo = new Date(Date.now() - 6 * 86_400_000).toISOString();
    await t.deps.db
      .updateTable('webhookEndpoints')
      .set({ failingSince: sixDaysAgo, failureStreak: 40 })
      .where('id', '=', e.id)
      .execute();
    await h.contact(p, 'late@example.test');
    // This test is about what a failure does, not about the wake-up (webhook-delivery tests own that):
    // once, under CI's load, the message was still unattempted after one drain, so drain until it was.
    for (let i = 0; i < 3 && (await h.messages(e.id))[0]?.attempts === 0; i++) await h.deliver();
    expect(await h.messages(e.id), 'the message was attempted once').toMatchObject([{ attempts: 1 }]);
    const got = (await h.call(p, 'GET', `/webhook-endpoints/${e.id}`)).json();
    expect(got).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('5 days') });
    const mails = await t.deps.db
      .selectFrom('emails')
      .select(['toEmail', 'subject'])
      .where('projectId', '=', SYSTEM_PROJECT_ID)
      .where('toEmail', '=', p.owner.email)
      .execute();
    expect(mails).toEqual([{ toEmail: p.owner.email, subject: 'A webhook endpoint was disabled' }]);
    // Disabled, it is written no more messages; enabled again, it starts afresh.
    await h.contact(p, 'later@example.test');
    expect(await h.messages(e.id)).toHaveLength(1);
    fast.respond();
    const on = await h.call(p, 'PATCH', `/webhook-endpoints/${e.id}`, { enabled: true });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('brings an endpoint’s waiting retries forward once it answers again', async () => {
    const p = await t.make.project();
    fast.respond(() => ({ status: 502 }));
    const e = await h.endpoint(p, `${fast.url}/back`, ['contact.created']);
    await h.contact(p, 'one@example.test');
    await h.contact(p, 'two@example.test');
    await h.deliver();
    const failed = await h.messages(e.id);
    expect(failed.map((m) => m.status)).toEqual(['PENDING', 'PENDING']);
    fast.respond();
    // The first is made due (its rest over); the second still waits for its own retry time.
    await t.deps.db.updateTable('webhookEndpoints').set({ restingUntil: null }).where('id', '=', e.id).execute();
    await t.deps.db
      .updateTable('webhookMessages')
      .set({ nextAttemptAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', failed[0]!.id)
      .execute();
    await h.deliver();
    await h.deliver();
    expect((await h.messages(e.id)).map((m) => m.status)).toEqual(['DELIVERED', 'DELIVERED']);
  });
});
