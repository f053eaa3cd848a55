// Invariant: an endpoint receives, signed in the Standard Webhooks format, a message for each change
// it subscribed to that committed, and none for one that rolled back; a failed message is tried again
// on the schedule with the same webhook-id; after a rotation both secrets sign for 24 h; the secret is
// answered only by create and rotate; bad input is a 422 that creates nothing.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { type HttpListener, startHttpListener } from '../servers/http-listener.ts';
import { expectError } from './support.ts';
import { webhookHelpers } from './webhook-helpers.ts';

describe.each(DIALECTS)('event webhooks on %s', (dialect) => {
  let hook: HttpListener;
  beforeAll(async () => {
    hook = await startHttpListener();
  });
  afterAll(async () => hook?.close());
  const t = useTestEnv({ dialect, env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
  const h = webhookHelpers(t);

  it('answers the secret only at creation, as whsec_ and 32 bytes of base64', async () => {
    const p = await t.make.project();
    const created = await h.endpoint(p, `${hook.url}/a`, ['contact.created', 'email.sent']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);
    const got = await h.call(p, 'GET', `/webhook-endpoints/${created.id}`);
    expect(got.json()).toEqual({
      id: created.id,
      url: `${hook.url}/a`,
      events: ['contact.created', 'email.sent'],
      description: null,
      enabled: true,
      disabledReason: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const list = await h.call(p, 'GET', '/webhook-endpoints');
    expect(list.json().map((e: { secret?: string }) => e.secret)).toEqual([undefined]);
  });

  it.each([
    ['a URL that is not http(s)', { url: 'ftp://127.0.0.1/x', events: ['*'] }, 'url'],
    ['a metadata address', { url: 'http://169.254.169.254/latest', events: ['*'] }, 'url'],
    ['a private address', { url: 'http://10.1.2.3/hook', events: ['*'] }, 'url'],
    ['an unknown event type', { url: 'http://127.0.0.1/x', events: ['contact.nope'] }, 'events'],
    ['an empty event list', { url: 'http://127.0.0.1/x', events: [] }, 'events'],
    ['no URL', { events: ['*'] }, 'url'],
  ])('refuses %s with a 422 and creates nothing', async (_what, body, field) => {
    const p = await t.make.project();
    const res = await h.call(p, 'POST', '/webhook-endpoints', body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.body).toContain(field);
    expect((await h.call(p, 'GET', '/webhook-endpoints')).json()).toEqual([]);
  });

  it('delivers contact.created signed so the standardwebhooks library verifies it', async () => {
    const p = await t.make.project();
    const e = await h.endpoint(p, `${hook.url}/created`, ['contact.created']);
    hook.clear();
    const c = await h.contact(p, 'ann@example.test', { plan: 'pro' });
    await h.deliver();
    const [req] = hook.requests.filter((r) => r.path === '/created');
    const headers = {
      'webhook-id': req!.headers['webhook-id']!,
      'webhook-timestamp': req!.headers['webhook-timestamp']!,
      'webhook-signature': req!.headers['webhook-signature']!,
    };
    const body = new Webhook(e.secret).verify(req!.body, headers) as { type: string; data: Record<string, unknown> };
    expect(body.type).toBe('contact.created');
    expect(body.data).toMatchObject({ id: c.id, email: 'ann@example.test', data: { plan: 'pro' }, subscribed: true });
    expect(req!.headers['content-type']).toBe('application/json');
    const [row] = await h.messages(e.id);
    expect(row).toMatchObject({ id: headers['webhook-id'], status: 'DELIVERED', attempts: 1, lastStatus: 200 });
    // Another secret does not verify it.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(req!.body, headers)).toThrow();
  });

  it('gives each of many concurrent contact writes its own message, the same address created then updated', async () => {
    const p = await t.make.project();
    const e = await h.endpoint(p, `${hook.url}/many`, ['contact.created', 'contact.updated']);
    // Started in one turn, these share transactions (contacts/grouped-upserts.ts); the repeated
    // address waits for a later group, so it is written once as new and once as a change.
    const emails = [...Array.from({ length: 30 }, (_, i) => `m${i}@example.test`), 'm0@example.test'];
    const answers = await Promise.all(
      emails.map((email, i) => h.call(p, 'POST', '/contacts', { email, data: { n: i } })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(30).fill(201), 200].sort());
    const messages = await h.messages(e.id);
    const byType = (type: string) =>
      messages
        .filter((m) => m.type === type)
        .map((m) => (JSON.parse(m.payload) as { data: { email: string } }).data.email)
        .sort();
    expect(byType('contact.created')).toEqual(emails.slice(0, 30).sort());
    expect(byType('contact.updated')).toEqual(['m0@example.test']);
    // Either write of the address may come first; the change carries what the contact holds now.
    const m0 = messages
      .map((m) => JSON.parse(m.payload) as { type: string; data: { id: string; email: string; data: { n: number } } })
      .filter((m) => m.data.email === 'm0@example.test');
    expect(m0.map((m) => m.data.data.n).sort((a, b) => a - b)).toEqual([0, 30]);
    const stored = (await h.call(p, 'GET', `/contacts/${m0[0]!.data.id}`)).json();
    expect(m0.find((m) => m.type === 'contact.updated')!.data.data).toEqual(stored.data);
  });

  it('writes no message for a change that rolled back', async () => {
    const p = await t.make.project();
    const a = await h.contact(p, 'a@example.test');
    await h.contact(p, 'b@example.test');
    const e = await h.endpoint(p, `${hook.url}/updated`, ['contact.updated']);
    const res = await h.call(p, 'PATCH', `/contacts/${a.id}`, { email: 'b@example.test' });
    expect(res.statusCode).toBe(409);
    expect(await h.messages(e.id)).toEqual([]);
    const ok = await h.call(p, 'PATCH', `/contacts/${a.id}`, { data: { x: 1 } });
    expect(ok.statusCode).toBe(200);
    expect((await h.messages(e.id)).map((m) => m.type)).toEqual(['contact.updated']);
  });

  it('tries a failed message again after 5 s with the same webhook-id, and logs both attempts', async () => {
    const p = await t.make.project();
    const e = await h.endpoint(p, `${hook.url}/flaky`, ['contact.created']);
    hook.clear();
    hook.respond(() => ({ status: 503, body: 'down for a moment' }));
    await h.contact(p, 'flaky@example.test');
    await h.deliver();
    const [first] = await h.messages(e.id);
    expect(first).toMatchObject({ status: 'PENDING', attempts: 1, lastStatus: 503, lastBody: 'down for a moment' });
    const wait = new Date(first!.nextAttemptAt).getTime() - new Date(first!.lastAttemptAt!).getTime();
    expect(wait).toBe(5000);
    hook.respond();
    await h.dueNow(e.id);
    await h.deliver();
    const reqs = hook.requests.filter((r) => r.path === '/flaky');
    expect(reqs.map((r) => r.headers['webhook-id'])).toEqual([first!.id, first!.id]);
    const detail = await h.call(p, 'GET', `/webhook-endpoints/${e.id}/messages/${first!.id}`);
    expect(detail.json()).toMatchObject({
      id: first!.id,
      type: 'contact.created',
      status: 'DELIVERED',
      attempts: 2,
      nextAttemptAt: null,
      lastResponse: { status: 200 },
      payload: { type: 'contact.created', data: { email: 'flaky@example.test' } },
    });
    expect(detail.json().attemptLog.map((a: { status: number }) => a.status)).toEqual([503, 200]);
  });

  it('fails a message for good after the last retry of the schedule', async () => {
    const p = await t.make.project();
    const e = await h.endpoint(p, `${hook.url}/dead`, ['contact.created']);
    hook.respond(() => ({ status: 500 }));
    await h.contact(p, 'dead@example.test');
    for (let i = 0; i < 8; i++) {
      await h.dueNow(e.id);
      await h.deliver();
    }
    hook.respond();
    const [row] = await h.messages(e.id);
    expect(row).toMatchObject({ status: 'FAILED', attempts: 8 });
    const failed = await h.call(p, 'GET', `/webhook-endpoints/${e.id}/messages?status=FAILED`);
    expect(failed.json()).toMatchObject({ total: 1, hasMore: false, data: [{ id: row!.id, status: 'FAILED' }] });
    const pending = await h.call(p, 'GET', `/webhook-endpoints/${e.id}/messages?status=PENDING`);
    expect(pending.json()).toMatchObject({ total: 0, data: [] });
    // A retry asked for sends it again now, with the same webhook-id.
    hook.clear();
    const retried = await h.call(p, 'POST', `/webhook-endpoints/${e.id}/messages/${row!.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'DELIVERED', attempts: 9 });
    expect(hook.requests.filter((r) => r.path === '/dead').map((r) => r.headers['webhook-id'])).toEqual([row!.id]);
  });

  it('signs with both secrets for 24 h after a rotation', async () => {
    const p = await t.make.project();
    const e = await h.endpoint(p, `${hook.url}/rotate`, ['contact.created']);
    const rotated = await h.call(p, 'POST', `/webhook-endpoints/${e.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const secret = rotated.json().secret as string;
    expect(secret).not.toBe(e.secret);
    hook.clear();
    const test = await h.call(p, 'POST', `/webhook-endpoints/${e.id}/test`);
    expect(test.json()).toMatchObject({ delivered: true, status: 200, durationMs: expect.any(Number) });
    const [req] = hook.requests.filter((r) => r.path === '/rotate');
    expect(req!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    const headers = {
      'webhook-id': req!.headers['webhook-id']!,
      'webhook-timestamp': req!.headers['webhook-timestamp']!,
      'webhook-signature': req!.headers['webhook-signature']!,
    };
    for (const s of [secret, e.secret])
      expect(new Webhook(s).verify(req!.body, headers)).toMatchObject({ type: 'webhook.test' });
    expect(req!.headers['webhook-id']).toBe(test.json().messageId);
  });

  it('keeps another project out of an endpoint and its log', async () => {
    const p = await t.make.project();
    const q = await t.make.project();
    const e = await h.endpoint(p, `${hook.url}/mine`);
    for (const [method, url] of [
      ['GET', `/webhook-endpoints/${e.id}`],
      ['GET', `/webhook-endpoints/${e.id}/messages`],
      ['POST', `/webhook-endpoints/${e.id}/test`],
      ['DELETE', `/webhook-endpoints/${e.id}`],
    ] as const) {
      await expectError(await h.call(q, method, url), 404, 'WEBHOOK_ENDPOINT_NOT_FOUND');
    }
    expect((await h.call(p, 'GET', `/webhook-endpoints/${e.id}`)).statusCode).toBe(200);
  });
});
