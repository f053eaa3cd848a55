// Invariant: GET /activity pages a project's activity newest first by (createdAt, id) with no item
// twice and none missing, even among items of one instant and while new ones arrive; every kind the
// spec lists reaches it through the real write paths (sends and their outcomes, suppression, tracked
// events, subscription changes, campaign and workflow milestones), naming its contact, email,
// campaign and workflow; filters narrow it; /activity/upcoming lists what is scheduled or waiting;
// another project's activity never appears anywhere.
import { describe, expect, it } from 'vitest';
import { campaignTick } from '../../src/campaigns/campaigns.jobs.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { mailAt } from './analytics-helpers.ts';
import { expectError } from './support.ts';
import { workflowHelpers } from './workflow-helpers.ts';

type Item = {
  id: string;
  type: string;
  createdAt: string;
  contact?: { id: string; email: string };
  email?: { id: string; subject: string };
  campaign?: { id: string; name: string };
  workflow?: { id: string; name: string };
  event?: { name: string };
  data: Record<string, unknown>;
};

// Milestones and waits run a year ahead of the real time: PostgreSQL's job queue runs jobs by the
// database's clock, so a due time the manual clock has not reached must be in the real future too.
const D = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
const LATER = new Date(Date.parse(D) + 7 * 86_400_000 + 9 * 3_600_000).toISOString();

describe.each(DIALECTS)('activity feed on %s', (dialect) => {
  const clock = manualClock(new Date('2026-06-01T08:00:00.000Z'));
  const t = useTestEnv({ dialect, clock });
  const mail = mailAt(t, clock);
  const h = workflowHelpers(t);
  const get = (p: TestProject, url: string) => t.app.inject({ url, headers: { authorization: p.auth } });
  const feed = async (p: TestProject, query = '') => {
    const res = await get(p, `/activity?limit=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Item[]; cursor: string; hasMore: boolean; total: number };
  };
  /** Every page of a query, `size` at a time; `between` runs after the first page. */
  async function allPages(p: TestProject, size: number, query = '', between?: () => Promise<void>) {
    const items: Item[] = [];
    const totals: number[] = [];
    let cursor = '';
    do {
      const res = await get(p, `/activity?limit=${size}${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      expect(page.data.length).toBeLessThanOrEqual(size);
      items.push(...page.data);
      totals.push(page.total);
      cursor = page.cursor;
      expect(page.hasMore).toBe(cursor !== '');
      if (totals.length === 1) await between?.();
    } while (cursor);
    return { items, totals };
  }
  const newestFirst = (items: Item[]) =>
    [...items].sort((a, b) =>
      a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
    );

  let p: TestProject;

  it('pages newest first with no duplicates or gaps, among items of one instant and while new ones arrive', async () => {
    p = await t.make.project();
    // Three instants, ten items each: six tracked events, and two contacts opting out by a tracked
    // event (the event, and contact.unsubscribed for the change).
    for (const [i, at] of [
      '2026-06-01T08:00:00.000Z',
      '2026-06-01T08:00:01.000Z',
      '2026-06-01T09:30:00.000Z',
    ].entries()) {
      clock.set(new Date(at));
      for (let k = 0; k < 6; k++) await h.track(p, `t${i}-${k}@example.test`, `step${k % 2}`, { k });
      for (let k = 0; k < 2; k++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/v1/track',
          headers: { authorization: p.auth },
          payload: { email: `t${i}-${k}@example.test`, event: 'optout', subscribed: false },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    const all = await feed(p);
    expect(all.hasMore).toBe(false);
    expect(all.total).toBe(all.data.length);
    expect(all.data.length).toBe(30);
    expect(all.data).toEqual(newestFirst(all.data));
    const pages = await allPages(p, 7, '', async () => {
      // Newer activity during the paging: not in the later pages, nothing skipped.
      clock.set(new Date('2026-06-01T10:00:00.000Z'));
      await h.track(p, 'late@example.test', 'step0');
    });
    expect(pages.items.map((i) => i.id)).toEqual(all.data.map((i) => i.id));
    expect(pages.totals).toEqual([30, 0, 0, 0, 0]);
    // An event's item carries the event's own data.
    const step = all.data.find((i) => i.event?.name === 'step1')!;
    expect(step).toMatchObject({
      type: 'event.triggered',
      contact: { email: expect.stringMatching(/@example\.test$/) },
    });
    expect(step.data).toEqual({ k: expect.any(Number) });
    expect(step.data.k as number).toBeOneOf([1, 3, 5]);
  });

  it('filters by one type, a list of types, a contact and a time range', async () => {
    const onlyEvents = await allPages(p, 5, '&type=event.triggered');
    expect(onlyEvents.items.map((i) => i.type)).toEqual(Array(25).fill('event.triggered'));
    expect((await feed(p, '&type=contact.unsubscribed')).data).toHaveLength(6);
    const both = await feed(p, '&type=event.triggered,contact.unsubscribed');
    expect(both.total).toBe(31);
    expect(both.data).toEqual(newestFirst(both.data));
    const paged = await allPages(p, 4, '&type=contact.unsubscribed,event.triggered');
    expect(paged.items.map((i) => i.id)).toEqual(both.data.map((i) => i.id));
    const one = both.data.find((i) => i.contact?.email === 't1-1@example.test')!;
    const ofContact = await feed(p, `&contactId=${one.contact!.id}`);
    expect(ofContact.data.map((i) => i.type).sort()).toEqual([
      'contact.unsubscribed',
      'event.triggered',
      'event.triggered',
    ]);
    const window = await feed(p, '&from=2026-06-01T08:00:01Z&to=2026-06-01T09:30:00Z');
    expect(window.data).toHaveLength(10);
    expect(window.data.every((i) => i.createdAt === '2026-06-01T08:00:01.000Z')).toBe(true);
    expect((await feed(p, '&from=2026-06-02')).data).toEqual([]);
    // Instants PostgreSQL cannot compare (year 0, 6-digit years) are 422s, never 500s.
    const cursorAt = (at: string) => Buffer.from(JSON.stringify({ at, id: one.id })).toString('base64url');
    for (const q of [
      'type=email.nope',
      'type=',
      'cursor=abc',
      'from=soon',
      'limit=101',
      'limit=0',
      `cursor=${cursorAt('0000-01-01T00:00:00.000Z')}`,
      `cursor=${cursorAt('+010000-01-01T00:00:00.000Z')}`,
      'from=0000-01-01T00:00:00Z',
      'from=0000-01-01',
      'to=0099-12-31T00:00:00Z',
    ]) {
      expectError(await get(p, `/activity?${q}`), 422, 'VALIDATION_ERROR');
    }
    // The widest range reads as every item.
    const widest = await feed(p, '&from=1000-01-01&to=9999-12-31T23:00:00-05:00');
    expect(widest.data).toHaveLength(31);
    expect(widest.data.map((i) => i.id)).toEqual((await feed(p)).data.map((i) => i.id));
    expect((await feed(p, `&cursor=${cursorAt('9999-12-31T23:59:59.999Z')}`)).data).toHaveLength(31);
  });

  it('reports sends and their outcomes, suppression, campaign and workflow milestones, naming what they concern', async () => {
    const q = await t.make.project();
    const e1 = await mail.send(q, 'ann@example.test', `${D}T10:00:00.000Z`, 'Welcome');
    await mail.deliver(e1, `${D}T10:01:00.000Z`);
    await mail.open(q, e1, `${D}T10:02:00.000Z`);
    await mail.click(q, e1, `${D}T10:03:00.000Z`);
    const e2 = await mail.send(q, 'bob@example.test', `${D}T10:04:00.000Z`, 'Hi Bob');
    await mail.bounce(e2, `${D}T10:05:00.000Z`);
    // Bob's address is suppressed now: the next email to him is stored SUPPRESSED, never sent.
    const e3 = await mail.send(q, 'bob@example.test', `${D}T10:06:00.000Z`, 'Again');

    const { id: domainId } = (
      await t.app.inject({
        method: 'POST',
        url: '/domains',
        headers: { authorization: q.auth },
        payload: { domain: 'news.test' },
      })
    ).json();
    await t.deps.db.updateTable('domains').set({ status: 'VERIFIED' }).where('id', '=', domainId).execute();
    const campaign = async (name: string, send: Record<string, unknown>) => {
      const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
        t.app.inject({ method, url, headers: { authorization: q.auth }, ...(payload ? { payload } : {}) });
      const created = await api('POST', '/campaigns', {
        name,
        subject: 'News',
        body: '<p>News</p>',
        from: 'hello@news.test',
        audienceType: 'ALL',
        type: 'TRANSACTIONAL',
      });
      const id = created.json().data.id as string;
      expect((await api('POST', `/campaigns/${id}/send`, send)).statusCode).toBe(200);
      return id;
    };
    clock.set(new Date(`${D}T11:00:00.000Z`));
    const later = await campaign('Later', { scheduledFor: LATER });
    const now = await campaign('Now', {});
    for (let i = 0; i < 10; i++) {
      await t.deps.jobs.drain();
      await campaignTick(t.deps);
    }

    clock.set(new Date(`${D}T12:00:00.000Z`));
    const w = await h.build(q, {
      name: 'Onboarding',
      eventName: 'signup',
      steps: [{ key: 'wait', type: 'DELAY', config: { amount: 1, unit: 'hours' } }],
      edges: [['trigger', 'wait']],
    });
    await h.track(q, 'cid@example.test', 'signup');
    await h.settle();

    const upcoming = (await get(q, '/activity/upcoming')).json();
    expect(upcoming.campaigns).toEqual([
      { id: later, name: 'Later', scheduledAt: LATER, totalRecipients: expect.any(Number) },
    ]);
    expect(upcoming.executions).toEqual([
      {
        id: expect.any(String),
        workflow: { id: w.id, name: 'Onboarding' },
        contact: { id: expect.any(String), email: 'cid@example.test' },
        dueAt: `${D}T13:00:00.000Z`,
        waitingFor: null,
        stepId: w.steps.wait,
      },
    ]);

    clock.set(new Date(`${D}T13:30:00.000Z`));
    await h.settle();
    expect((await get(q, '/activity/upcoming')).json().executions).toEqual([]);

    const items = (await feed(q)).data;
    const find = (type: string, pick: (i: Item) => boolean = () => true) =>
      items.filter((i) => i.type === type && pick(i));
    expect(find('email.sent', (i) => i.email?.id === e1)).toEqual([
      expect.objectContaining({
        createdAt: `${D}T10:00:00.000Z`,
        contact: { id: expect.any(String), email: 'ann@example.test' },
        email: { id: e1, subject: 'Welcome' },
        event: { name: 'email.sent' },
        data: { emailId: e1 },
      }),
    ]);
    for (const [type, at] of [
      ['email.delivered', '10:01'],
      ['email.opened', '10:02'],
      ['email.clicked', '10:03'],
    ]) {
      expect(find(type!, (i) => i.email?.id === e1).map((i) => i.createdAt)).toEqual([`${D}T${at}:00.000Z`]);
    }
    expect(find('email.bounced', (i) => i.email?.id === e2)).toHaveLength(1);
    expect(find('email.suppressed')).toEqual([
      expect.objectContaining({
        email: { id: e3, subject: 'Again' },
        contact: expect.objectContaining({ email: 'bob@example.test' }),
      }),
    ]);
    expect(find('campaign.scheduled').map((i) => i.campaign)).toEqual([{ id: later, name: 'Later' }]);
    expect(find('campaign.sent').map((i) => i.campaign)).toEqual([{ id: now, name: 'Now' }]);
    // The campaign's emails name it.
    expect(find('email.sent', (i) => i.campaign?.id === now).length).toBeGreaterThan(0);
    expect(find('workflow.started')).toEqual([
      expect.objectContaining({ createdAt: `${D}T12:00:00.000Z`, workflow: { id: w.id, name: 'Onboarding' } }),
    ]);
    expect(find('workflow.completed')).toEqual([
      expect.objectContaining({
        workflow: { id: w.id, name: 'Onboarding' },
        data: expect.objectContaining({ status: 'COMPLETED' }),
      }),
    ]);

    // Counts per type over the range, the types present, and the live count.
    const stats = (await get(q, `/activity/stats?from=${D}&to=${D}T23:59:59Z`)).json();
    const count = (type: string) => stats.byType.find((x: { type: string }) => x.type === type).count;
    for (const type of ['email.delivered', 'email.opened', 'email.clicked', 'email.bounced', 'email.suppressed']) {
      expect(count(type)).toBe(find(type).length);
    }
    expect(count('workflow.completed')).toBe(1);
    expect(stats.total).toBe(items.length);
    const types = (await get(q, '/activity/types')).json().types;
    expect([...types].sort()).toEqual([...new Set(items.map((i) => i.type))].sort());
    clock.set(new Date(`${D}T13:33:00.000Z`));
    expect((await get(q, '/activity/recent-count?minutes=5')).json()).toMatchObject({
      count: 1,
      capped: false,
      minutes: 5,
    });
    expect((await get(q, '/activity/recent-count')).json().since).toBe(`${D}T13:28:00.000Z`);
    expectError(await get(q, '/activity/recent-count?minutes=0'), 422, 'VALIDATION_ERROR');
    expectError(await get(q, '/activity/stats?from=2025-01-01&to=2026-06-01'), 422, 'VALIDATION_ERROR');
    expectError(await get(q, '/activity/stats?timezone=Nowhere/Land'), 422, 'VALIDATION_ERROR');
  });

  it('deleting events, a campaign, a workflow or the whole project takes their items and counts with them', async () => {
    const r = await t.make.project();
    clock.set(new Date(`${D}T15:00:00.000Z`));
    const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { authorization: r.auth }, ...(payload ? { payload } : {}) });
    for (let i = 0; i < 3; i++) await h.track(r, `g${i}@example.test`, 'gone');
    for (let i = 0; i < 2; i++) await h.track(r, `k${i}@example.test`, 'kept');
    expect((await api('DELETE', '/events/gone')).json()).toEqual({ deleted: 3 });
    const left = (await feed(r)).data;
    expect(left.map((i) => i.event?.name)).toEqual(['kept', 'kept']);
    expect((await api('GET', `/activity/stats?from=${D}`)).json().total).toBe(2);
    expect((await api('GET', '/analytics/top-events')).json().data).toEqual([{ name: 'kept', count: 2 }]);
    expect((await api('GET', `/analytics/top-events?from=${D}`)).json().data).toEqual([{ name: 'kept', count: 2 }]);

    const { id: domainId } = (await api('POST', '/domains', { domain: 'gone.test' })).json();
    await t.deps.db.updateTable('domains').set({ status: 'VERIFIED' }).where('id', '=', domainId).execute();
    const created = await api('POST', '/campaigns', {
      name: 'Soon gone',
      subject: 'News',
      body: '<p>News</p>',
      from: 'hello@gone.test',
      audienceType: 'ALL',
      type: 'TRANSACTIONAL',
    });
    const campaignId = created.json().data.id;
    expect((await api('POST', `/campaigns/${campaignId}/send`, { scheduledFor: LATER })).statusCode).toBe(200);
    const w = await h.build(r, {
      name: 'Gone flow',
      eventName: 'go',
      steps: [{ key: 'wait', type: 'DELAY', config: { amount: 1, unit: 'hours' } }],
      edges: [['trigger', 'wait']],
    });
    await h.track(r, 'k0@example.test', 'go');
    await h.settle();
    const types = async () => (await api('GET', '/activity/types')).json().types;
    expect(await types()).toEqual(['event.triggered', 'campaign.scheduled', 'workflow.started']);
    expect((await api('DELETE', `/campaigns/${campaignId}`)).statusCode).toBe(204);
    expect((await api('POST', `/workflows/${w.id}/executions/cancel-all`)).statusCode).toBe(200);
    expect((await api('DELETE', `/workflows/${w.id}`)).statusCode).toBe(204);
    expect(await types()).toEqual(['event.triggered']);
    expect((await api('GET', '/activity/upcoming')).json()).toEqual({ campaigns: [], executions: [] });

    // The project row's delete cascades to every table of it; the triggers must let it (the account
    // routes that end in it belong to the project's lifecycle, tested there).
    await mail.send(r, 'k1@example.test', `${D}T16:00:00.000Z`);
    const tables = ['activityFeed', 'activityHourCounts', 'eventDayCounts', 'emailHourCounts'] as const;
    const rowsOf = (table: (typeof tables)[number]) =>
      t.deps.db.selectFrom(table).select('projectId').where('projectId', '=', r.id).execute();
    // Every table holds rows of the project first, so the emptiness below is the cascade's doing.
    for (const table of tables) expect((await rowsOf(table)).length, table).toBeGreaterThan(0);
    await t.deps.db.deleteFrom('projects').where('id', '=', r.id).execute();
    for (const table of tables) expect(await rowsOf(table), table).toEqual([]);
  });

  it("never shows another project's activity", async () => {
    const stranger = await t.make.project();
    const mine = await feed(p);
    const contactId = mine.data.find((i) => i.contact)!.contact!.id;
    expect(await feed(stranger)).toMatchObject({ data: [], total: 0 });
    expect((await feed(stranger, `&contactId=${contactId}`)).data).toEqual([]);
    expect((await get(stranger, '/activity/types')).json().types).toEqual([]);
    expect((await get(stranger, '/activity/stats?from=2026-05-01&to=2026-06-02')).json().total).toBe(0);
    expect((await get(stranger, '/activity/upcoming')).json()).toEqual({ campaigns: [], executions: [] });
    // Another project's cursor continues nothing of ours into theirs.
    const first = await get(p, '/activity?limit=2');
    expect((await feed(stranger, `&cursor=${first.json().cursor}`)).data).toEqual([]);
    expectError(await t.app.inject({ url: '/activity' }), 401, 'MISSING_AUTH');
  });
});
