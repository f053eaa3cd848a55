// Invariant: the /events API answers only the caller's project: lists page newest first with their
// filters and a first-page total, counts and names come from the counters the triggers keep (and follow
// deletions), usage comes from the lookups given at composition, and DELETE /events/:eventName removes
// exactly that name in that project.
import { describe, expect, it } from 'vitest';
import { recordEvents } from '../../src/events/events.service.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { expectError } from './support.ts';

const T0 = new Date('2026-06-15T12:30:00.000Z');
const HOUR = 3_600_000;

describe.each(DIALECTS)('events API on %s', (dialect) => {
  const clock = manualClock(T0);
  const t = useTestEnv({
    dialect,
    clock,
    eventUsage: () => [
      async (_projectId, name) => (name === 'used.event' ? { workflows: [{ id: 'w1', name: 'Onboarding' }] } : {}),
    ],
  });
  const get = (auth: string, url: string) => t.app.inject({ url, headers: { authorization: auth } });
  const track = async (auth: string, email: string, event: string, data: object = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/track',
      headers: { authorization: auth },
      payload: { email, event, data },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { contact: string; event: string; timestamp: string };
  };

  it('lists events newest first in pages, with the total on the first page only', async () => {
    const p = await t.make.project();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await track(p.auth, 'pager@example.test', 'page.me', { i })).event);
    const first = (await get(p.auth, '/events?limit=2')).json();
    expect(first.data.map((e: { id: string }) => e.id)).toEqual([ids[4], ids[3]]);
    expect(first).toMatchObject({ hasMore: true, total: 5 });
    expect(first.data[0]).toEqual({
      id: ids[4],
      name: 'page.me',
      contactId: expect.any(String),
      data: { i: 4 },
      createdAt: T0.toISOString(),
    });
    const second = (await get(p.auth, `/events?limit=2&cursor=${first.cursor}`)).json();
    expect(second.data.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[1]]);
    expect(second.total).toBe(0);
    const last = (await get(p.auth, `/events?limit=2&cursor=${second.cursor}`)).json();
    expect(last).toMatchObject({ hasMore: false, cursor: '' });
    expect(last.data.map((e: { id: string }) => e.id)).toEqual([ids[0]]);
    expectError(await get(p.auth, '/events?cursor=garbage'), 422, 'VALIDATION_ERROR');
    expectError(await get(p.auth, '/events?limit=101'), 422, 'VALIDATION_ERROR');
  });

  it('filters by name, contact and time, counting what matches', async () => {
    const p = await t.make.project();
    clock.set(new Date(T0.getTime() - 48 * HOUR));
    const ann = await track(p.auth, 'ann@example.test', 'old.one');
    clock.set(T0);
    await track(p.auth, 'ann@example.test', 'new.one');
    const bob = await track(p.auth, 'bob@example.test', 'new.one');
    const names = async (query: string) => {
      const body = (await get(p.auth, `/events?${query}`)).json();
      return {
        names: body.data.map((e: { name: string; contactId: string }) => `${e.name}:${e.contactId}`),
        total: body.total,
      };
    };
    expect(await names('name=new.one')).toEqual({
      names: [`new.one:${bob.contact}`, `new.one:${ann.contact}`],
      total: 2,
    });
    expect(await names(`contactId=${ann.contact}`)).toEqual({
      names: [`new.one:${ann.contact}`, `old.one:${ann.contact}`],
      total: 2,
    });
    const yesterday = new Date(T0.getTime() - 24 * HOUR).toISOString();
    expect((await names(`from=${yesterday}`)).total).toBe(2);
    expect(await names(`to=${yesterday}`)).toEqual({ names: [`old.one:${ann.contact}`], total: 1 });
    // A bare date as `to` takes in that whole day.
    expect((await names(`to=${T0.toISOString().slice(0, 10)}`)).total).toBe(3);
    expect((await names(`from=2026-06-13T12:30:00&to=2026-06-13T12:30:00`)).total).toBe(1);
    // Years PostgreSQL cannot hold (0, six digits) were a 500 there; 0050 was read as 1950.
    const outOfRange = ['from=0000-01-01', 'to=0000-01-01T00:00:00Z', 'from=0050-01-01', 'to=+010000-01-01T00:00:00Z'];
    for (const bad of ['from=yesterday', 'to=2026-13-45', 'from=1', ...outOfRange])
      expect(expectError(await get(p.auth, `/events?${bad}`), 422, 'VALIDATION_ERROR').errors![0]).toMatchObject({
        field: bad.split('=')[0],
      });
  });

  it("lists one contact's events, and 404s a contact that is not the project's", async () => {
    const p = await t.make.project();
    const other = await t.make.project();
    const a = await track(p.auth, 'one@example.test', 'a');
    await track(p.auth, 'one@example.test', 'b');
    await track(p.auth, 'two@example.test', 'a');
    const res = (await get(p.auth, `/events/contact/${a.contact}?limit=1`)).json();
    expect(res).toMatchObject({ hasMore: true, total: 2 });
    expect(res.data[0].name).toBe('b');
    expectError(await get(other.auth, `/events/contact/${a.contact}`), 404, 'CONTACT_NOT_FOUND');
    expectError(await get(p.auth, '/events/contact/not-an-id'), 404, 'CONTACT_NOT_FOUND');
  });

  it('counts totals, recent windows in whole hours and the most frequent names', async () => {
    const p = await t.make.project();
    const at = async (hoursAgo: number, event: string) => {
      clock.set(new Date(T0.getTime() - hoursAgo * HOUR));
      await track(p.auth, 'stats@example.test', event);
    };
    await at(31 * 24, 'ancient');
    await at(3 * 24, 'login');
    await at(2, 'login');
    await at(0, 'login');
    clock.set(T0);
    const c = await t.make.contact(p);
    await t.app.inject({
      method: 'PATCH',
      url: `/contacts/${c.id}`,
      headers: { authorization: p.auth },
      payload: { subscribed: false },
    });
    const stats = (await get(p.auth, '/events/stats')).json();
    expect(stats).toEqual({
      total: 5,
      distinctNames: 3,
      last24h: 3,
      last7d: 4,
      last30d: 4,
      byName: [
        { name: 'login', count: 3, lastSeenAt: T0.toISOString(), system: false },
        { name: 'ancient', count: 1, lastSeenAt: new Date(T0.getTime() - 31 * 24 * HOUR).toISOString(), system: false },
        { name: 'contact.unsubscribed', count: 1, lastSeenAt: T0.toISOString(), system: true },
      ],
    });
    const names = (await get(p.auth, '/events/names')).json().names;
    expect(names.map((n: { name: string; system: boolean }) => [n.name, n.system])).toEqual([
      ['ancient', false],
      ['contact.unsubscribed', true],
      ['login', false],
    ]);
  });

  it('answers usage from the lookups given at composition', async () => {
    const p = await t.make.project();
    expect((await get(p.auth, '/events/used.event/usage')).json()).toEqual({
      segments: [],
      workflows: [{ id: 'w1', name: 'Onboarding' }],
    });
    expect((await get(p.auth, `/events/${encodeURIComponent('never used/ü')}/usage`)).json()).toEqual({
      segments: [],
      workflows: [],
    });
    expectError(await get(p.auth, `/events/${'x'.repeat(201)}/usage`), 422, 'VALIDATION_ERROR');
  });

  it('deletes every event of one name in one project only, in slices, and the counts follow', async () => {
    const p = await t.make.project();
    const other = await t.make.project();
    const kept = await track(p.auth, 'del@example.test', 'keep.me');
    await track(other.auth, 'del@example.test', 'drop.me');
    const many = Array.from({ length: 5003 }, () => ({ projectId: p.id, contactId: kept.contact, name: 'drop.me' }));
    await recordEvents(t.deps, many);
    const res = await t.app.inject({ method: 'DELETE', url: '/events/drop.me', headers: { authorization: p.auth } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 5003 });
    expect((await get(p.auth, '/events')).json().data.map((e: { name: string }) => e.name)).toEqual(['keep.me']);
    expect((await get(p.auth, '/events/stats')).json()).toMatchObject({ total: 1, distinctNames: 1 });
    expect((await get(p.auth, '/events/names')).json().names.map((n: { name: string }) => n.name)).toEqual(['keep.me']);
    expect((await get(other.auth, '/events?name=drop.me')).json().total).toBe(1);
    const again = await t.app.inject({ method: 'DELETE', url: '/events/drop.me', headers: { authorization: p.auth } });
    expect(again.json()).toEqual({ deleted: 0 });
  });

  it('refuses the public key on every /events route', async () => {
    const p = await t.make.project();
    const pk = `Bearer ${p.publicKey}`;
    for (const url of ['/events', '/events/stats', '/events/names', '/events/x/usage', `/events/contact/${p.id}`])
      expectError(await get(pk, url), 403, 'FORBIDDEN');
    const del = await t.app.inject({ method: 'DELETE', url: '/events/x', headers: { authorization: pk } });
    expectError(del, 403, 'FORBIDDEN');
  });
});
