// Invariant: POST /v1/track (pk or sk) and its alias POST /events/track upsert the contact under the
// custom field rules and store the event in one transaction with the event listeners: a refused
// request (bad name, bad email) writes nothing, and a failing listener leaves neither contact nor event.
import { describe, expect, it } from 'vitest';
import { listContactEvents } from '../../src/events/events.repo.ts';
import type { EventListener } from '../../src/events/events.service.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { expectError } from './support.ts';

describe.each(DIALECTS)('POST /v1/track on %s', (dialect) => {
  /** Events with this name make the test listener throw. */
  const FAILING = 'listener.fails';
  const listened: string[] = [];
  const listener: EventListener = async (_trx, events) => {
    for (const e of events) {
      listened.push(e.name);
      if (e.name === FAILING) throw new Error('listener refused');
    }
  };
  const t = useTestEnv({ dialect, eventListeners: () => [listener] });
  const track = (auth: string, payload: object, url = '/v1/track') =>
    t.app.inject({ method: 'POST', url, headers: { authorization: auth }, payload });
  const contactByEmail = async (auth: string, email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/contacts/lookup',
      headers: { authorization: auth },
      payload: { emails: [email] },
    });
    const id = res.json().found[0]?.id as string | undefined;
    return id ? (await t.app.inject({ url: `/contacts/${id}`, headers: { authorization: auth } })).json() : undefined;
  };

  it('accepts the public and the secret key and answers the contract envelope', async () => {
    const p = await t.make.project();
    for (const auth of [`Bearer ${p.publicKey}`, p.auth]) {
      const res = await track(auth, { email: 'Ann@Example.test', event: 'signed.up' });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        success: true,
        data: { contact: expect.any(String), event: expect.any(String), timestamp: expect.any(String) },
      });
      expect(new Date(body.data.timestamp).toISOString()).toBe(body.data.timestamp);
      const events = await listContactEvents(t.deps.db, p.id, body.data.contact);
      expect(events.at(-1)).toMatchObject({ id: body.data.event, name: 'signed.up', createdAt: body.data.timestamp });
    }
    expect((await contactByEmail(p.auth, 'ann@example.test')).email).toBe('ann@example.test');
  });

  it('answers the dashboard alias the same way, and refuses the public key there', async () => {
    const p = await t.make.project();
    const res = await track(p.auth, { email: 'alias@example.test', event: 'viewed' }, '/events/track');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.contact).toBe((await contactByEmail(p.auth, 'alias@example.test')).id);
    expectError(
      await track(`Bearer ${p.publicKey}`, { email: 'x@example.test', event: 'e' }, '/events/track'),
      403,
      'FORBIDDEN',
    );
    expect(await contactByEmail(p.auth, 'x@example.test')).toBeUndefined();
  });

  it('creates a subscribed contact unless subscribed:false is sent', async () => {
    const p = await t.make.project();
    await track(p.auth, { email: 'yes@example.test', event: 'e' });
    await track(p.auth, { email: 'no@example.test', event: 'e', subscribed: false });
    expect((await contactByEmail(p.auth, 'yes@example.test')).subscribed).toBe(true);
    expect((await contactByEmail(p.auth, 'no@example.test')).subscribed).toBe(false);
  });

  it('changes an existing contact only when subscribed is given, recording the change', async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p, { subscribed: false });
    await track(p.auth, { email: c.email, event: 'e1' });
    expect((await contactByEmail(p.auth, c.email)).subscribed).toBe(false);
    await track(p.auth, { email: c.email, event: 'e2', subscribed: true });
    expect((await contactByEmail(p.auth, c.email)).subscribed).toBe(true);
    const names = (await listContactEvents(t.deps.db, p.id, c.id)).map((e) => e.name);
    expect(names).toEqual(['e1', 'contact.subscribed', 'e2']);
  });

  it('applies the data rules to the contact and stores the plain values on the event', async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p, { data: { keep: 'k', gone: 'g', blank: 'stays' } });
    const data = { gone: null, blank: '', plan: 'pro', id: 'reserved', coupon: { value: 'X1', persistent: false } };
    const res = await track(p.auth, { email: c.email, event: 'purchase', data });
    expect(res.statusCode).toBe(200);
    expect((await contactByEmail(p.auth, c.email)).data).toEqual({ keep: 'k', blank: 'stays', plan: 'pro' });
    const [event] = (await listContactEvents(t.deps.db, p.id, c.id)).filter((e) => e.name === 'purchase');
    const stored = typeof event!.data === 'string' ? JSON.parse(event!.data) : event!.data;
    expect(stored).toEqual({ plan: 'pro', coupon: 'X1' });
  });

  it('refuses system names, blank names and bad emails with 422 and writes nothing', async () => {
    const p = await t.make.project();
    const refused = [
      { email: 'sys1@example.test', event: 'email.sent' },
      { email: 'sys2@example.test', event: 'contact.subscribed' },
      { email: 'sys3@example.test', event: 'Segment.vip.entry' },
      { email: 'sys4@example.test', event: ' email.open ' },
      { email: 'sys5@example.test', event: '   ' },
      { email: 'sys6@example.test', event: 'x'.repeat(201) },
      { email: 'sys7@example.test' },
    ];
    for (const body of refused) {
      const error = expectError(await track(p.auth, body), 422, 'VALIDATION_ERROR');
      expect(error.errors).toEqual([expect.objectContaining({ field: 'event' })]);
      expect(await contactByEmail(p.auth, body.email)).toBeUndefined();
    }
    const bad = expectError(await track(p.auth, { email: 'not-an-email', event: 'ok' }), 422, 'VALIDATION_ERROR');
    expect(bad.errors![0]).toMatchObject({ field: 'email' });
    const list = (await t.app.inject({ url: '/events', headers: { authorization: p.auth } })).json();
    expect(list.total).toBe(0);
  });

  it('trims the name', async () => {
    const p = await t.make.project();
    const res = await track(p.auth, { email: 'trim@example.test', event: '  opened.app  ' });
    const [event] = await listContactEvents(t.deps.db, p.id, res.json().data.contact);
    expect(event!.name).toBe('opened.app');
  });

  it('stores neither the contact nor the event when a listener throws', async () => {
    const p = await t.make.project();
    listened.length = 0;
    const res = await track(p.auth, { email: 'rollback@example.test', event: FAILING, data: { plan: 'x' } });
    expect(res.statusCode).toBe(500);
    expect(listened).toEqual([FAILING]);
    expect(await contactByEmail(p.auth, 'rollback@example.test')).toBeUndefined();
    const c = await t.make.contact(p, { data: { plan: 'before' } });
    expect((await track(p.auth, { email: c.email, event: FAILING, data: { plan: 'after' } })).statusCode).toBe(500);
    expect((await contactByEmail(p.auth, c.email)).data).toEqual({ plan: 'before' });
    expect(await listContactEvents(t.deps.db, p.id, c.id)).toEqual([]);
  });

  it('fails only the failing one of tracks that arrive together (they share a transaction)', async () => {
    const p = await t.make.project();
    const names = ['a', 'b', FAILING, 'c', 'd'];
    const results = await Promise.all(names.map((event, i) => track(p.auth, { email: `g${i}@example.test`, event })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 500, 200, 200]);
    for (const [i, event] of names.entries()) {
      const contact = await contactByEmail(p.auth, `g${i}@example.test`);
      if (event === FAILING) expect(contact).toBeUndefined();
      else expect((await listContactEvents(t.deps.db, p.id, contact.id)).map((e) => e.name)).toEqual([event]);
    }
  });

  it('runs the listeners on the tracked event', async () => {
    const p = await t.make.project();
    listened.length = 0;
    await track(p.auth, { email: 'l@example.test', event: 'plan.upgraded' });
    expect(listened).toEqual(['plan.upgraded']);
  });
});
