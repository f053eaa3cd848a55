// Invariant: GET /outbox shows a project exactly the mail the capture transport kept for it, newest
// first, filtered by recipient case-insensitively, paged by cursor without gaps or repeats, with the
// headers as sent (DKIM-Signature included), or only the message of one email record; GET /outbox/:id/raw
// answers those very bytes; a signed-in member reads it with X-Project-Id as a key does; another
// project's messages are absent from both.
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { dkimKey, sampleMessage } from './mail-helpers.ts';
import { expectError } from './support.ts';

describe.each(DIALECTS)('capture outbox on %s', (dialect) => {
  const t = useTestEnv({ dialect });

  it('lists what the capture transport kept, newest first, with the headers as sent', async () => {
    expect(t.deps.transport.kind).toBe('capture');
    const p = await t.make.project();
    const dkim = dkimKey('example.test', 'mw1');
    const message = sampleMessage({ projectId: p.id, dkim: dkim.key });
    const first = await t.deps.transport.send(message);
    const second = await t.deps.transport.send(sampleMessage({ projectId: p.id, to: { email: 'Bob@Dest.test' } }));

    const res = await t.app.inject({ url: '/outbox', headers: { authorization: p.auth } });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ total: 2, hasMore: false, cursor: '' });
    expect(page.data.map((m: { id: string }) => m.id)).toEqual([second.transportMessageId, first.transportMessageId]);
    const view = page.data[1];
    expect(view).toMatchObject({
      id: first.transportMessageId,
      emailId: message.emailId,
      to: 'ann@dest.test',
      from: 'news@example.test',
      subject: 'Hello Ann — your report',
      html: message.html,
      text: 'Hello Ann',
    });
    expect(new Date(view.createdAt).toISOString()).toBe(view.createdAt);
    expect(view.headers['message-id']).toBe(`<${message.messageId}>`);
    expect(view.headers['x-mailwright-email-id']).toBe(message.emailId);
    expect(view.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(view.headers['dkim-signature']).toMatch(/d=example\.test;/);
    expect(Object.keys(view.headers).every((k) => k === k.toLowerCase())).toBe(true);
    expect(page.data[0].to).toBe('bob@dest.test');
  });

  it('filters by recipient, pages by cursor and gives total on the first page only', async () => {
    const p = await t.make.project();
    const sent: string[] = [];
    for (let i = 0; i < 5; i++) {
      const to = { email: i % 2 === 0 ? 'ann@dest.test' : 'bob@dest.test' };
      sent.push((await t.deps.transport.send(sampleMessage({ projectId: p.id, to }))).transportMessageId);
    }
    const get = (query: string) => t.app.inject({ url: `/outbox?${query}`, headers: { authorization: p.auth } });

    const ann = (await get('to=ANN@dest.test')).json();
    expect(ann.total).toBe(3);
    expect(ann.data.map((m: { id: string }) => m.id)).toEqual([sent[4], sent[2], sent[0]]);

    const seen: string[] = [];
    let page = (await get('limit=2')).json();
    expect(page).toMatchObject({ total: 5, hasMore: true });
    seen.push(...page.data.map((m: { id: string }) => m.id));
    while (page.hasMore) {
      page = (await get(`limit=2&cursor=${page.cursor}`)).json();
      expect(page.total).toBe(0);
      seen.push(...page.data.map((m: { id: string }) => m.id));
    }
    expect(seen).toEqual([...sent].reverse());
    expectError(await get('cursor=garbage'), 422, 'VALIDATION_ERROR');
    expectError(await get('limit=101'), 422, 'VALIDATION_ERROR');
  });

  it('finds the message of one email record by emailId, and nothing for an unknown or malformed one', async () => {
    const p = await t.make.project();
    const first = sampleMessage({ projectId: p.id });
    const { transportMessageId: firstId } = await t.deps.transport.send(first);
    await t.deps.transport.send(sampleMessage({ projectId: p.id }));
    const get = (query: string) => t.app.inject({ url: `/outbox?${query}`, headers: { authorization: p.auth } });

    const one = (await get(`emailId=${first.emailId.toUpperCase()}`)).json();
    expect(one).toMatchObject({ total: 1, hasMore: false });
    expect(one.data.map((m: { id: string; emailId: string }) => [m.id, m.emailId])).toEqual([[firstId, first.emailId]]);
    const empty = { data: [], cursor: '', hasMore: false, total: 0 };
    expect((await get(`emailId=${newId()}`)).json()).toEqual(empty);
    expect((await get('emailId=not-an-id')).json()).toEqual(empty);
    // Another project's email id finds nothing here.
    const other = await t.make.project();
    const foreign = sampleMessage({ projectId: other.id });
    await t.deps.transport.send(foreign);
    expect((await get(`emailId=${foreign.emailId}`)).json()).toEqual(empty);
  });

  it('is readable by a signed-in member with X-Project-Id, scoped to that project', async () => {
    const p = await t.make.project();
    const other = await t.make.project();
    const { transportMessageId: id } = await t.deps.transport.send(sampleMessage({ projectId: p.id }));
    const { transportMessageId: foreignId } = await t.deps.transport.send(sampleMessage({ projectId: other.id }));
    const asOwner = (url: string, projectId: string) =>
      t.app.inject({ url, headers: { cookie: p.owner.cookie, 'x-project-id': projectId } });

    const list = await asOwner('/outbox', p.id);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((m: { id: string }) => m.id)).toEqual([id]);
    const raw = await asOwner(`/outbox/${id}/raw`, p.id);
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toMatch(/^message\/rfc822/);
    expectError(await asOwner(`/outbox/${foreignId}/raw`, p.id), 404, 'MESSAGE_NOT_FOUND');
    // A project the user is not a member of is not found, whatever it holds.
    expectError(await asOwner('/outbox', other.id), 404, 'PROJECT_NOT_FOUND');
  });

  it('answers the raw MIME as message/rfc822, and 404 for unknown ids and other projects', async () => {
    const a = await t.make.project();
    const b = await t.make.project();
    const { transportMessageId: id } = await t.deps.transport.send(sampleMessage({ projectId: a.id }));

    const raw = await t.app.inject({ url: `/outbox/${id}/raw`, headers: { authorization: a.auth } });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toMatch(/^message\/rfc822/);
    expect(raw.body).toMatch(/^X-Mailwright-Email-ID: /im);
    expect(raw.body).toMatch(/multipart\/mixed/);

    const asB = { authorization: b.auth };
    expectError(await t.app.inject({ url: `/outbox/${id}/raw`, headers: asB }), 404, 'MESSAGE_NOT_FOUND');
    expectError(await t.app.inject({ url: '/outbox/not-an-id/raw', headers: asB }), 404, 'MESSAGE_NOT_FOUND');
    const listB = (await t.app.inject({ url: '/outbox', headers: asB })).json();
    expect(listB).toEqual({ data: [], cursor: '', hasMore: false, total: 0 });
    expectError(await t.app.inject({ url: '/outbox' }), 401, 'MISSING_AUTH');
  });
});
