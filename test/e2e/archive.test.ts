// Invariant: a project's public archive lists exactly its SENT campaigns with `archive: true`, newest
// first, keyset-paged, and shows each rendered with the Liquid fallbacks only: no recipient's data, no
// tracking, no personal links. Its RSS 2.0 feed says the same. Anything else (a draft, a campaign not
// archived or another project's, an unknown or malformed project) is a 404 page, never a 500; every
// value is escaped. `archive` is a boolean on create, replace and PATCH (any state), 422 otherwise.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { setProjectDisabled } from '../../src/projects/projects.service.ts';
import { PUBLIC_READS_PER_MINUTE } from '../../src/web-version/web-version.routes.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { expectError, fieldNames } from './support.ts';
import { srcdocOf, webVersionHelpers } from './web-version-helpers.ts';

const XSS = '<script>alert(1)</script> & "more"';

describe.each(DIALECTS)('the public archive on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const h = webVersionHelpers(t);

  /** A campaign created with `over` and, unless `send` is false, sent to the project's contacts. */
  async function campaign(p: TestProject, over: Record<string, unknown>, send = true) {
    const id = await h.createCampaign(p, over);
    if (send) expect((await h.sendCampaign(p, id)).status).toBe('SENT');
    return id;
  }

  /** A project with a recipient and: two archived sent campaigns, one sent not archived, one archived draft. */
  async function published() {
    const p = await t.make.project();
    await t.make.contact(p, { email: 'ann@arch.test', data: { firstName: 'Ann' } });
    const first = await campaign(p, { archive: true });
    const hidden = await campaign(p, { archive: false, subject: 'Hidden' });
    const second = await campaign(p, { archive: true, subject: XSS });
    const draft = await campaign(p, { archive: true, subject: 'Draft' }, false);
    return { p, first, hidden, second, draft };
  }

  /** The archive page's entries as [href, text] pairs, in order. */
  const entries = (page: string) =>
    [...page.matchAll(/<li><a href="([^"]+)">([^<]*)<\/a>/g)].map((m) => [m[1]!, m[2]!] as const);

  it('lists only the archived SENT campaigns of the project, newest first, with date and feed link', async () => {
    const { p, first, second } = await published();
    const other = await t.make.project();
    await t.make.contact(other, { email: 'zed@arch.test' });
    await campaign(other, { archive: true, subject: 'Other project' });

    const res = await h.visit(`/archive/${p.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(entries(res.body)).toEqual([
      [`/archive/${p.id}/${second}`, '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;'],
      [`/archive/${p.id}/${first}`, 'News for there'],
    ]);
    expect(res.body).not.toContain('<script>');
    expect(res.body).not.toContain('Hidden');
    expect(res.body).not.toContain('Draft');
    expect(res.body).not.toContain('Other project');
    expect(res.body).toContain(
      `<link rel="alternate" type="application/rss+xml" title="${p.name}: Newsletter archive" href="http://localhost:3000/archive/${p.id}/feed.xml">`,
    );
    expect(res.body).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[\d:.]+Z">/);
    expect(res.body).toContain('<html lang="en">');
    // Localized by the browser's language.
    const de = await h.visit(`/archive/${p.id}`, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(de.body).toContain('<html lang="de">');
    expect(de.body).toContain('Newsletter-Archiv');
    const es = await h.visit(`/archive/${p.id}`, { 'accept-language': 'es' });
    expect(es.body).toContain('Archivo del boletín');
  });

  it('shows an archived campaign with the fallbacks only: no recipient data, tracking or personal links', async () => {
    const { p, first, second, hidden, draft } = await published();
    const res = await h.visit(`/archive/${p.id}/${first}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('<h1>News for there</h1>');
    const shown = srcdocOf(res.body);
    expect(shown).toContain('Hello there ()');
    expect(shown).toContain('<a href="#">Read online</a>');
    expect(shown).toContain('href="https://example.com/spring"');
    for (const page of [res.body, shown]) {
      expect(page).not.toContain('Ann');
      expect(page).not.toContain('ann@arch.test');
      for (const ours of ['/t/o/', '/t/c/', '/view/', '/unsubscribe/', '/manage/']) expect(page).not.toContain(ours);
    }
    expect(/<iframe [^>]*>/.exec(res.body)![0]).not.toMatch(/allow-scripts|allow-same-origin/);
    const xss = await h.visit(`/archive/${p.id}/${second}`);
    expect(xss.statusCode).toBe(200);
    expect(xss.body).not.toContain('<script>');
    expect(xss.body).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;</h1>');

    const other = await t.make.project();
    const stranger = await campaign(other, { archive: true }, false);
    for (const id of [hidden, draft, stranger, 'not-an-id', `${first}x`, '0190a0a0-0000-7000-8000-000000000000']) {
      const gone = await h.visit(`/archive/${p.id}/${id}`);
      expect(gone.statusCode, id).toBe(404);
      expect(gone.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(gone.body).toContain('<h1>Page not found</h1>');
    }
    // Another project's campaign under its own project is not there either: it was never sent.
    expect((await h.visit(`/archive/${other.id}/${stranger}`)).statusCode).toBe(404);
  });

  it('feeds the archive as RSS 2.0 with an item per archived campaign, everything escaped', async () => {
    const { p, first, second } = await published();
    const res = await h.visit(`/archive/${p.id}/feed.xml`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(XMLValidator.validate(res.body)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false }).parse(
      res.body,
    );
    expect(doc.rss['@version']).toBe('2.0');
    const channel = doc.rss.channel;
    expect(channel.title).toBe(`${p.name}: Newsletter archive`);
    expect(channel.link).toBe(`http://localhost:3000/archive/${p.id}`);
    expect(channel.description).toBe(`Newsletters published by ${p.name}`);
    const rfc822 =
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$/;
    expect(channel.lastBuildDate).toMatch(rfc822);
    const items = [channel.item].flat();
    // Escaped once in the document, so the parser reads back exactly the subject.
    expect(items.map((i: { title: string }) => i.title)).toEqual([XSS, 'News for there']);
    expect(res.body).toContain(`<title>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;</title>`);
    expect(res.body).not.toContain('<script>');
    const links = [`http://localhost:3000/archive/${p.id}/${second}`, `http://localhost:3000/archive/${p.id}/${first}`];
    expect(items.map((i: { link: string }) => i.link)).toEqual(links);
    expect(items.map((i: { guid: { '#text': string } }) => i.guid['#text'])).toEqual(links);
    for (const item of items) {
      expect(item.guid['@isPermaLink']).toBe('true');
      expect(item.pubDate).toMatch(rfc822);
    }
    expect(new Date(items[0].pubDate).getTime()).toBeGreaterThanOrEqual(new Date(items[1].pubDate).getTime());
    // The body, as escaped HTML: parsed back, it is the HTML rendered with the fallbacks.
    expect(items[1].description).toContain('<p>Hello there ()</p>');
    expect(res.body).toContain('&lt;p&gt;Hello there ()&lt;/p&gt;');
    expect(res.body).not.toContain('ann@arch.test');
    expect(res.body).not.toContain('Hidden');
    expect(res.body).not.toContain('Draft');
    // An empty archive still has a valid feed.
    const empty = await t.make.project();
    const none = await h.visit(`/archive/${empty.id}/feed.xml`);
    expect(none.statusCode).toBe(200);
    expect(XMLValidator.validate(none.body)).toBe(true);
    expect(none.body).not.toContain('<item>');
  });

  it('pages a long archive 50 at a time with an older-page link', async () => {
    const p = await t.make.project();
    const ids: string[] = [];
    for (let i = 0; i < 52; i++) ids.push(await h.createCampaign(p, { subject: `Issue ${i}`, archive: true }));
    // Sent at one-minute steps, written directly: sending 52 campaigns adds nothing the other tests lack.
    const base = Date.now() - 3_600_000;
    for (const [i, id] of ids.entries())
      await t.deps.db
        .updateTable('campaigns')
        .set({ status: 'SENT', sentAt: new Date(base + i * 60_000) })
        .where('id', '=', id)
        .execute();
    const first = await h.visit(`/archive/${p.id}`);
    const one = entries(first.body);
    expect(one).toHaveLength(50);
    expect(one[0]![1]).toBe('Issue 51');
    expect(one[49]![1]).toBe('Issue 2');
    const older = /<a href="([^"]+)">Older newsletters<\/a>/.exec(first.body)![1]!.replace(/&amp;/g, '&');
    expect(older).toBe(`/archive/${p.id}?before=${ids[2]}`);
    expect(first.body).not.toContain('Newest newsletters');
    const second = await h.visit(older);
    expect(second.statusCode).toBe(200);
    expect(entries(second.body).map((e) => e[1])).toEqual(['Issue 1', 'Issue 0']);
    expect(second.body).not.toContain('Older newsletters');
    expect(second.body).toContain(`<a href="/archive/${p.id}">Newest newsletters</a>`);
    for (const before of ['garbage', '0190a0a0-0000-7000-8000-000000000000', `${ids[0]}&before=${ids[1]}`]) {
      expect((await h.visit(`/archive/${p.id}?before=${before}`)).statusCode, before).toBe(404);
    }
  });

  it('is a 404 page for an unknown, malformed or disabled project, never a 500', async () => {
    const p = await t.make.project();
    const paths = [
      '/archive/0190a0a0-0000-7000-8000-000000000000',
      '/archive/not-a-project',
      `/archive/${encodeURIComponent("' or 1=1 --")}`,
      `/archive/${'9'.repeat(300)}`,
      '/archive/not-a-project/feed.xml',
      '/archive/not-a-project/0190a0a0-0000-7000-8000-000000000000',
      '/archive/0190a0a0-0000-7000-8000-000000000000/feed.xml',
    ];
    for (const url of paths) {
      const res = await h.visit(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
    }
    // NUL never reaches a handler: the app-wide input guard answers it, as for /join/%00.
    expectError(await h.visit('/archive/%00'), 422, 'VALIDATION_ERROR');
    expect((await h.visit(`/archive/${p.id}`)).statusCode).toBe(200);
    await setProjectDisabled(t.deps, p.id, true);
    expect((await h.visit(`/archive/${p.id}`)).statusCode).toBe(404);
    expect((await h.visit(`/archive/${p.id}/feed.xml`)).statusCode).toBe(404);
  });

  it('takes `archive` as a boolean on create, replace and PATCH (in any state), 422 naming it otherwise', async () => {
    const p = await t.make.project();
    await t.make.contact(p);
    const id = await h.createCampaign(p);
    const view = async () => (await h.api(p, 'GET', `/campaigns/${id}`)).json();
    expect((await view()).archive).toBe(false);
    for (const archive of ['yes', 1, null, 'true']) {
      const made = expectError(
        await h.api(p, 'POST', '/campaigns', h.campaignBody({ archive })),
        422,
        'VALIDATION_ERROR',
      );
      expect(fieldNames(made)).toEqual(['archive']);
      const put = await h.api(p, 'PUT', `/campaigns/${id}`, h.campaignBody({ archive }));
      expect(fieldNames(expectError(put, 422, 'VALIDATION_ERROR'))).toEqual(['archive']);
      const patch = await h.api(p, 'PATCH', `/campaigns/${id}`, { archive });
      expect(fieldNames(expectError(patch, 422, 'VALIDATION_ERROR'))).toEqual(['archive']);
    }
    expect((await view()).archive).toBe(false);
    const put = await h.api(p, 'PUT', `/campaigns/${id}`, h.campaignBody({ archive: true }));
    expect(put.json().archive).toBe(true);
    // A replace that does not mention it keeps it.
    expect((await h.api(p, 'PUT', `/campaigns/${id}`, h.campaignBody({ name: 'Renamed' }))).json().archive).toBe(true);
    const list = (await h.api(p, 'GET', '/campaigns')).json();
    expect(list.campaigns[0]).toMatchObject({ id, archive: true });
    // PATCH works once sent, when PUT no longer does: a sent campaign joins or leaves the archive.
    expect((await h.sendCampaign(p, id)).status).toBe('SENT');
    expectError(await h.api(p, 'PUT', `/campaigns/${id}`, h.campaignBody({ archive: false })), 409, 'CONFLICT');
    const off = await h.api(p, 'PATCH', `/campaigns/${id}`, { archive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id, status: 'SENT', archive: false });
    expect(entries((await h.visit(`/archive/${p.id}`)).body)).toEqual([]);
    expect((await h.api(p, 'PATCH', `/campaigns/${id}`, { archive: true })).json().archive).toBe(true);
    expect(entries((await h.visit(`/archive/${p.id}`)).body)).toHaveLength(1);
    // Another project's campaign is not found.
    const other = await t.make.project();
    expectError(await h.api(other, 'PATCH', `/campaigns/${id}`, { archive: false }), 404, 'CAMPAIGN_NOT_FOUND');
    expect((await view()).archive).toBe(true);
    const copy = (await h.api(p, 'POST', `/campaigns/${id}/duplicate`)).json();
    expect(copy).toMatchObject({ status: 'DRAFT', archive: true });
  });

  // Last: it spends this file's client address's allowance.
  it(`answers 429 with a page after ${PUBLIC_READS_PER_MINUTE} reads a minute from one address`, async () => {
    const sent = await Promise.all(
      Array.from({ length: PUBLIC_READS_PER_MINUTE + 5 }, () => h.visit('/archive/not-a-project')),
    );
    const limited = sent.filter((r) => r.statusCode === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]!.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited[0]!.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(limited[0]!.body).toContain('Too many requests');
    expect((await h.visit('/view/x.y')).statusCode).toBe(429);
  });
});
