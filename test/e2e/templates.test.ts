// Invariant: a template is only ever seen and changed by its own project; every stored subject and
// body is valid Liquid with a one-line subject; a sender is stored only when it is on a verified
// domain of the project; lists page newest first with totals that agree with the filters.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { expectError } from './support.ts';

type FieldError = { field: string; code: string };

/** The first field error of a 422 answer. */
function firstError(res: LightMyRequestResponse): FieldError {
  return expectError(res, 422, 'VALIDATION_ERROR').errors![0] as FieldError;
}

describe.each(DIALECTS)('templates on %s', (dialect) => {
  const campaignsUsing = { id: 'c-1', name: 'Launch' };
  const t = useTestEnv({
    dialect,
    env: { REQUIRE_VERIFIED_DOMAIN: 'true' },
    // A stand-in for the campaigns lookup that joins at composition: it names the template "used".
    templateUsage: (deps) => [
      async (projectId, id) => {
        const row = await deps.reader.selectFrom('templates').select('name').where('id', '=', id).executeTakeFirst();
        return row?.name === 'used'
          ? { campaigns: [{ ...campaignsUsing, id: `${campaignsUsing.id}-${projectId}` }] }
          : {};
      },
    ],
  });

  const api = (p: TestProject, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: p.auth }, ...(payload ? { payload } : {}) });
  const valid = { name: 'Welcome', subject: 'Hi {{ firstName ?? "there" }}', body: '<p>Hello</p>', type: 'MARKETING' };

  async function verifiedDomain(p: TestProject, domain: string) {
    const { id } = (await api(p, 'POST', '/domains', { domain })).json();
    await t.deps.db.updateTable('domains').set({ status: 'VERIFIED' }).where('id', '=', id).execute();
  }

  it('creates, reads, patches and deletes a template', async () => {
    const p = await t.make.project();
    const created = await api(p, 'POST', '/templates', { ...valid, description: 'first' });
    expect(created.statusCode).toBe(201);
    const view = created.json();
    expect(view).toEqual({
      ...valid,
      id: expect.any(String),
      description: 'first',
      format: 'HTML',
      document: null,
      version: 1,
      draft: null,
      from: null,
      fromName: null,
      replyTo: null,
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: view.createdAt,
    });
    expect((await api(p, 'GET', `/templates/${view.id}`)).json()).toEqual(view);

    const patched = await api(p, 'PATCH', `/templates/${view.id}`, {
      subject: 'New {{ email }}',
      replyTo: '  Help@Example.TEST ',
      fromName: 'Team',
      description: null,
      // Not patch fields: ignored, never written.
      id: 'another-id',
      projectId: 'another-project',
      createdAt: '1999-01-01T00:00:00.000Z',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Welcome',
      subject: 'New {{ email }}',
      body: '<p>Hello</p>',
      replyTo: 'help@example.test',
      fromName: 'Team',
      description: null,
      id: view.id,
      createdAt: view.createdAt,
    });
    expect((await api(p, 'GET', `/templates/${view.id}`)).json()).toEqual(patched.json());

    expect((await api(p, 'DELETE', `/templates/${view.id}`)).statusCode).toBe(204);
    expectError(await api(p, 'GET', `/templates/${view.id}`), 404, 'TEMPLATE_NOT_FOUND');
    expectError(await api(p, 'DELETE', `/templates/${view.id}`), 404, 'TEMPLATE_NOT_FOUND');
  });

  it('duplicates a template under a new id with " (copy)" appended, within the name limit', async () => {
    const p = await t.make.project();
    const source = await t.make.template(p, { name: 'Receipt', replyTo: 'billing@example.test' });
    const res = await api(p, 'POST', `/templates/${source.id}/duplicate`);
    expect(res.statusCode).toBe(201);
    const copy = res.json();
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      name: 'Receipt (copy)',
      subject: source.subject,
      body: source.body,
      replyTo: source.replyTo,
    });
    expect((await api(p, 'GET', `/templates/${copy.id}`)).json()).toEqual(copy);

    const long = await t.make.template(p, { name: 'x'.repeat(200) });
    const longCopy = (await api(p, 'POST', `/templates/${long.id}/duplicate`)).json();
    expect(longCopy.name).toHaveLength(200);
    expect(longCopy.name.endsWith(' (copy)')).toBe(true);
  });

  it('lists newest first in pages, with type and search filters, limit as pageSize and cursor as page', async () => {
    const p = await t.make.project();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await t.make.template(p, { name: `Order ${i}`, type: 'TRANSACTIONAL' }));
    made.push(await t.make.template(p, { name: 'News 100%_off', subject: 'Big SALE', type: 'MARKETING' }));
    const newest = made.map((m) => m.id).reverse();
    const list = async (query: string) => {
      const res = await api(p, 'GET', `/templates${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const all = await list('');
    expect(all).toMatchObject({ total: 6, page: 1, pageSize: 20, totalPages: 1 });
    expect(all.templates.map((x: { id: string }) => x.id)).toEqual(newest);

    const second = await list('?page=2&pageSize=4');
    expect(second).toMatchObject({ total: 6, page: 2, pageSize: 4, totalPages: 2 });
    expect(second.templates.map((x: { id: string }) => x.id)).toEqual(newest.slice(4));
    expect(await list('?limit=4&cursor=2')).toEqual(second);
    expect((await list('?page=3&pageSize=4')).templates).toEqual([]);

    const marketing = await list('?type=MARKETING');
    expect(marketing).toMatchObject({ total: 1, totalPages: 1 });
    expect(marketing.templates[0].id).toBe(made[5]!.id);
    expect((await list('?type=TRANSACTIONAL&pageSize=2')).totalPages).toBe(3);
    expect((await list('?type=HEADLESS')).total).toBe(0);

    // Name or subject, any case; LIKE wildcards in the term are literal.
    expect((await list('?search=sale')).templates.map((x: { id: string }) => x.id)).toEqual([made[5]!.id]);
    expect((await list('?search=ORDER%203')).templates.map((x: { id: string }) => x.id)).toEqual([made[3]!.id]);
    expect((await list(`?search=${encodeURIComponent('100%_')}`)).total).toBe(1);
    expect((await list('?search=%25')).total).toBe(1);
    expect((await list('?search=_')).total).toBe(1);
    expect((await list('?search=order&type=MARKETING')).total).toBe(0);
  });

  it('refuses missing or malformed fields and paging values with 422 naming the field', async () => {
    const p = await t.make.project();
    const post = (body: object) => api(p, 'POST', '/templates', body);
    for (const field of ['name', 'subject', 'body', 'type']) {
      const { [field]: _, ...rest } = valid as Record<string, string>;
      expect(firstError(await post(rest)).field).toBe(field);
    }
    const fieldOf = async (body: object) => firstError(await post(body)).field;
    expect(await fieldOf({ ...valid, type: 'NEWSLETTER' })).toBe('type');
    expect(await fieldOf({ ...valid, subject: 'Line one\nline two' })).toBe('subject');
    expect(await fieldOf({ ...valid, subject: 'x'.repeat(999) })).toBe('subject');
    expect(await fieldOf({ ...valid, name: '' })).toBe('name');
    expect(await fieldOf({ ...valid, body: '' })).toBe('body');
    expect(await fieldOf({ ...valid, body: 'é'.repeat(300 * 1024) })).toBe('body');
    expect(await fieldOf({ ...valid, fromName: 'A\r\nBcc: x@y.test' })).toBe('fromName');
    expect(await fieldOf({ ...valid, replyTo: 'not an address' })).toBe('replyTo');
    const bodySyntax = firstError(await post({ ...valid, body: '<p>{% if x %}never closed</p>' }));
    expect(bodySyntax).toMatchObject({ field: 'body', code: 'TEMPLATE_SYNTAX' });
    const subjectSyntax = firstError(await post({ ...valid, subject: 'Hi {{ name ' }));
    expect(subjectSyntax).toMatchObject({ field: 'subject', code: 'TEMPLATE_SYNTAX' });

    const made = await t.make.template(p);
    const patch = (body: object) => api(p, 'PATCH', `/templates/${made.id}`, body);
    expect(firstError(await patch({ body: '{{ unclosed' })).field).toBe('body');
    expect(firstError(await patch({ subject: 'a\rb' })).field).toBe('subject');
    expect(firstError(await patch({ type: 'OTHER' })).field).toBe('type');
    expect((await api(p, 'GET', `/templates/${made.id}`)).json()).toEqual(made);

    for (const query of ['pageSize=0', 'pageSize=101', 'limit=0', 'page=0', 'cursor=abc', 'cursor=0', 'type=X']) {
      expectError(await api(p, 'GET', `/templates?${query}`), 422, 'VALIDATION_ERROR');
    }
  });

  it('stores a sender only on a verified domain of the project (403 UNVERIFIED_DOMAIN otherwise)', async () => {
    const p = await t.make.project();
    const other = await t.make.project();
    await verifiedDomain(other, 'theirs.test');
    expectError(await api(p, 'POST', '/templates', { ...valid, from: 'hi@theirs.test' }), 403, 'UNVERIFIED_DOMAIN');
    await api(p, 'POST', '/domains', { domain: 'pending.test' });
    expectError(await api(p, 'POST', '/templates', { ...valid, from: 'hi@pending.test' }), 403, 'UNVERIFIED_DOMAIN');

    await verifiedDomain(p, 'mine.test');
    const res = await api(p, 'POST', '/templates', { ...valid, from: ' Hello@News.Mine.TEST ', fromName: 'Mine' });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(made).toMatchObject({ from: 'hello@news.mine.test', fromName: 'Mine' });

    expectError(await api(p, 'PATCH', `/templates/${made.id}`, { from: 'x@theirs.test' }), 403, 'UNVERIFIED_DOMAIN');
    const moved = await api(p, 'PATCH', `/templates/${made.id}`, { from: 'team@mine.test' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().from).toBe('team@mine.test');
    expect((await api(p, 'PATCH', `/templates/${made.id}`, { from: null })).json().from).toBeNull();
  });

  it("answers 404 TEMPLATE_NOT_FOUND for another project's template and for ids that are not ids", async () => {
    const a = await t.make.project();
    const b = await t.make.project();
    const mine = await t.make.template(a, { name: 'secret-name' });
    for (const id of [mine.id, 'not-a-uuid', '0190a7d4-0000-7000-8000-000000000000']) {
      for (const [method, url, payload] of [
        ['GET', `/templates/${id}`],
        ['PATCH', `/templates/${id}`, { name: 'stolen' }],
        ['DELETE', `/templates/${id}`],
        ['POST', `/templates/${id}/duplicate`],
        ['GET', `/templates/${id}/usage`],
      ] as const) {
        const res = await api(b, method, url, payload);
        expectError(res, 404, 'TEMPLATE_NOT_FOUND');
        expect(res.body).not.toContain('secret-name');
      }
    }
    expect((await api(b, 'GET', '/templates')).json().total).toBe(0);
    expect((await api(a, 'GET', `/templates/${mine.id}`)).json()).toEqual(mine);
  });

  it('reports usage from the lookups wired in, empty when nothing references the template', async () => {
    const p = await t.make.project();
    const unused = await t.make.template(p);
    expect((await api(p, 'GET', `/templates/${unused.id}/usage`)).json()).toEqual({ campaigns: [], workflows: [] });
    const used = await t.make.template(p, { name: 'used' });
    expect((await api(p, 'GET', `/templates/${used.id}/usage`)).json()).toEqual({
      campaigns: [{ id: `c-1-${p.id}`, name: 'Launch' }],
      workflows: [],
    });
  });
});
