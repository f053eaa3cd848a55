// Invariant: only links we signed move an email's engagement. A valid pixel counts an open and a valid
// click link counts a click and redirects to exactly the URL signed into it; first times are kept,
// statuses only move forward, and a contact's email records email.open once, at its first open (by the
// pixel or by a click that comes first), and email.click at every click.
// A tampered token, a token of another kind, a non-http(s) URL or another project's email id changes
// nothing, and a click link never redirects anywhere but its own http(s) URL.
import { describe, expect, it } from 'vitest';
import type { EmailStatus } from '../../src/db/schema.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { newId } from '../../src/lib/ids.ts';
import { clickUrl, openPixelUrl } from '../../src/mail/links.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { expectError } from './support.ts';

const T0 = new Date('2026-03-01T10:00:00.000Z');

describe.each(DIALECTS)('open and click tracking on %s', (dialect) => {
  const clock = manualClock(T0);
  const t = useTestEnv({ dialect, clock });
  const base = () => t.config.baseUrl;
  const secret = () => t.deps.secrets.signingSecret;
  /** The path of a link we built, for app.inject. */
  const pathOf = (url: string) => url.slice(base().length);

  async function email(projectId: string, contactId: string | null, status: EmailStatus = 'SENT') {
    const id = newId();
    const now = clock.now();
    await t.deps.db
      .insertInto('emails')
      .values({
        id,
        projectId,
        contactId,
        sourceType: 'TRANSACTIONAL',
        emailType: 'TRANSACTIONAL',
        status,
        priority: 0,
        attempts: 0,
        openCount: 0,
        clickCount: 0,
        toEmail: 'ann@example.test',
        fromEmail: 'news@sender.test',
        subject: 'Hello',
        html: '<p>Hello</p>',
        text: 'Hello',
        headers: '{}',
        messageId: `${id}@sender.test`,
        nextAttemptAt: now,
        sentAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    return id;
  }

  const row = (id: string) =>
    t.deps.db
      .selectFrom('emails')
      .select(['status', 'openedAt', 'openCount', 'clickedAt', 'clickCount'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const events = async (emailId: string) => {
    const rows = await t.deps.db
      .selectFrom('events')
      .select(['projectId', 'name', 'contactId', 'data'])
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    return rows
      .map((r) => ({ ...r, data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data }))
      .filter((r) => r.data.emailId === emailId);
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url: pathOf(url) });
  const open = (p: string, e: string) => openPixelUrl(base(), secret(), { p, e });
  const click = (p: string, e: string, u: string) => clickUrl(base(), secret(), { p, e, u });
  /** The token with one character of its payload changed. */
  const tamper = (url: string) => {
    const i = url.lastIndexOf('/') + 3;
    return url.slice(0, i) + (url[i] === 'A' ? 'B' : 'A') + url.slice(i + 1);
  };

  async function expectPixel(url: string) {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.length).toBe(43);
    expect(res.rawPayload.subarray(0, 6).toString('latin1')).toBe('GIF89a');
  }

  it('counts opens, keeps the first time, moves SENT to OPENED and records email.open once', async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p);
    const id = await email(p.id, c.id);
    await expectPixel(open(p.id, id));
    clock.advance(60_000);
    await expectPixel(open(p.id, id));
    expect(await row(id)).toEqual({
      status: 'OPENED',
      openedAt: T0.toISOString(),
      openCount: 2,
      clickedAt: null,
      clickCount: 0,
    });
    // Every view loads the pixel again: the row counts each, the event log keeps the first.
    expect(await events(id)).toEqual([{ projectId: p.id, name: 'email.open', contactId: c.id, data: { emailId: id } }]);
  });

  it('moves DELIVERED to OPENED but leaves CLICKED and BOUNCED as they are', async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p);
    for (const [from, to] of [
      ['DELIVERED', 'OPENED'],
      ['CLICKED', 'CLICKED'],
      ['BOUNCED', 'BOUNCED'],
    ] as const) {
      const id = await email(p.id, c.id, from);
      await expectPixel(open(p.id, id));
      expect(await row(id), from).toMatchObject({ status: to, openCount: 1, openedAt: clock.now().toISOString() });
    }
  });

  it('serves the pixel for garbage, tampered and foreign tokens and changes nothing', async () => {
    const p = await t.make.project();
    const other = await t.make.project();
    const c = await t.make.contact(p);
    const id = await email(p.id, c.id);
    const before = await row(id);
    for (const url of [
      `${base()}/t/o/garbage`,
      `${base()}/t/o/a.b.c`,
      `${base()}/t/o/${'x'.repeat(5000)}`,
      tamper(open(p.id, id)),
      click(p.id, id, 'https://a.test/').replace('/t/c/', '/t/o/'),
      open(other.id, id),
    ]) {
      await expectPixel(url);
    }
    expect(await row(id)).toEqual(before);
    expect(await events(id)).toEqual([]);
  });

  it('redirects a click to its signed URL, counting the click and a first open, and records email.click', async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p);
    const id = await email(p.id, c.id);
    const target = 'https://shop.test/sale?utm_source=mail&x=%20y#top';
    const res = await get(click(p.id, id, target));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(target);
    const clickedAt = clock.now().toISOString();
    clock.advance(1000);
    expect((await get(click(p.id, id, target))).headers.location).toBe(target);
    expect(await row(id)).toEqual({ status: 'CLICKED', openedAt: clickedAt, openCount: 1, clickedAt, clickCount: 2 });
    // The first click proves the open (images off): its email.open is recorded with it, once.
    expect((await events(id)).map((e) => [e.name, e.contactId, e.data])).toEqual([
      ['email.open', c.id, { emailId: id }],
      ['email.click', c.id, { emailId: id, url: target }],
      ['email.click', c.id, { emailId: id, url: target }],
    ]);
    // A pixel load after it counts a view but is no first open: no second email.open.
    clock.advance(1000);
    await expectPixel(open(p.id, id));
    expect(await row(id)).toMatchObject({ openedAt: clickedAt, openCount: 2 });
    expect((await events(id)).filter((e) => e.name === 'email.open')).toHaveLength(1);
  });

  it('shows an open that arrived by a click in GET /events and the activity feed', async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p);
    const id = await email(p.id, c.id);
    expect((await get(click(p.id, id, 'https://shop.test/'))).statusCode).toBe(302);
    const auth = { authorization: p.auth };
    const listed = await t.app.inject({ method: 'GET', url: `/events/contact/${c.id}`, headers: auth });
    expect(listed.statusCode, listed.body).toBe(200);
    const names = listed
      .json()
      .data.map((e: { name: string }) => e.name)
      .sort();
    expect(names).toEqual(['email.click', 'email.open']);
    const feed = await t.app.inject({ method: 'GET', url: '/activity?limit=50', headers: auth });
    expect(feed.statusCode, feed.body).toBe(200);
    const types = feed.json().data.map((a: { type: string }) => a.type);
    expect(types.filter((x: string) => x === 'email.opened')).toHaveLength(1);
    expect(types).toContain('email.clicked');
  });

  it('records exactly one email.open when a first click and a first pixel load race', async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p);
    const ids = await Promise.all(Array.from({ length: 8 }, () => email(p.id, c.id)));
    await Promise.all(
      ids.flatMap((id) => [get(click(p.id, id, 'https://shop.test/')), get(open(p.id, id)), get(open(p.id, id))]),
    );
    for (const id of ids) {
      expect(
        (await events(id)).filter((e) => e.name === 'email.open'),
        id,
      ).toHaveLength(1);
      // Two pixel views, plus the click when it came first (it proves an open only then).
      const r = await row(id);
      expect(r).toMatchObject({ clickCount: 1, status: 'CLICKED' });
      expect([2, 3]).toContain(r.openCount);
    }
  });

  it('keeps an earlier open when a click follows it', async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p);
    const id = await email(p.id, c.id);
    await expectPixel(open(p.id, id));
    const openedAt = clock.now().toISOString();
    clock.advance(5000);
    expect((await get(click(p.id, id, 'http://a.test/'))).statusCode).toBe(302);
    expect(await row(id)).toEqual({
      status: 'CLICKED',
      openedAt,
      openCount: 1,
      clickedAt: clock.now().toISOString(),
      clickCount: 1,
    });
  });

  it('refuses tampered, wrong-kind and non-http(s) click links with 404 and changes nothing', async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p);
    const id = await email(p.id, c.id);
    const before = await row(id);
    for (const url of [
      tamper(click(p.id, id, 'https://a.test/')),
      open(p.id, id).replace('/t/o/', '/t/c/'),
      click(p.id, id, 'javascript:alert(1)'),
      click(p.id, id, 'JavaScript://a.test/%0aalert(1)'),
      click(p.id, id, 'data:text/html,<script>alert(1)</script>'),
      click(p.id, id, '//evil.test/'),
      click(p.id, id, 'https://evil.test/\r\nSet-Cookie: a=b'),
      `${base()}/t/c/garbage`,
    ]) {
      const res = await get(url);
      expectError(res, 404, 'LINK_NOT_FOUND');
      expect(res.headers.location).toBeUndefined();
    }
    expect(await row(id)).toEqual(before);
    expect(await events(id)).toEqual([]);
  });

  it("changes nothing in another project's email named by a valid link of one's own project", async () => {
    const a = await t.make.project();
    const b = await t.make.project();
    const c = await t.make.contact(a);
    const id = await email(a.id, c.id);
    const before = await row(id);
    expect((await get(click(b.id, id, 'https://a.test/'))).headers.location).toBe('https://a.test/');
    await expectPixel(open(b.id, id));
    expect(await row(id)).toEqual(before);
    expect(await events(id)).toEqual([]);
  });

  it('still redirects for a deleted email and counts without an event for an email without contact', async () => {
    const p = await t.make.project();
    const gone = newId();
    const res = await get(click(p.id, gone, 'https://a.test/x'));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://a.test/x');
    expect(await events(gone)).toEqual([]);

    const id = await email(p.id, null);
    expect((await get(click(p.id, id, 'https://a.test/y'))).statusCode).toBe(302);
    await expectPixel(open(p.id, id));
    expect(await row(id)).toMatchObject({ status: 'CLICKED', openCount: 2, clickCount: 1 });
    expect(await events(id)).toEqual([]);
  });

  it('answers HEAD like GET without counting anything', async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p);
    const id = await email(p.id, c.id);
    const before = await row(id);
    const head = (url: string) => t.app.inject({ method: 'HEAD', url: pathOf(url) });
    const pixel = await head(open(p.id, id));
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    const link = await head(click(p.id, id, 'https://a.test/h'));
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toBe('https://a.test/h');
    expect((await head(click(p.id, id, 'javascript:alert(1)'))).statusCode).toBe(404);
    expect(await row(id)).toEqual(before);
    expect(await events(id)).toEqual([]);
  });

  it('follows click links longer than the router allows for a path parameter', async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p);
    const id = await email(p.id, c.id);
    const target = `https://a.test/landing?ref=${'r'.repeat(1900)}`;
    const url = click(p.id, id, target);
    expect(pathOf(url).length).toBeGreaterThan(2500);
    const res = await get(url);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(target);
    expect(await row(id)).toMatchObject({ clickCount: 1 });
  });
});
