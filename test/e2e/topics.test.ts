// Invariant: a contact is subscribed to topic T exactly when it is subscribed at all and its own
// choice for T, or else T's default, is yes; every view, count, filter, campaign audience and workflow
// step reads that one rule; only real changes of a choice record an event; a topic campaign's
// unsubscribe link and one-click endpoint leave that topic only; /manage saves choices without script.
import { describe, expect, it } from 'vitest';
import { campaignTick } from '../../src/campaigns/campaigns.jobs.ts';
import { fromJson } from '../../src/db/codecs.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { eventsNamed } from './contacts-helpers.ts';
import { emailLogHelpers } from './email-log-helpers.ts';
import { workflowHelpers } from './workflow-helpers.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(DIALECTS)('topics on %s', (dialect) => {
  const t = useTestEnv({ dialect, env: { REQUIRE_VERIFIED_DOMAIN: 'false' } });
  const h = workflowHelpers(t);
  const hooks = emailLogHelpers(t);
  const api = (p: TestProject, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: p.auth }, ...(payload ? { payload } : {}) });
  const topic = async (p: TestProject, body: object) => {
    const res = await api(p, 'POST', '/topics', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const contact = async (p: TestProject, body: object) => {
    const res = await api(p, 'POST', '/contacts', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const viewOf = async (p: TestProject, id: string) => (await api(p, 'GET', `/contacts/${id}`)).json();

  it('creates, lists, reads, changes and deletes topics with their defaults and counts', async () => {
    const p = await t.make.project();
    const made = await topic(p, { name: 'Product news', description: 'Monthly' });
    expect(made).toEqual({
      id: expect.any(String),
      name: 'Product news',
      description: 'Monthly',
      defaultSubscribed: false,
      public: true,
      subscriberCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const weekly = await topic(p, { name: 'Weekly', defaultSubscribed: true, public: false });
    await contact(p, { email: 'a@topics.test' });
    await contact(p, { email: 'b@topics.test', topics: { [made.id]: true, [weekly.id]: false } });
    await contact(p, { email: 'c@topics.test', subscribed: false, topics: { [made.id]: true } });
    const list = (await api(p, 'GET', '/topics')).json();
    expect(list.map((x: { name: string; subscriberCount: number }) => [x.name, x.subscriberCount])).toEqual([
      ['Product news', 1],
      ['Weekly', 1],
    ]);
    const patched = await api(p, 'PATCH', `/topics/${made.id}`, { name: 'News', defaultSubscribed: true });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'News', defaultSubscribed: true, subscriberCount: 2 });
    expect((await api(p, 'DELETE', `/topics/${weekly.id}`)).statusCode).toBe(204);
    expect((await api(p, 'GET', `/topics/${weekly.id}`)).statusCode).toBe(404);
    const other = await t.make.project();
    expect((await api(other, 'GET', `/topics/${made.id}`)).json().error.code).toBe('TOPIC_NOT_FOUND');
    expect((await api(other, 'PATCH', `/topics/${made.id}`, { name: 'x' })).statusCode).toBe(404);
    expect((await api(other, 'DELETE', `/topics/${made.id}`)).statusCode).toBe(404);
  });

  it('refuses bad topic input with 422 and stores nothing', async () => {
    const p = await t.make.project();
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(101) }, { name: 'a', description: 'd'.repeat(501) }]) {
      expect((await api(p, 'POST', '/topics', body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    const bad = await api(p, 'POST', '/contacts', { email: 'x@topics.test', topics: { nope: true } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.errors[0]).toMatchObject({ field: 'topics', code: 'UNKNOWN_TOPIC' });
    expect((await api(p, 'GET', '/contacts')).json().total).toBe(0);
    const c = await contact(p, { email: 'y@topics.test' });
    expect((await api(p, 'PATCH', `/contacts/${c.id}`, { topics: { nope: false } })).statusCode).toBe(422);
    const other = await t.make.project();
    const theirs = await topic(other, { name: 'Theirs' });
    expect((await api(p, 'PATCH', `/contacts/${c.id}`, { topics: { [theirs.id]: true } })).statusCode).toBe(422);
    expect((await api(p, 'GET', '/topics')).json()).toEqual([]);
  });

  it('caps a project at 100 topics with 422 TOO_MANY_TOPICS', async () => {
    const p = await t.make.project();
    for (let i = 0; i < 100; i++) await topic(p, { name: `T${i}` });
    const over = await api(p, 'POST', '/topics', { name: 'one more' });
    expect(over.statusCode).toBe(422);
    expect(over.json().error.errors[0].code).toBe('TOO_MANY_TOPICS');
    expect((await api(p, 'GET', '/topics')).json()).toHaveLength(100);
  });

  it('answers effective topics on contact views and records only real choice changes as events', async () => {
    const p = await t.make.project();
    const news = await topic(p, { name: 'News', defaultSubscribed: true });
    const deals = await topic(p, { name: 'Deals' });
    const c = await contact(p, { email: 'ann@topics.test' });
    expect(c.topics).toEqual([news.id]);
    expect(c.confirmedAt).toBeNull();
    const patched = await api(p, 'PATCH', `/contacts/${c.id}`, { topics: { [news.id]: false, [deals.id]: true } });
    expect(patched.json().topics).toEqual([deals.id]);
    // Choosing what already applies (Deals yes again; a default topic's yes) is no change.
    await api(p, 'PATCH', `/contacts/${c.id}`, { topics: { [deals.id]: true } });
    const events = async (name: string) =>
      (await eventsNamed(t.deps, p.id, name)).map((e) => fromJson<Record<string, unknown>>(e.data));
    expect(await events('contact.topic.unsubscribed')).toEqual([
      { topicId: news.id, topicName: 'News', source: 'api' },
    ]);
    expect(await events('contact.topic.subscribed')).toEqual([
      { topicId: deals.id, topicName: 'Deals', source: 'api' },
    ]);
    // Unsubscribed at all: no topic applies, and the choices come back with the subscription.
    await api(p, 'PATCH', `/contacts/${c.id}`, { subscribed: false });
    expect((await viewOf(p, c.id)).topics).toEqual([]);
    await api(p, 'PATCH', `/contacts/${c.id}`, { subscribed: true });
    expect((await viewOf(p, c.id)).topics).toEqual([deals.id]);
    const page = (await api(p, 'GET', '/contacts')).json();
    expect(page.data[0].topics).toEqual([deals.id]);
  });

  it('tells webhook endpoints the contact with its topics, whichever write path made the message', async () => {
    const p = await t.make.project();
    await hooks.endpoint(p, ['contact.created', 'contact.updated', 'contact.subscribed']);
    const news = await topic(p, { name: 'News', defaultSubscribed: true });
    const deals = await topic(p, { name: 'Deals' });
    const c = await contact(p, { email: 'hook@topics.test', topics: { [deals.id]: true }, data: { plan: 'free' } });
    // A known field and no subscription: the grouped upsert path.
    await api(p, 'POST', '/contacts', { email: 'hook@topics.test', data: { plan: 'pro' } });
    await api(p, 'PATCH', `/contacts/${c.id}`, { topics: { [news.id]: false } });
    await api(p, 'PATCH', `/contacts/${c.id}`, { subscribed: false });
    await api(p, 'PATCH', `/contacts/${c.id}`, { subscribed: true });
    const told = (await hooks.messages(p)).map((m) => [m.type, [...(m.data.topics as string[])].sort()]);
    expect(told.slice(0, 3)).toEqual([
      ['contact.created', [deals.id, news.id].sort()],
      ['contact.updated', [deals.id, news.id].sort()],
      ['contact.updated', [deals.id]],
    ]);
    // The resubscribe writes both in one transaction, in either order.
    expect(told.slice(3, 4)).toEqual([['contact.updated', []]]);
    expect(told.slice(4)).toEqual(
      expect.arrayContaining([
        ['contact.updated', [deals.id]],
        ['contact.subscribed', [deals.id]],
      ]),
    );
  });

  it('filters by topic.<id> in segments, and refuses an unknown topic or a non-boolean value', async () => {
    const p = await t.make.project();
    const news = await topic(p, { name: 'News', defaultSubscribed: true });
    await contact(p, { email: 'in@topics.test' });
    await contact(p, { email: 'out@topics.test', topics: { [news.id]: false } });
    await contact(p, { email: 'gone@topics.test', subscribed: false });
    const segment = async (value: unknown, operator = 'equals', field = `topic.${news.id}`) =>
      api(p, 'POST', '/segments', {
        name: `S ${operator} ${String(value)} ${field.length}`,
        filters: { operator: 'AND', conditions: [{ field, operator, value }] },
      });
    const members = async (res: Awaited<ReturnType<typeof segment>>) => {
      expect(res.statusCode, res.body).toBe(201);
      const page = (await api(p, 'GET', `/segments/${res.json().id}/contacts`)).json();
      return page.data.map((x: { email: string }) => x.email).sort();
    };
    expect(await members(await segment(true))).toEqual(['in@topics.test']);
    expect(await members(await segment(false))).toEqual(['gone@topics.test', 'out@topics.test']);
    expect(await members(await segment(true, 'notEquals'))).toEqual(['gone@topics.test', 'out@topics.test']);
    expect((await segment('yes')).statusCode).toBe(422);
    expect((await segment(true, 'contains')).statusCode).toBe(422);
    const listed = (await api(p, 'GET', '/workflows/fields')).json().fields;
    expect(listed).toContainEqual({
      field: `topic.${news.id}`,
      type: 'topic',
      source: 'topic',
      operators: ['equals', 'notEquals'],
    });
    const unknown = await segment(true, 'equals', 'topic.missing');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.errors[0].field).toMatch(/field$/);
  });

  it('moves contacts in and out of a tracked topic segment as their choices change', async () => {
    const p = await t.make.project();
    const news = await topic(p, { name: 'News' });
    const seg = await api(p, 'POST', '/segments', {
      name: 'Readers',
      trackMembership: true,
      filters: { operator: 'AND', conditions: [{ field: `topic.${news.id}`, operator: 'equals', value: true }] },
    });
    expect(seg.statusCode, seg.body).toBe(201);
    const c = await contact(p, { email: 'track@topics.test', topics: { [news.id]: true } });
    await t.deps.jobs.drain();
    await api(p, 'PATCH', `/contacts/${c.id}`, { topics: { [news.id]: false } });
    await t.deps.jobs.drain();
    const names = (await eventsNamed(t.deps, p.id, 'segment.readers.entry')).concat(
      await eventsNamed(t.deps, p.id, 'segment.readers.exit'),
    );
    expect(names.map((e) => e.name).sort()).toEqual(['segment.readers.entry', 'segment.readers.exit']);
  });

  it("sends a topic campaign to the audience's subscribers of the topic, with a link that leaves that topic only", async () => {
    const p = await t.make.project();
    const news = await topic(p, { name: 'News' });
    const reader = await contact(p, { email: 'reader@topics.test', topics: { [news.id]: true } });
    await contact(p, { email: 'other@topics.test' });
    const body = {
      name: 'Issue 1',
      subject: 'News',
      body: '<p>Hello</p>',
      from: 'news@topics.test',
      audienceType: 'ALL',
      topicId: news.id,
    };
    const preview = await api(p, 'POST', '/campaigns/audience', { audienceType: 'ALL', topicId: news.id });
    expect(preview.json()).toEqual({ matching: 1, recipients: 1 });
    expect((await api(p, 'POST', '/campaigns', { ...body, topicId: 'nope' })).statusCode).toBe(422);
    const id = (await api(p, 'POST', '/campaigns', body)).json().data.id;
    expect((await api(p, 'GET', `/campaigns/${id}`)).json().topicId).toBe(news.id);
    expect((await api(p, 'POST', `/campaigns/${id}/send`, {})).json().totalRecipients).toBe(1);
    // Sending: the topic cannot go.
    expect((await api(p, 'DELETE', `/topics/${news.id}`)).statusCode).toBe(409);
    for (let i = 0; i < 50; i++) {
      await t.deps.jobs.drain();
      await campaignTick(t.deps);
      if ((await api(p, 'GET', `/campaigns/${id}`)).json().status === 'SENT') break;
    }
    const rows = await t.deps.db.selectFrom('emails').selectAll().where('sourceId', '=', id).execute();
    expect(rows.map((r) => r.toEmail)).toEqual(['reader@topics.test']);
    const header = fromJson<Record<string, string>>(rows[0]!.headers)['List-Unsubscribe']!;
    const path = new URL(header.slice(1, -1)).pathname;
    expect(rows[0]!.html).toContain(path);
    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('from “News”');
    expect((await viewOf(p, reader.id)).topics).toEqual([news.id]);
    const click = await t.app.inject({
      method: 'POST',
      url: path,
      headers: FORM,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode).toBe(200);
    const after = await viewOf(p, reader.id);
    expect(after).toMatchObject({ subscribed: true, topics: [] });
    const events = await eventsNamed(t.deps, p.id, 'contact.topic.unsubscribed');
    expect(events.map((e) => fromJson<Record<string, unknown>>(e.data))).toEqual([
      { topicId: news.id, topicName: 'News', source: 'link', emailId: rows[0]!.id },
    ]);
    expect(await eventsNamed(t.deps, p.id, 'contact.unsubscribed')).toEqual([]);
    // Sent: the topic may go, and the campaign keeps no reference to it.
    expect((await api(p, 'DELETE', `/topics/${news.id}`)).statusCode).toBe(204);
    expect((await api(p, 'GET', `/campaigns/${id}`)).json().topicId).toBeNull();
  });

  it('lists public topics on /manage and saves the form without script; "unsubscribe from everything" too', async () => {
    const p = await t.make.project();
    const news = await topic(p, { name: 'News <b>', defaultSubscribed: true });
    const deals = await topic(p, { name: 'Deals', description: 'Offers' });
    const hidden = await topic(p, { name: 'Internal', public: false });
    const c = await contact(p, { email: 'pat@topics.test', topics: { [hidden.id]: true } });
    const { subscriptionUrls } = await import('../../src/mail/links.ts');
    const urls = subscriptionUrls(t.config.baseUrl, t.deps.secrets.signingSecret, { p: p.id, c: c.id });
    const path = new URL(urls.manageUrl).pathname;
    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('News &lt;b&gt;');
    expect(page.body).toContain('<span class="muted">Offers</span>');
    expect(page.body).not.toContain('Internal');
    expect(page.body).toContain(`name="topic:${news.id}" value="1" checked`);
    expect(page.body).toContain(`name="topic:${deals.id}" value="1">`);
    const shown = `${news.id},${deals.id}`;
    const form = `shown=${encodeURIComponent(shown)}&${encodeURIComponent(`topic:${deals.id}`)}=1&action=save`;
    const saved = await t.app.inject({ method: 'POST', url: path, headers: FORM, payload: form });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('Your preferences have been saved.');
    expect((await viewOf(p, c.id)).topics.sort()).toEqual([deals.id, hidden.id].sort());
    const all = await t.app.inject({ method: 'POST', url: path, headers: FORM, payload: 'action=unsubscribe-all' });
    expect(all.statusCode).toBe(200);
    expect(await viewOf(p, c.id)).toMatchObject({ subscribed: false, topics: [] });
    const tampered = await t.app.inject({ method: 'POST', url: `${path}x`, headers: FORM, payload: form });
    expect(tampered.statusCode).toBe(404);
  });

  it('skips a SEND_EMAIL step with a topic for contacts not subscribed to it, says so, and goes on', async () => {
    const p = await t.make.project();
    const news = await topic(p, { name: 'News' });
    const tpl = await t.make.template(p, { from: 'flow@topics.test', type: 'MARKETING' });
    const wf = (await api(p, 'POST', '/workflows', { name: 'Flow', eventName: 'joined' })).json();
    const bad = await api(p, 'POST', `/workflows/${wf.id}/steps`, {
      type: 'SEND_EMAIL',
      config: { templateId: tpl.id, topicId: 'nope' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.errors[0].field).toBe('config.topicId');
    const w = await h.build(p, {
      patch: { triggerType: 'MANUAL' },
      steps: [
        { key: 'send', type: 'SEND_EMAIL', config: { templateId: tpl.id, topicId: news.id } },
        { key: 'after', type: 'EXIT', config: { reason: 'after' } },
      ],
      edges: [
        ['trigger', 'send'],
        ['send', 'after'],
      ],
    });
    const fan = await contact(p, { email: 'fan@topics.test', topics: { [news.id]: true } });
    const not = await contact(p, { email: 'not@topics.test' });
    const run = async (contactId: string) => {
      const started = await h.api(p, 'POST', `/workflows/${w.id}/executions`, { contactId });
      expect(started.statusCode, started.body).toBe(201);
      await h.settle();
      return h.execution(p, w.id, started.json().id);
    };
    const skipped = await run(not.id);
    expect(skipped).toMatchObject({ status: 'EXITED', exitReason: 'after' });
    expect(skipped.steps[1]).toMatchObject({
      stepType: 'SEND_EMAIL',
      status: 'SKIPPED',
      output: { skipped: 'NOT_SUBSCRIBED_TO_TOPIC', topicId: news.id },
    });
    expect(await h.outbox(p, 'not@topics.test')).toEqual([]);
    const sent = await run(fan.id);
    expect(sent.steps[1]).toMatchObject({ stepType: 'SEND_EMAIL', status: 'COMPLETED' });
    const [row] = await t.deps.db.selectFrom('emails').selectAll().where('sourceId', '=', sent.id).execute();
    expect(row?.toEmail).toBe('fan@topics.test');
    // Its unsubscribe link leaves the topic only.
    const link = new URL(fromJson<Record<string, string>>(row!.headers)['List-Unsubscribe']!.slice(1, -1)).pathname;
    await t.app.inject({ method: 'POST', url: link, headers: FORM, payload: 'List-Unsubscribe=One-Click' });
    expect(await viewOf(p, fan.id)).toMatchObject({ subscribed: true, topics: [] });
  });
});
