// Invariant: a segment is seen and changed only by its project; a DYNAMIC segment always has a
// checked filter and a STATIC one none; static members change only by email on STATIC segments, with
// the count kept in the same transaction; compute fires exactly one entry or exit event per contact
// whose membership changed (so a second compute fires nothing) and refresh writes and fires nothing;
// a contact write that changes membership of a tracked segment fires its event once the job runs.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { fromJson } from '../../src/db/codecs.ts';
import { newId } from '../../src/lib/ids.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { expectError } from './support.ts';

const ALL = { operator: 'AND', conditions: [] };
const NOBODY = { operator: 'OR', conditions: [] };

describe.each(DIALECTS)('segments on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const api = (p: TestProject, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: p.auth }, ...(payload ? { payload } : {}) });
  const fieldOf = (res: LightMyRequestResponse) =>
    (expectError(res, 422, 'VALIDATION_ERROR').errors![0] as { field: string }).field;
  const segmentEvents = async (projectId: string) =>
    (
      await t.deps.db
        .selectFrom('events')
        .select(['name', 'contactId', 'data'])
        .where('projectId', '=', projectId)
        .where('name', 'like', 'segment.%')
        .orderBy('id')
        .execute()
    ).map((e) => ({ name: e.name, contactId: e.contactId, data: fromJson(e.data) }));
  const memberIds = async (segmentId: string) =>
    (
      await t.deps.db
        .selectFrom('segmentMembers')
        .select('contactId')
        .where('segmentId', '=', segmentId)
        .orderBy('contactId')
        .execute()
    ).map((r) => r.contactId);
  const create = async (p: TestProject, body: object) => {
    const res = await api(p, 'POST', '/segments', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it('creates, reads, lists, patches and deletes a dynamic segment in either filter form', async () => {
    const p = await t.make.project();
    await t.make.contacts(p, 3);
    const seg = await create(p, { name: 'Everyone', filters: ALL });
    expect(seg).toEqual({
      id: expect.any(String),
      name: 'Everyone',
      description: null,
      type: 'DYNAMIC',
      filters: ALL,
      condition: expect.objectContaining({ logic: 'AND' }),
      trackMembership: false,
      memberCount: 3,
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: seg.createdAt,
    });
    const nested = await create(p, { name: 'Nested', condition: { logic: 'AND', groups: [] }, trackMembership: true });
    expect(nested).toMatchObject({ type: 'DYNAMIC', trackMembership: true, memberCount: 3 });
    expect(nested.condition).toMatchObject({ logic: 'AND' });
    expect((await api(p, 'GET', `/segments/${seg.id}`)).json()).toEqual(seg);
    expect((await api(p, 'GET', '/segments')).json().map((s: { id: string }) => s.id)).toEqual([seg.id, nested.id]);

    const patched = (
      await api(p, 'PATCH', `/segments/${seg.id}`, { name: 'No one', description: 'd', filters: NOBODY })
    ).json();
    expect(patched).toMatchObject({ name: 'No one', description: 'd', filters: NOBODY, memberCount: 0 });
    expect((await api(p, 'DELETE', `/segments/${seg.id}`)).statusCode).toBe(204);
    expectError(await api(p, 'GET', `/segments/${seg.id}`), 404, 'SEGMENT_NOT_FOUND');
    expectError(await api(p, 'DELETE', `/segments/${seg.id}`), 404, 'SEGMENT_NOT_FOUND');
  });

  it('refuses bad bodies with 422 naming the field, changing nothing', async () => {
    const p = await t.make.project();
    expect(fieldOf(await api(p, 'POST', '/segments', { name: 'D' }))).toBe('filters');
    expect(fieldOf(await api(p, 'POST', '/segments', { name: 'S', type: 'STATIC', filters: ALL }))).toBe('filters');
    const cond = { name: 'S', type: 'STATIC', condition: { logic: 'AND', groups: [] } };
    expect(fieldOf(await api(p, 'POST', '/segments', cond))).toBe('condition');
    expect(fieldOf(await api(p, 'POST', '/segments', { filters: ALL }))).toBe('name');
    expect(fieldOf(await api(p, 'POST', '/segments', { name: 'X', filters: 'all' }))).toMatch(/^filters/);
    expect(fieldOf(await api(p, 'POST', '/segments', { name: 'X', type: 'SOMETIMES', filters: ALL }))).toBe('type');
    const stat = await create(p, { name: 'Static', type: 'STATIC' });
    expect(stat).toMatchObject({ type: 'STATIC', filters: null, condition: null, memberCount: 0 });
    expect(fieldOf(await api(p, 'PATCH', `/segments/${stat.id}`, { filters: ALL }))).toBe('filters');
    const dyn = await create(p, { name: 'Dyn', filters: ALL });
    expect(fieldOf(await api(p, 'POST', `/segments/${dyn.id}/members`, { emails: ['a@x.test'] }))).toBe('id');
    expect(fieldOf(await api(p, 'PATCH', `/segments/${dyn.id}`, { condition: { logic: 'XOR' } }))).toMatch(
      /^condition/,
    );
    expect((await api(p, 'GET', '/segments')).json()).toHaveLength(2);
    expect((await api(p, 'GET', `/segments/${dyn.id}`)).json()).toEqual(dyn);
  });

  it('adds and removes static members by email, creating missing contacts when asked', async () => {
    const p = await t.make.project();
    const ann = await t.make.contact(p, { email: 'ann@s.test' });
    const seg = await create(p, { name: 'VIP', type: 'STATIC' });
    const url = `/segments/${seg.id}/members`;
    expect(fieldOf(await api(p, 'POST', url, { emails: ['ann@s.test', 'nope'] }))).toBe('emails.1');
    expect(fieldOf(await api(p, 'POST', url, { emails: [] }))).toBe('emails');
    expect(await memberIds(seg.id)).toEqual([]);

    const first = await api(p, 'POST', url, { emails: ['ANN@s.test', 'bob@s.test'] });
    expect(first.json()).toEqual({ added: 1, alreadyMembers: 0, created: 0, notFound: ['bob@s.test'] });
    const second = await api(p, 'POST', url, {
      emails: ['ann@s.test', 'bob@s.test', 'cid@s.test'],
      createMissing: true,
      subscribed: false,
    });
    expect(second.json()).toEqual({ added: 2, alreadyMembers: 1, created: 2, notFound: [] });
    const bob = (await api(p, 'POST', '/contacts/lookup', { emails: ['bob@s.test'] })).json().found[0];
    expect((await api(p, 'GET', `/contacts/${bob.id}`)).json().subscribed).toBe(false);
    expect((await api(p, 'GET', `/segments/${seg.id}`)).json().memberCount).toBe(3);

    const page = (await api(p, 'GET', `/segments/${seg.id}/contacts?pageSize=2`)).json();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2, totalPages: 2 });
    expect(page.data.map((c: { email: string }) => c.email)).toEqual(['ann@s.test', 'bob@s.test']);
    expect(page.data[0]).toEqual(ann);

    const removed = await api(p, 'DELETE', url, { emails: ['ann@s.test', 'zed@s.test'] });
    expect(removed.json()).toEqual({ removed: 1 });
    expect((await api(p, 'DELETE', url, { emails: ['ann@s.test'] })).json()).toEqual({ removed: 0 });
    expect((await api(p, 'GET', `/segments/${seg.id}`)).json().memberCount).toBe(2);
    expect(await segmentEvents(p.id)).toEqual([]);
  });

  it('fires entry and exit events on static adds and removes when the segment tracks membership', async () => {
    const p = await t.make.project();
    const ann = await t.make.contact(p, { email: 'ann@t.test' });
    const seg = await create(p, { name: 'Beta Testers!', type: 'STATIC', trackMembership: true });
    const url = `/segments/${seg.id}/members`;
    await api(p, 'POST', url, { emails: ['ann@t.test'] });
    await api(p, 'POST', url, { emails: ['ann@t.test'] });
    await api(p, 'DELETE', url, { emails: ['ann@t.test'] });
    const data = { segmentId: seg.id, segmentName: 'Beta Testers!' };
    expect(await segmentEvents(p.id)).toEqual([
      { name: 'segment.beta-testers.entry', contactId: ann.id, data },
      { name: 'segment.beta-testers.exit', contactId: ann.id, data },
    ]);
  });

  it('pages a dynamic segment live, with limit as the page size alias', async () => {
    const p = await t.make.project();
    const contacts = await t.make.contacts(p, 5);
    const seg = await create(p, { name: 'All', filters: ALL });
    const extra = await t.make.contact(p);
    const page = (await api(p, 'GET', `/segments/${seg.id}/contacts?page=2&limit=2`)).json();
    expect(page).toMatchObject({ total: 6, page: 2, pageSize: 2, totalPages: 3 });
    expect(page.data.map((c: { id: string }) => c.id)).toEqual([contacts[2]!.id, contacts[3]!.id]);
    expect((await api(p, 'GET', `/segments/${seg.id}`)).json().memberCount).toBe(5);
    const refreshed = (await api(p, 'POST', `/segments/${seg.id}/refresh`)).json();
    expect(refreshed.memberCount).toBe(6);
    expect(extra.id > contacts[4]!.id).toBe(true);
    expectError(await api(p, 'GET', `/segments/${seg.id}/contacts?pageSize=101`), 422, 'VALIDATION_ERROR');
  });

  it('previews a filter without saving: count, subscribed share, first contacts, checked as a save is', async () => {
    const p = await t.make.project();
    const [ann, , cat] = [
      await t.make.contact(p, { email: 'ann@pv.test', data: { plan: 'pro' } }),
      await t.make.contact(p, { email: 'bob@pv.test', data: { plan: 'free' } }),
      await t.make.contact(p, { email: 'cat@pv.test', subscribed: false, data: { plan: 'pro' } }),
    ];
    const pro = { operator: 'AND', conditions: [{ field: 'data.plan', operator: 'equals', value: 'pro' }] };
    const res = await api(p, 'POST', '/segments/preview', { filters: pro, sampleSize: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 2, subscribed: 1, sample: [{ id: ann.id, email: 'ann@pv.test' }] });
    const nested = { logic: 'OR', groups: [{ filters: [{ field: 'email', operator: 'startsWith', value: 'cat' }] }] };
    expect((await api(p, 'POST', '/segments/preview', { condition: nested })).json()).toMatchObject({
      count: 1,
      subscribed: 0,
      sample: [{ id: cat.id }],
    });
    expect((await api(p, 'GET', '/segments')).json()).toEqual([]);
    const bad = { operator: 'AND', conditions: [{ field: 'data.plan', operator: 'gt', value: 1 }] };
    expect(fieldOf(await api(p, 'POST', '/segments/preview', { filters: bad }))).toBe('filters.conditions[0].operator');
    expect(fieldOf(await api(p, 'POST', '/segments/preview', {}))).toBe('filters');
    // The segment under edit may not reach itself through the previewed filter.
    const seg = await create(p, { name: 'Pro', filters: pro });
    const self = { operator: 'AND', conditions: [{ field: `segment.${seg.id}`, operator: 'memberOfSegment' }] };
    expect((await api(p, 'POST', '/segments/preview', { filters: self })).json().count).toBe(2);
    expect(fieldOf(await api(p, 'POST', '/segments/preview', { filters: self, segmentId: seg.id }))).toBe(
      'filters.conditions[0].field',
    );
    const other = await t.make.project();
    expect(
      (await api(other, 'POST', '/segments/preview', { filters: { operator: 'AND', conditions: [] } })).json(),
    ).toEqual({
      count: 0,
      subscribed: 0,
      sample: [],
    });
  });

  it('refuses to delete a segment a sending campaign addresses', async () => {
    const p = await t.make.project();
    const seg = await create(p, { name: 'Audience', filters: ALL });
    const campaignId = newId();
    const now = new Date();
    await t.deps.db
      .insertInto('campaigns')
      .values({
        id: campaignId,
        projectId: p.id,
        name: 'C',
        subject: 'S',
        body: 'B',
        fromEmail: 'a@x.test',
        emailType: 'MARKETING',
        audienceType: 'SEGMENT',
        segmentId: seg.id,
        status: 'SENDING',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    expectError(await api(p, 'DELETE', `/segments/${seg.id}`), 409, 'CONFLICT');
    await t.deps.db.updateTable('campaigns').set({ status: 'SENT' }).where('id', '=', campaignId).execute();
    expect((await api(p, 'DELETE', `/segments/${seg.id}`)).statusCode).toBe(204);
  });

  it('computes exactly the membership difference, and a second compute or a refresh fires nothing', async () => {
    const p = await t.make.project();
    const [a, b] = await t.make.contacts(p, 2);
    const untracked = await create(p, { name: 'Untracked', filters: ALL });
    expectError(await api(p, 'POST', `/segments/${untracked.id}/compute`), 409, 'CONFLICT');
    const seg = await create(p, { name: 'Tracked Ones', filters: ALL, trackMembership: true });
    const compute = async () => (await api(p, 'POST', `/segments/${seg.id}/compute`)).json();
    expect(await compute()).toEqual({ memberCount: 2, entered: 2, exited: 0 });
    expect(await compute()).toEqual({ memberCount: 2, entered: 0, exited: 0 });
    const data = { segmentId: seg.id, segmentName: 'Tracked Ones' };
    expect(await segmentEvents(p.id)).toEqual([
      { name: 'segment.tracked-ones.entry', contactId: a!.id, data },
      { name: 'segment.tracked-ones.entry', contactId: b!.id, data },
    ]);

    await api(p, 'PATCH', `/segments/${seg.id}`, { filters: NOBODY });
    const before = await memberIds(seg.id);
    expect((await api(p, 'POST', `/segments/${seg.id}/refresh`)).json().memberCount).toBe(0);
    expect(await memberIds(seg.id)).toEqual(before);
    expect(await segmentEvents(p.id)).toHaveLength(2);
    expect(await compute()).toEqual({ memberCount: 0, entered: 0, exited: 2 });
    expect(await memberIds(seg.id)).toEqual([]);
    expect((await segmentEvents(p.id)).slice(2).map((e) => [e.name, e.contactId])).toEqual([
      ['segment.tracked-ones.exit', a!.id],
      ['segment.tracked-ones.exit', b!.id],
    ]);
    expect(await compute()).toEqual({ memberCount: 0, entered: 0, exited: 0 });
  });

  it('fires entry and exit after contact writes once the membership job runs', async () => {
    const p = await t.make.project();
    const seg = await create(p, { name: 'Live', filters: ALL, trackMembership: true });
    const created = await api(p, 'POST', '/contacts', { email: 'new@live.test' });
    const contact = created.json();
    expect(await segmentEvents(p.id)).toEqual([]);
    await t.deps.jobs.drain();
    expect((await segmentEvents(p.id)).map((e) => [e.name, e.contactId])).toEqual([['segment.live.entry', contact.id]]);
    expect(await memberIds(seg.id)).toEqual([contact.id]);

    // The filter stops matching; the next write to the contact re-evaluates it.
    await api(p, 'PATCH', `/segments/${seg.id}`, { filters: NOBODY });
    await api(p, 'PATCH', `/contacts/${contact.id}`, { data: { plan: 'free' } });
    await t.deps.jobs.drain();
    expect((await segmentEvents(p.id)).map((e) => e.name)).toEqual(['segment.live.entry', 'segment.live.exit']);
    expect(await memberIds(seg.id)).toEqual([]);
    // A write that changes nothing about membership fires nothing.
    await api(p, 'PATCH', `/contacts/${contact.id}`, { data: { plan: 'pro' } });
    await t.deps.jobs.drain();
    expect(await segmentEvents(p.id)).toHaveLength(2);
    expect((await api(p, 'POST', `/segments/${seg.id}/compute`)).json()).toMatchObject({ entered: 0, exited: 0 });
  });

  it('fires entry and exit as contact data and tracked events move a contact across a real filter', async () => {
    const p = await t.make.project();
    await api(p, 'POST', '/contacts', { email: 'seed@x.test', data: { plan: 'free' } });
    const pro = await create(p, {
      name: 'Pro',
      trackMembership: true,
      filters: { operator: 'AND', conditions: [{ field: 'data.plan', operator: 'equals', value: 'pro' }] },
    });
    const buyers = await create(p, {
      name: 'Buyers',
      trackMembership: true,
      condition: {
        logic: 'AND',
        groups: [{ filters: [{ field: 'event.purchase', operator: 'triggered', count: 2 }] }],
      },
    });
    const ann = (await api(p, 'POST', '/contacts', { email: 'ann@x.test', data: { plan: 'free' } })).json();
    await t.deps.jobs.drain();
    expect(await segmentEvents(p.id)).toEqual([]);

    await api(p, 'PATCH', `/contacts/${ann.id}`, { data: { plan: 'pro' } });
    await t.deps.jobs.drain();
    expect((await segmentEvents(p.id)).map((e) => [e.name, e.contactId])).toEqual([['segment.pro.entry', ann.id]]);
    expect(await memberIds(pro.id)).toEqual([ann.id]);

    // /v1/track moves her out of Pro through its data, and into Buyers on her second purchase.
    const track = (data: object) => api(p, 'POST', '/v1/track', { email: 'ann@x.test', event: 'purchase', data });
    expect((await track({ plan: 'free' })).statusCode).toBe(200);
    await t.deps.jobs.drain();
    expect((await segmentEvents(p.id)).map((e) => e.name)).toEqual(['segment.pro.entry', 'segment.pro.exit']);
    expect(await memberIds(buyers.id)).toEqual([]);
    await track({});
    await t.deps.jobs.drain();
    expect((await segmentEvents(p.id)).map((e) => e.name)).toEqual([
      'segment.pro.entry',
      'segment.pro.exit',
      'segment.buyers.entry',
    ]);
    expect(await memberIds(buyers.id)).toEqual([ann.id]);
    expect((await api(p, 'GET', `/segments/${pro.id}`)).json().memberCount).toBe(0);
    expect((await api(p, 'GET', `/events/purchase/usage`)).json().segments).toEqual([
      { id: buyers.id, name: 'Buyers' },
    ]);
    expect((await api(p, 'GET', '/contacts/fields/data.plan/usage')).json().segments).toEqual([
      { id: pro.id, name: 'Pro' },
    ]);
  });

  it('keeps a project without tracked segments to one in-memory lookup per contact write', async () => {
    const p = await t.make.project();
    await create(p, { name: 'Untracked', filters: ALL });
    await api(p, 'POST', '/contacts', { email: 'quiet@x.test' });
    expect(t.deps.trackedSegments.get(p.id)?.segmentIds).toEqual([]);
    const tracked = await create(p, { name: 'Tracked', filters: ALL, trackMembership: true });
    // Creating a tracked segment forgot the project: the next write reads the database again.
    expect(t.deps.trackedSegments.get(p.id)).toBeUndefined();
    await api(p, 'POST', '/contacts', { email: 'loud@x.test' });
    expect(t.deps.trackedSegments.get(p.id)?.segmentIds).toEqual([tracked.id]);
  });
});
