// Invariant: a campaign goes DRAFT → (SCHEDULED →) SENDING → SENT and reaches every subscribed,
// unsuppressed contact of its audience exactly once, at a real SMTP sink, whatever runs twice; it
// changes only as a DRAFT, cannot be deleted while SENDING, and a cancel either returns it to DRAFT
// (nothing handed to the transport yet) or ends it CANCELLED with its unsent recipients never sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignTick } from '../../src/campaigns/campaigns.jobs.ts';
import { runDispatch } from '../../src/campaigns/dispatch/dispatch.ts';
import { newId } from '../../src/lib/ids.ts';
import { deliverDue } from '../../src/sending/delivery.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { type SmtpSink, startSmtpSink } from '../servers/smtp-sink.ts';
import { expectError } from './support.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Errors = { errors?: Array<{ field: string }> };

describe.each(DIALECTS)('campaigns on %s', (dialect) => {
  let sink: SmtpSink;
  // Registered before useTestEnv's hooks, which read the sink's address.
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => sink?.close());
  const t = useTestEnv({
    dialect,
    env: () => ({ SMTP_URL: sink.url, MAIL_TRANSPORT: 'smtp', REQUIRE_VERIFIED_DOMAIN: 'true' }),
  });

  const api = (p: TestProject, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: p.auth }, ...(payload ? { payload } : {}) });
  const domains = new Map<string, string>();
  const body = (p: TestProject, over: Record<string, unknown> = {}) => ({
    name: 'Spring news',
    subject: 'News for {{ email }}',
    body: '<p>Hello {{ name ?? "friend" }}</p>',
    from: `news@${domains.get(p.id)}`,
    audienceType: 'ALL',
    type: 'MARKETING',
    ...over,
  });
  const to = (address: string) => sink.messages.filter((m) => m.to.includes(address));

  async function project() {
    const p = await t.make.project();
    const domain = `camp${domains.size}.test`;
    domains.set(p.id, domain);
    const { id } = (await api(p, 'POST', '/domains', { domain })).json();
    await t.deps.db.updateTable('domains').set({ status: 'VERIFIED' }).where('id', '=', id).execute();
    return p;
  }
  async function create(p: TestProject, over: Record<string, unknown> = {}): Promise<string> {
    const res = await api(p, 'POST', '/campaigns', body(p, over));
    expect(res.statusCode).toBe(201);
    return res.json().data.id;
  }
  /** Runs jobs and the minutely tick until the campaign has left SENDING. */
  async function settle(p: TestProject, id: string) {
    for (let i = 0; i < 50; i++) {
      await t.deps.jobs.drain();
      await campaignTick(t.deps);
      const { status } = (await api(p, 'GET', `/campaigns/${id}`)).json();
      if (status !== 'SENDING') return status;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('campaign still SENDING');
  }
  const rowsOf = (id: string) =>
    t.deps.db
      .selectFrom('emails')
      .selectAll()
      .where('sourceType', '=', 'CAMPAIGN')
      .where('sourceId', '=', id)
      .execute();

  it('creates (wrapped), lists, reads, replaces and duplicates a DRAFT', async () => {
    const p = await project();
    const res = await api(
      p,
      'POST',
      '/campaigns',
      body(p, { description: 'd', fromName: 'News', replyTo: 'R@Camp.test' }),
    );
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      success: true,
      data: {
        id: created.data.id,
        name: 'Spring news',
        subject: 'News for {{ email }}',
        type: 'ALL',
        status: 'DRAFT',
        scheduledAt: null,
      },
    });
    const id = created.data.id;
    const one = (await api(p, 'GET', `/campaigns/${id}`)).json();
    expect(one).toMatchObject({
      id,
      description: 'd',
      from: `news@${domains.get(p.id)}`,
      fromName: 'News',
      replyTo: 'r@camp.test',
      emailType: 'MARKETING',
      audienceType: 'ALL',
      type: 'ALL',
      segmentId: null,
      audienceFilter: null,
      totalRecipients: 0,
    });
    const put = await api(
      p,
      'PUT',
      `/campaigns/${id}`,
      body(p, {
        name: 'Renamed',
        emailType: 'HEADLESS',
        audienceType: 'FILTERED',
        audienceFilter: { operator: 'AND', conditions: [] },
      }),
    );
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Renamed', emailType: 'HEADLESS', type: 'FILTERED', description: null });
    expect(put.json().audienceFilter).toEqual({ operator: 'AND', conditions: [] });
    const copy = await api(p, 'POST', `/campaigns/${id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ name: 'Renamed (copy)', status: 'DRAFT', audienceType: 'FILTERED' });
    const list = (await api(p, 'GET', '/campaigns?pageSize=1')).json();
    expect(list).toMatchObject({ page: 1, pageSize: 1, total: 2, totalPages: 2 });
    expect(list.campaigns[0].id).toBe(copy.json().id);
    expect((await api(p, 'GET', '/campaigns?status=SENT')).json().total).toBe(0);
  });

  it('refuses bad bodies with the field named, and a sender off the verified domains with 403', async () => {
    const p = await project();
    const field = async (over: Record<string, unknown>) =>
      (expectError(await api(p, 'POST', '/campaigns', body(p, over)), 422, 'VALIDATION_ERROR') as Errors).errors![0]!
        .field;
    expect(await field({ audienceType: 'SEGMENT' })).toBe('segmentId');
    expect(await field({ audienceType: 'SEGMENT', segmentId: '0190a0a0-0000-7000-8000-000000000000' })).toBe(
      'segmentId',
    );
    expect(await field({ audienceType: 'FILTERED' })).toBe('audienceFilter');
    expect(await field({ audienceType: 'FILTERED', audienceFilter: { operator: 'XOR', conditions: [] } })).toMatch(
      /^audienceFilter/,
    );
    expect(await field({ type: 'LOUD' })).toBe('type');
    expect(await field({ subject: 'a\nb' })).toBe('subject');
    expect(await field({ body: '{% if %}' })).toBe('body');
    expectError(await api(p, 'POST', '/campaigns', body(p, { from: 'x@elsewhere.test' })), 403, 'UNVERIFIED_DOMAIN');
    expect((await api(p, 'GET', '/campaigns')).json().total).toBe(0);
  });

  it('sends now to every subscribed, unsuppressed contact once, ends SENT and counts it', async () => {
    const p = await project();
    const subscribed = await t.make.contacts(p, 3);
    const off = await t.make.contact(p, { subscribed: false });
    const blocked = await t.make.contact(p);
    await t.deps.db
      .insertInto('suppressions')
      .values({ id: newId(), projectId: p.id, email: blocked.email, reason: 'BOUNCE', createdAt: new Date() })
      .execute();
    const id = await create(p);
    // The body is optional (it may carry scheduledFor): a send without one sends now.
    const sent = await api(p, 'POST', `/campaigns/${id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'SENDING', totalRecipients: 3 });
    expectError(await api(p, 'DELETE', `/campaigns/${id}`), 409, 'CONFLICT');
    expectError(await api(p, 'PUT', `/campaigns/${id}`, body(p)), 409, 'CONFLICT');
    expectError(await api(p, 'POST', `/campaigns/${id}/send`, {}), 409, 'CONFLICT');
    expect(await settle(p, id)).toBe('SENT');
    for (const c of subscribed) {
      const got = to(c.email);
      expect(got).toHaveLength(1);
      expect(got[0]!.subject).toBe(`News for ${c.email}`);
      expect(got[0]!.headers['list-unsubscribe']).toBeDefined();
    }
    expect(to(off.email)).toHaveLength(0);
    expect(to(blocked.email)).toHaveLength(0);
    const view = (await api(p, 'GET', `/campaigns/${id}`)).json();
    expect(view.sentAt).not.toBeNull();
    expect((await api(p, 'GET', `/campaigns/${id}/stats`)).json()).toEqual({
      totalRecipients: 3,
      sentCount: 3,
      deliveredCount: 0,
      openedCount: 0,
      clickedCount: 0,
      bouncedCount: 0,
      complainedCount: 0,
      unsubscribedCount: 0,
      openRate: 0,
      clickRate: 0,
      bounceRate: 0,
    });
    // A test send: prefixed, outside the campaign's rows and stats.
    const test = await api(p, 'POST', `/campaigns/${id}/test`, { email: 'Tester@Example.test' });
    expect(test.statusCode).toBe(200);
    await t.deps.jobs.drain();
    expect(to('tester@example.test').map((m) => m.subject)).toEqual(['[TEST] News for tester@example.test']);
    expect(await rowsOf(id)).toHaveLength(3);
    expect((await api(p, 'GET', `/campaigns/${id}/stats`)).json().sentCount).toBe(3);
    expect((await api(p, 'DELETE', `/campaigns/${id}`)).statusCode).toBe(204);
  });

  it('refuses a past or unparseable time and an empty audience with 422', async () => {
    const p = await project();
    const id = await create(p);
    const past = new Date(Date.now() - 60_000).toISOString();
    const field = async (payload: object) =>
      (expectError(await api(p, 'POST', `/campaigns/${id}/send`, payload), 422, 'VALIDATION_ERROR') as Errors)
        .errors![0]!.field;
    expect(await field({ scheduledFor: past })).toBe('scheduledFor');
    expect(await field({ scheduledFor: 'next tuesday' })).toBe('scheduledFor');
    expect(await field({})).toBe('audienceType'); // no contacts at all
    await t.make.contact(p, { subscribed: false });
    expect(await field({})).toBe('audienceType'); // none subscribed for MARKETING
    expect((await api(p, 'GET', `/campaigns/${id}`)).json().status).toBe('DRAFT');
  });

  it('starts a scheduled campaign at its time; a cancel before then returns it to DRAFT', async () => {
    const p = await project();
    const [ann] = await t.make.contacts(p, 1);
    const later = await create(p);
    const soon = await create(p);
    const far = new Date(Date.now() + 3_600_000).toISOString();
    const s1 = await api(p, 'POST', `/campaigns/${later}/send`, { scheduledFor: far });
    expect(s1.json()).toMatchObject({ status: 'SCHEDULED', scheduledAt: far });
    const cancelled = await api(p, 'POST', `/campaigns/${later}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'DRAFT', scheduledAt: null });
    expectError(await api(p, 'POST', `/campaigns/${later}/cancel`), 409, 'CONFLICT');

    const at = new Date(Date.now() + 1200);
    await api(p, 'POST', `/campaigns/${soon}/send`, { scheduledFor: at.toISOString() });
    await t.deps.jobs.drain();
    expect((await api(p, 'GET', `/campaigns/${soon}`)).json().status).toBe('SCHEDULED');
    await new Promise((r) => setTimeout(r, at.getTime() - Date.now() + 50));
    expect(await settle(p, soon)).toBe('SENT');
    expect(to(ann!.email)).toHaveLength(1);
  });

  it('cancels mid-send: CANCELLED once mail went out, the rest never sent; DRAFT when none had', async () => {
    const p = await project();
    const contacts = await t.make.contacts(p, 25);
    const id = await create(p);
    await api(p, 'POST', `/campaigns/${id}/send`, {});
    // One batch of ten into the outbox, and out to the sink.
    await runDispatch(t.deps, id, { batchSize: 10, shouldStop: () => true });
    await deliverDue(t.deps, 5000);
    const cancelled = await api(p, 'POST', `/campaigns/${id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED' });
    expect(cancelled.json().cancelledAt).not.toBeNull();
    await t.deps.jobs.drain();
    const got = contacts.filter((c) => to(c.email).length > 0);
    expect(got).toHaveLength(10);
    expect((await rowsOf(id)).every((r) => r.status === 'SENT')).toBe(true);
    expect((await api(p, 'GET', `/campaigns/${id}`)).json().status).toBe('CANCELLED');

    // Rows stored but none handed to the transport: back to DRAFT, and it can be sent again.
    const again = await create(p);
    await api(p, 'POST', `/campaigns/${again}/send`, {});
    await runDispatch(t.deps, again, { batchSize: 10, shouldStop: () => true });
    expect(await rowsOf(again)).toHaveLength(10);
    expect((await api(p, 'POST', `/campaigns/${again}/cancel`)).json().status).toBe('DRAFT');
    expect(await rowsOf(again)).toHaveLength(0);
    await api(p, 'POST', `/campaigns/${again}/send`, {});
    expect(await settle(p, again)).toBe('SENT');
    expect(await rowsOf(again)).toHaveLength(25);
  });

  it("sends a SEGMENT campaign to the segment's members only", async () => {
    const p = await project();
    const [ann, bob, cat] = await t.make.contacts(p, 3);
    const segment = (await api(p, 'POST', '/segments', { name: 'VIPs', type: 'STATIC' })).json();
    await api(p, 'POST', `/segments/${segment.id}/members`, { emails: [ann!.email, cat!.email] });
    const id = await create(p, { audienceType: 'SEGMENT', segmentId: segment.id });
    expect((await api(p, 'POST', `/campaigns/${id}/send`, {})).json().totalRecipients).toBe(2);
    expect(await settle(p, id)).toBe('SENT');
    expect([ann, bob, cat].map((c) => to(c!.email).length)).toEqual([1, 0, 1]);
  });

  it('sends a FILTERED campaign, and one to a dynamic segment, to the contacts their filter selects', async () => {
    const p = await project();
    const plans = ['pro', 'free', 'pro', 'team'];
    const people = [];
    for (const [i, plan] of plans.entries()) {
      people.push((await api(p, 'POST', '/contacts', { email: `f${i}@filter.test`, data: { plan, seats: i } })).json());
    }
    const filtered = await create(p, {
      audienceType: 'FILTERED',
      audienceFilter: { operator: 'AND', conditions: [{ field: 'data.plan', operator: 'equals', value: 'pro' }] },
    });
    expect((await api(p, 'POST', `/campaigns/${filtered}/send`, {})).json().totalRecipients).toBe(2);
    expect(await settle(p, filtered)).toBe('SENT');
    expect(people.map((c) => to(c.email).length)).toEqual([1, 0, 1, 0]);

    const segment = (
      await api(p, 'POST', '/segments', {
        name: 'Big teams',
        condition: { logic: 'AND', groups: [{ filters: [{ field: 'data.seats', operator: 'gte', value: 2 }] }] },
      })
    ).json();
    const bySegment = await create(p, { audienceType: 'SEGMENT', segmentId: segment.id });
    expect(await settle(p, (await api(p, 'POST', `/campaigns/${bySegment}/send`, {})).json().id)).toBe('SENT');
    expect(people.map((c) => to(c.email).length)).toEqual([1, 0, 2, 1]);
    // A filter that does not fit the field is refused at create, naming the path.
    const bad = await api(p, 'POST', '/campaigns', {
      ...body(p),
      audienceType: 'FILTERED',
      audienceFilter: { operator: 'AND', conditions: [{ field: 'data.plan', operator: 'gt', value: 3 }] },
    });
    expect(expectError(bad, 422, 'VALIDATION_ERROR').errors![0]).toMatchObject({
      field: expect.stringContaining('audienceFilter'),
    });
  });

  it('previews an audience unsaved: who it selects and whom a send now would reach', async () => {
    const p = await project();
    await api(p, 'POST', '/contacts', { email: 'a@aud.test', data: { plan: 'pro' } });
    await api(p, 'POST', '/contacts', { email: 'b@aud.test', subscribed: false, data: { plan: 'pro' } });
    await api(p, 'POST', '/contacts', { email: 'c@aud.test', data: { plan: 'free' } });
    const preview = async (b: object) => {
      const res = await api(p, 'POST', '/campaigns/audience', b);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await preview({ audienceType: 'ALL' })).toEqual({ matching: 3, recipients: 2 });
    expect(await preview({ audienceType: 'ALL', emailType: 'TRANSACTIONAL' })).toEqual({ matching: 3, recipients: 3 });
    const pro = { operator: 'AND', conditions: [{ field: 'data.plan', operator: 'equals', value: 'pro' }] };
    expect(await preview({ audienceType: 'FILTERED', audienceFilter: pro })).toEqual({ matching: 2, recipients: 1 });
    const segment = (await api(p, 'POST', '/segments', { name: 'Pro', filters: pro })).json();
    expect(await preview({ audienceType: 'SEGMENT', segmentId: segment.id })).toEqual({ matching: 2, recipients: 1 });
    const missing = expectError(
      await api(p, 'POST', '/campaigns/audience', { audienceType: 'SEGMENT' }),
      422,
      'VALIDATION_ERROR',
    );
    expect((missing as Errors).errors![0]!.field).toBe('segmentId');
    expect((await api(p, 'GET', '/campaigns')).json().total).toBe(0);
  });

  it('answers the time series of a sent campaign: every email once per metric, in hour buckets', async () => {
    const p = await project();
    await t.make.contacts(p, 3);
    const id = await create(p);
    expect((await api(p, 'GET', `/campaigns/${id}/timeseries`)).json()).toEqual({ interval: 'hour', data: [] });
    await api(p, 'POST', `/campaigns/${id}/send`, {});
    expect(await settle(p, id)).toBe('SENT');
    const [first] = await rowsOf(id);
    await t.deps.db.updateTable('emails').set({ openedAt: new Date() }).where('id', '=', first!.id).execute();
    const series = (await api(p, 'GET', `/campaigns/${id}/timeseries`)).json();
    expect(series.interval).toBe('hour');
    const sum = (k: string) => series.data.reduce((n: number, b: Record<string, number>) => n + b[k]!, 0);
    expect([sum('sent'), sum('opened'), sum('delivered'), sum('clicked')]).toEqual([3, 1, 1, 0]);
    expect(series.data[0].start).toMatch(/T\d\d:00:00\.000Z$/);
    const daily = (await api(p, 'GET', `/campaigns/${id}/timeseries?interval=day`)).json();
    expect(daily.data).toHaveLength(1);
    expect(daily.data[0]).toMatchObject({ sent: 3, opened: 1, start: expect.stringMatching(/T00:00:00\.000Z$/) });
    expectError(
      await api(p, 'GET', '/campaigns/0190a0a0-0000-7000-8000-000000000000/timeseries'),
      404,
      'CAMPAIGN_NOT_FOUND',
    );
  });

  it('gives each recipient one row when dispatch runs twice or two runs race', async () => {
    const p = await project();
    await t.make.contacts(p, 30);
    const id = await create(p);
    await api(p, 'POST', `/campaigns/${id}/send`, {});
    await Promise.all([runDispatch(t.deps, id, { batchSize: 7 }), runDispatch(t.deps, id, { batchSize: 7 })]);
    // Replay the whole walk from the start, as a run that lost its commit acknowledgement would.
    await t.deps.db
      .updateTable('campaignDispatches')
      .set({ status: 'processing', cursor: '', leaseUntil: null })
      .where('id', '=', id)
      .execute();
    await runDispatch(t.deps, id, { batchSize: 4 });
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => r.contactId)).size).toBe(30);
    expect(await settle(p, id)).toBe('SENT');
  });
});
