// Invariant: every change of a template's subject or content is a version with its author; versions
// are listed, read and restored as new versions; a draft is never sent until published; a save based
// on a stale version is a 409 naming who saved the newer one and changes nothing; previews render
// without storing; bad documents and MJML are 422s naming the path and store nothing.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject, TestUser } from '../factories.ts';
import { sendHelpers } from './send-helpers.ts';
import { expectError } from './support.ts';
import { memberOf } from './team-helpers.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const doc = (text: string) => ({ version: 1, blocks: [{ type: 'heading', text }] });

describe.each(DIALECTS)('template versions, drafts and previews on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const { send, outbox } = sendHelpers(t);

  const asKey = (p: TestProject) => (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: p.auth }, ...(payload ? { payload } : {}) });
  const asMember = (p: TestProject, user: TestUser) => (method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: user.cookie, 'x-project-id': p.id },
      ...(payload ? { payload } : {}),
    });
  const fieldsOf = (res: LightMyRequestResponse) =>
    (expectError(res, 422, 'VALIDATION_ERROR').errors as Array<{ field: string }>).map((e) => e.field);

  async function blocksTemplate(p: TestProject) {
    const res = await asKey(p)('POST', '/templates', {
      name: 'News',
      subject: 'One',
      type: 'TRANSACTIONAL',
      format: 'BLOCKS',
      document: doc('First {{ firstName }}'),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it('keeps a version per content change with its author, and restores one as a new version', async () => {
    const p = await t.make.project();
    const ann = await memberOf(t, p, 'MEMBER', 'ann@team.test');
    const tpl = await blocksTemplate(p);
    const api = asKey(p);
    // A change that is not content (the name) is no version.
    expect((await api('PATCH', `/templates/${tpl.id}`, { name: 'Renamed' })).json().version).toBe(1);
    const v2 = await asMember(p, ann)('PATCH', `/templates/${tpl.id}`, { subject: 'Two', baseVersion: 1 });
    expect(v2.statusCode, v2.body).toBe(200);
    expect(v2.json()).toMatchObject({ version: 2, subject: 'Two', name: 'Renamed' });
    const v3 = await api('PATCH', `/templates/${tpl.id}`, { format: 'MJML', body: '<mjml><mj-body></mj-body></mjml>' });
    expect(v3.json()).toMatchObject({ version: 3, format: 'MJML', document: null });

    const list = (await api('GET', `/templates/${tpl.id}/versions`)).json();
    expect(list.total).toBe(3);
    expect(list.versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(list.versions[1]).toMatchObject({
      subject: 'Two',
      format: 'BLOCKS',
      createdBy: { type: 'USER', userId: ann.id, email: 'ann@team.test' },
    });
    expect(list.versions[0].createdBy).toEqual({ type: 'KEY', userId: null, email: null });
    expect((await api('GET', `/templates/${tpl.id}/versions?pageSize=1&page=3`)).json().versions[0].version).toBe(1);

    const first = (await api('GET', `/templates/${tpl.id}/versions/1`)).json();
    expect(first).toMatchObject({
      version: 1,
      subject: 'One',
      format: 'BLOCKS',
      document: doc('First {{ firstName }}'),
    });
    expect(first.body).toContain('First {{ firstName }}');
    expectError(await api('GET', `/templates/${tpl.id}/versions/9`), 404, 'VERSION_NOT_FOUND');

    const restored = await api('POST', `/templates/${tpl.id}/versions/1/restore`, { baseVersion: 3 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ version: 4, subject: 'One', format: 'BLOCKS', document: first.document });
    expect((await api('GET', `/templates/${tpl.id}/versions`)).json().total).toBe(4);
  });

  it('answers a save based on a stale version with 409 naming the newer author, changing nothing', async () => {
    const p = await t.make.project();
    const bea = await memberOf(t, p, 'ADMIN', 'bea@team.test');
    const tpl = await blocksTemplate(p);
    const saved = await asMember(p, bea)('PATCH', `/templates/${tpl.id}`, { document: doc('Bea'), baseVersion: 1 });
    expect(saved.json().version).toBe(2);
    for (const [method, url, body] of [
      ['PATCH', `/templates/${tpl.id}`, { document: doc('Stale'), baseVersion: 1 }],
      ['PUT', `/templates/${tpl.id}/draft`, { subject: 'Stale', baseVersion: 1 }],
      ['POST', `/templates/${tpl.id}/versions/1/restore`, { baseVersion: 1 }],
    ] as const) {
      const error = expectError(await asKey(p)(method, url, body), 409, 'VERSION_CONFLICT');
      expect(error.message).toContain('bea@team.test');
      expect(error.message).toContain('Version 2');
    }
    const now = (await asKey(p)('GET', `/templates/${tpl.id}`)).json();
    expect(now).toMatchObject({ version: 2, draft: null, document: doc('Bea') });

    // Two saves on the same base at once: one wins, the other is told; never both.
    const racing = await Promise.all(
      ['One', 'Two'].map((text) => asKey(p)('PATCH', `/templates/${tpl.id}`, { document: doc(text), baseVersion: 2 })),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const versions = (await asKey(p)('GET', `/templates/${tpl.id}/versions`)).json();
    expect(versions.total).toBe(3);
  });

  it('never sends a draft; publishing makes it the next version, deleting drops it', async () => {
    const p = await t.make.project();
    await t.make.verifiedDomain(p, 'draft.test');
    const api = asKey(p);
    const tpl = await blocksTemplate(p);
    await api('PATCH', `/templates/${tpl.id}`, { from: 'hi@draft.test' });
    const put = await api('PUT', `/templates/${tpl.id}/draft`, {
      subject: 'Draft {{ firstName }}',
      document: doc('Draft body'),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ version: 1, subject: 'One' });
    expect(put.json().draft).toMatchObject({
      subject: 'Draft {{ firstName }}',
      format: 'BLOCKS',
      document: doc('Draft body'),
      baseVersion: 1,
      updatedBy: { type: 'KEY' },
    });
    // A second draft save keeps what it does not give.
    const again = await api('PUT', `/templates/${tpl.id}/draft`, { document: doc('Draft body 2') });
    expect(again.json().draft.subject).toBe('Draft {{ firstName }}');

    const dee = await t.make.contact(p, { email: 'd@example.test', data: { firstName: 'Dee' } });
    expect((await send(p, { to: 'd@example.test', template: tpl.id })).statusCode).toBe(200);
    const [sent] = await outbox(p, 'd@example.test');
    expect(sent!.subject).toBe('One');
    expect(sent!.html).toContain('First Dee');
    expect(sent!.html).not.toContain('Draft');

    const preview = await api('GET', `/templates/${tpl.id}/preview?contactId=${dee.id}&draft=true`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ subject: 'Draft Dee' });
    expect(preview.json().html).toContain('Draft body 2');

    const published = await api('POST', `/templates/${tpl.id}/publish`, {});
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({
      version: 2,
      subject: 'Draft {{ firstName }}',
      draft: null,
      document: doc('Draft body 2'),
    });
    expectError(await api('POST', `/templates/${tpl.id}/publish`, {}), 409, 'NO_DRAFT');

    await api('PUT', `/templates/${tpl.id}/draft`, { subject: 'Dropped' });
    expect((await api('DELETE', `/templates/${tpl.id}/draft`)).statusCode).toBe(204);
    expect((await api('GET', `/templates/${tpl.id}`)).json()).toMatchObject({ draft: null, version: 2 });
  });

  it('renders previews without storing anything', async () => {
    const p = await t.make.project();
    const api = asKey(p);
    const contact = await t.make.contact(p, { email: 'pre@example.test', data: { firstName: 'Pia' } });
    const res = await api('POST', '/templates/preview', {
      format: 'BLOCKS',
      subject: 'Hi {{ firstName }}',
      document: doc('Hello {{ firstName ?? "you" }}'),
      data: { firstName: 'Max' },
      type: 'MARKETING',
    });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view.subject).toBe('Hi Max');
    expect(view.html).toContain('Hello Max');
    expect(view.html).toContain('/unsubscribe/');
    expect(view.text).toContain('Hello Max');
    const mjml = await api('POST', '/templates/preview', {
      format: 'MJML',
      subject: 'S',
      body: '<mjml><mj-body><mj-section><mj-column><mj-text>M {{ firstName }}</mj-text></mj-column></mj-section></mj-body></mjml>',
    });
    expect(mjml.json().html).toMatch(/M \s*<\/div>|M <\/div>/);
    expect((await api('GET', '/templates')).json().total).toBe(0);

    const tpl = await blocksTemplate(p);
    const saved = await api('GET', `/templates/${tpl.id}/preview?contactId=${contact.id}`);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().html).toContain('First Pia');
    expectError(
      await api('GET', `/templates/${tpl.id}/preview?contactId=${crypto.randomUUID()}`),
      404,
      'CONTACT_NOT_FOUND',
    );
  });

  it('refuses bad documents and MJML with 422 naming the path, storing nothing', async () => {
    const p = await t.make.project();
    const api = asKey(p);
    const create = (over: object) =>
      api('POST', '/templates', { name: 'Bad', subject: 'S', type: 'TRANSACTIONAL', format: 'BLOCKS', ...over });
    const blocks = (...b: object[]) => ({ document: { version: 1, blocks: b } });
    const cases: Array<[object, string]> = [
      [blocks({ type: 'heading', text: 'a' }, { type: 'video', src: 'x' }), 'document.blocks[1].type'],
      [blocks({ type: 'heading', text: 'a', colour: 'red' }), 'document.blocks[0].colour'],
      [blocks({ type: 'button', label: 'b', href: 'javascript:alert(1)' }), 'document.blocks[0].href'],
      [blocks({ type: 'image', src: 'ftp://x.test/a.png', alt: '' }), 'document.blocks[0].src'],
      [
        blocks({ type: 'columns', columns: [[{ type: 'columns', columns: [[], []] }], []] }),
        'document.blocks[0].columns[0][0].type',
      ],
      [blocks({ type: 'columns', columns: [[]] }), 'document.blocks[0].columns'],
      [blocks({ type: 'spacer', height: 0 }), 'document.blocks[0].height'],
      [
        blocks({ type: 'button', label: 'b', href: 'https://x.test', backgroundColor: 'red;x' }),
        'document.blocks[0].backgroundColor',
      ],
      [blocks(...Array.from({ length: 501 }, () => ({ type: 'divider' }))), 'document.blocks'],
      [
        {
          document: {
            version: 1,
            blocks: [
              { type: 'html', html: 'x'.repeat(100_000) },
              ...Array.from({ length: 6 }, () => ({ type: 'text', html: 'y'.repeat(99_000) })),
            ],
          },
        },
        'document',
      ],
      [{ document: { version: 2, blocks: [] } }, 'document.version'],
      [{ document: { version: 1, blocks: [], style: { contentWidth: 900 } } }, 'document.style.contentWidth'],
      [{ body: '<p>x</p>' }, 'body'],
      [{}, 'document'],
      [
        { format: 'MJML', body: '<mjml><mj-body><mj-section>\n<mj-bogus></mj-bogus></mj-section></mj-body></mjml>' },
        'body',
      ],
      [{ format: 'MJML', body: '<p>not mjml</p>' }, 'body'],
      [{ format: 'HTML', document: { version: 1, blocks: [] } }, 'document'],
    ];
    for (const [over, field] of cases) {
      const res = await create(over);
      expect(fieldsOf(res), JSON.stringify(over).slice(0, 120)).toContain(field);
    }
    const mjml = await create({
      format: 'MJML',
      body: '<mjml><mj-body><mj-section>\n<mj-bogus></mj-bogus></mj-section></mj-body></mjml>',
    });
    expect((expectError(mjml, 422, 'VALIDATION_ERROR').errors as Array<{ message: string }>)[0]!.message).toMatch(
      /^line 2: /,
    );
    expect((await api('GET', '/templates')).json().total).toBe(0);

    // A text block's HTML is cleaned, not refused: only the inline elements stay.
    const clean = await create({
      ...blocks({
        type: 'text',
        html: '<p onclick="x()">A <em>b</em> <img src=x onerror=y()><span style="color:#f00;position:fixed">c</span><a href="javascript:z()">d</a></p>',
      }),
    });
    expect(clean.statusCode, clean.body).toBe(201);
    expect(clean.json().document.blocks[0].html).toBe('A <em>b</em> <span style="color:#f00">c</span><a>d</a>');

    // A PATCH with a bad document keeps the template as it was.
    const tpl = clean.json();
    fieldsOf(await api('PATCH', `/templates/${tpl.id}`, blocks({ type: 'nope' })));
    expect((await api('GET', `/templates/${tpl.id}`)).json()).toMatchObject({ version: 1, document: tpl.document });
    expect((await api('GET', `/templates/${tpl.id}/versions`)).json().total).toBe(1);
  });
});
