// Invariant: the campaign rankings and breakdowns of /analytics agree with the campaign's own stats
// (which count its email rows) after sends, opens, clicks, bounces and unsubscribes through the real
// paths; top events rank tracked names only, over all time or whole UTC days; nothing of another
// project shows; the campaign list's numbers are each campaign's own.
import { describe, expect, it } from 'vitest';
import { recordFeedback } from '../../src/bounces/feedback.service.ts';
import { campaignTick } from '../../src/campaigns/campaigns.jobs.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { clickUrl, openPixelUrl, subscriptionUrls } from '../../src/mail/links.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { expectError } from './support.ts';

describe.each(DIALECTS)('campaign analytics and top events on %s', (dialect) => {
  const clock = manualClock(new Date('2026-05-04T09:00:00.000Z'));
  const t = useTestEnv({ dialect, clock });
  const api = (p: TestProject, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: p.auth }, ...(payload ? { payload } : {}) });
  const path = (url: string) => url.slice(t.config.baseUrl.length);
  const secret = () => t.deps.secrets.signingSecret;

  async function project() {
    const p = await t.make.project();
    const { id } = (await api(p, 'POST', '/domains', { domain: `d${p.id.slice(-8)}.test` })).json();
    await t.deps.db.updateTable('domains').set({ status: 'VERIFIED' }).where('id', '=', id).execute();
    return p;
  }

  /** Creates and sends a campaign to every contact; answers its id and its emails by contact id. */
  async function sendCampaign(p: TestProject, name: string) {
    const res = await api(p, 'POST', '/campaigns', {
      name,
      subject: 'News',
      body: '<p>Hello <a href="https://shop.test/x">x</a></p>',
      from: `news@d${p.id.slice(-8)}.test`,
      audienceType: 'ALL',
      type: 'MARKETING',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;
    expect((await api(p, 'POST', `/campaigns/${id}/send`, {})).statusCode).toBe(200);
    for (let i = 0; i < 20; i++) {
      await t.deps.jobs.drain();
      await campaignTick(t.deps);
      if ((await api(p, 'GET', `/campaigns/${id}`)).json().status === 'SENT') break;
    }
    const rows = await t.deps.db
      .selectFrom('emails')
      .select(['id', 'contactId'])
      .where('sourceType', '=', 'CAMPAIGN')
      .where('sourceId', '=', id)
      .orderBy('contactId')
      .execute();
    return { id, emails: rows.map((r) => ({ id: r.id, contactId: r.contactId! })) };
  }

  const open = (p: TestProject, e: string) =>
    t.app.inject({ url: path(openPixelUrl(t.config.baseUrl, secret(), { p: p.id, e })) });
  const click = (p: TestProject, e: string) =>
    t.app.inject({ url: path(clickUrl(t.config.baseUrl, secret(), { p: p.id, e, u: 'https://shop.test/x' })) });
  const unsubscribe = (p: TestProject, c: string, e: string) =>
    t.app.inject({
      method: 'POST',
      url: path(subscriptionUrls(t.config.baseUrl, secret(), { p: p.id, c, e }).unsubscribeUrl),
    });

  let p: TestProject;
  let a: { id: string; emails: { id: string; contactId: string }[] };
  let b: { id: string; emails: { id: string; contactId: string }[] };

  it('breaks every campaign down as its own stats count it', async () => {
    p = await project();
    await t.make.contacts(p, 5);
    a = await sendCampaign(p, 'Spring');
    b = await sendCampaign(p, 'Summer');
    expect(a.emails).toHaveLength(5);
    // Spring: 3 opened (one twice), 1 of them clicked twice, 1 bounced, 1 unsubscribed. Summer: 1 opened and clicked.
    for (const e of a.emails.slice(0, 3)) await open(p, e.id);
    await open(p, a.emails[0]!.id);
    await click(p, a.emails[0]!.id);
    await click(p, a.emails[0]!.id);
    expect(
      (await recordFeedback(t.deps, { kind: 'bounce', bounceType: 'hard', emailId: a.emails[4]!.id })).applied,
    ).toBe(true);
    expect((await unsubscribe(p, a.emails[1]!.contactId, a.emails[1]!.id)).statusCode).toBe(200);
    await click(p, b.emails[2]!.id);
    const draft = (
      await api(p, 'POST', '/campaigns', {
        name: 'Draft',
        subject: 's',
        body: '<p>b</p>',
        from: `news@d${p.id.slice(-8)}.test`,
        audienceType: 'ALL',
        type: 'MARKETING',
      })
    ).json().data.id;

    const page = await api(p, 'GET', '/analytics/campaign-stats');
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.total).toBe(3);
    expect(body.data.map((c: { id: string }) => c.id)).toEqual([draft, b.id, a.id]);
    const spring = body.data[2];
    expect(spring).toMatchObject({
      name: 'Spring',
      status: 'SENT',
      recipients: 5,
      sent: 5,
      delivered: 3,
      opened: 3,
      clicked: 1,
      bounced: 1,
      complained: 0,
      unsubscribed: 1,
      openRate: 60,
      clickRate: 20,
      bounceRate: 20,
    });
    // The campaign's own stats count its email rows: the counters must agree with them.
    for (const c of body.data) {
      const own = (await api(p, 'GET', `/campaigns/${c.id}/stats`)).json();
      const stats = own.data ?? own;
      expect([c.sent, c.delivered, c.opened, c.clicked, c.bounced, c.complained, c.unsubscribed]).toEqual([
        stats.sentCount,
        stats.deliveredCount,
        stats.openedCount,
        stats.clickedCount,
        stats.bouncedCount,
        stats.complainedCount,
        stats.unsubscribedCount,
      ]);
    }
    // Pages of one, no campaign twice or missing.
    const seen: string[] = [];
    let cursor = '';
    do {
      const next = (await api(p, 'GET', `/analytics/campaign-stats?limit=1&cursor=${cursor}`)).json();
      seen.push(...next.data.map((c: { id: string }) => c.id));
      cursor = next.cursor;
    } while (cursor);
    expect(seen).toEqual([draft, b.id, a.id]);
    // The campaign list carries each campaign's headline numbers, equal to its own stats.
    const list = await api(p, 'GET', '/campaigns');
    expect(list.statusCode, list.body).toBe(200);
    for (const item of list.json().campaigns) {
      const own = (await api(p, 'GET', `/campaigns/${item.id}/stats`)).json();
      const stats = own.data ?? own;
      expect([item.sentCount, item.openRate, item.clickRate]).toEqual([
        stats.sentCount,
        stats.openRate,
        stats.clickRate,
      ]);
    }
    expect(list.json().campaigns.find((c: { id: string }) => c.id === a.id)).toMatchObject({
      sentCount: 5,
      openRate: 60,
      clickRate: 20,
    });
    expect(list.json().campaigns.find((c: { id: string }) => c.id === draft)).toMatchObject({
      sentCount: 0,
      openRate: 0,
    });
  });

  it('ranks campaigns that sent by count or rate', async () => {
    const top = async (q: string) => (await api(p, 'GET', `/analytics/top-campaigns?${q}`)).json();
    expect((await top('metric=opened')).data.map((c: { name: string }) => c.name)).toEqual(['Spring', 'Summer']);
    expect(
      (await top('metric=clickRate')).data.map((c: { name: string; clickRate: number }) => [c.name, c.clickRate]),
    ).toEqual([
      // A tie (same rate, same sent): the newer campaign first.
      ['Summer', 20],
      ['Spring', 20],
    ]);
    const bySent = await top('limit=1');
    expect(bySent.metric).toBe('sent');
    expect(bySent.data).toHaveLength(1);
    expectError(await api(p, 'GET', '/analytics/top-campaigns?metric=bounces'), 422, 'VALIDATION_ERROR');
    expectError(await api(p, 'GET', '/analytics/top-campaigns?limit=0'), 422, 'VALIDATION_ERROR');
  });

  it("shows nothing of another project's campaigns", async () => {
    const q = await project();
    expect((await api(q, 'GET', '/analytics/campaign-stats')).json()).toMatchObject({ data: [], total: 0 });
    expect((await api(q, 'GET', '/analytics/top-campaigns')).json().data).toEqual([]);
  });

  it('ranks tracked event names over all time or whole UTC days, leaving system events out', async () => {
    const q = await t.make.project();
    const track = async (event: string, day: string, times: number) => {
      clock.set(new Date(`${day}T12:00:00.000Z`));
      for (let i = 0; i < times; i++) {
        const res = await api(q, 'POST', '/v1/track', { email: `u${i}@example.test`, event });
        expect(res.statusCode, res.body).toBe(200);
      }
    };
    await track('signup', '2026-05-01', 3);
    await track('purchase', '2026-05-02', 2);
    await track('login', '2026-05-03', 4);
    const top = async (query: string) => (await api(q, 'GET', `/analytics/top-events?${query}`)).json();
    const all = await top('');
    expect(all).toMatchObject({ from: null, to: null });
    // The tracks subscribed new contacts (contact.subscribed is a system event): left out.
    expect(all.data).toEqual([
      { name: 'login', count: 4 },
      { name: 'signup', count: 3 },
      { name: 'purchase', count: 2 },
    ]);
    expect((await top('from=2026-05-01&to=2026-05-02')).data).toEqual([
      { name: 'signup', count: 3 },
      { name: 'purchase', count: 2 },
    ]);
    expect((await top('from=2026-05-02T00:00:00Z&limit=1')).data).toEqual([{ name: 'login', count: 4 }]);
    expect((await api(p, 'GET', '/analytics/top-events')).json().data).toEqual([]);
    expectError(await api(q, 'GET', '/analytics/top-events?from=2026-05-03&to=2026-05-01'), 422, 'VALIDATION_ERROR');
  });
});
