// Invariant: a subscription link changes a contact only by POST, only with a valid signed token naming a
// contact of the token's project, and each real change records exactly one subscription event. The
// one-click POST (RFC 8058) answers 200 however often it is repeated, and the pages never carry
// unescaped data.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { fromJson } from '../../src/db/codecs.ts';
import { subscriptionUrls } from '../../src/mail/links.ts';
import { STRINGS } from '../../src/public-pages/strings.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { eventsNamed } from './contacts-helpers.ts';

const ONE_CLICK = 'List-Unsubscribe=One-Click';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

function expectPage(res: LightMyRequestResponse, status: number): string {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type'], res.body).toBe('text/html; charset=utf-8');
  expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.body).not.toMatch(/<script/i);
  return res.body;
}

/** The token with one character of its payload changed (the MAC part can absorb a last-character change). */
function tamper(token: string): string {
  const c = token[3] === 'A' ? 'B' : 'A';
  return `${token.slice(0, 3)}${c}${token.slice(4)}`;
}

describe.each(DIALECTS)('subscription pages on %s', (dialect) => {
  const t = useTestEnv({ dialect });

  async function setup(data: Record<string, unknown> = {}, input: { email?: string; emailId?: string } = {}) {
    const p = await t.make.project();
    const contact = await t.make.contact(p, { data, email: input.email });
    const link = { p: p.id, c: contact.id, ...(input.emailId ? { e: input.emailId } : {}) };
    const urls = subscriptionUrls(t.config.baseUrl, t.deps.secrets.signingSecret, link);
    const path = (url: string) => new URL(url).pathname;
    const token = path(urls.manageUrl).split('/').pop()!;
    const subscribed = async () =>
      (await t.app.inject({ url: `/contacts/${contact.id}`, headers: { authorization: p.auth } })).json().subscribed;
    const events = async (name: string) =>
      (await eventsNamed(t.deps, p.id, name)).filter((e) => e.contactId === contact.id);
    return {
      p,
      contact,
      token,
      unsubscribe: path(urls.unsubscribeUrl),
      subscribe: path(urls.subscribeUrl),
      manage: path(urls.manageUrl),
      subscribed,
      events,
    };
  }

  it('shows the unsubscribe page on GET without changing the contact', async () => {
    const s = await setup();
    const html = expectPage(await t.app.inject({ url: s.unsubscribe }), 200);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`<form method="post" action="/unsubscribe/${s.token}">`);
    expect(html).toMatch(/Unsubscribe <strong>c\*\*\*@example\.test<\/strong>\?/);
    expect(await s.subscribed()).toBe(true);
    expect(await s.events('contact.unsubscribed')).toHaveLength(0);
  });

  it('unsubscribes on the one-click POST, once, and answers 200 on every repeat', async () => {
    const s = await setup({}, { emailId: 'email-123' });
    const first = await t.app.inject({ method: 'POST', url: s.unsubscribe, headers: FORM, payload: ONE_CLICK });
    expect(expectPage(first, 200)).toContain(STRINGS.en.unsubscribedTitle);
    expect(await s.subscribed()).toBe(false);
    const again = await t.app.inject({ method: 'POST', url: s.unsubscribe, headers: FORM, payload: ONE_CLICK });
    expectPage(again, 200);
    const events = await s.events('contact.unsubscribed');
    expect(events).toHaveLength(1);
    expect(fromJson(events[0]!.data)).toEqual({ source: 'link', emailId: 'email-123' });
  });

  it('takes the POST with an empty body, a JSON body and a multipart body too', async () => {
    const s = await setup();
    expectPage(await t.app.inject({ method: 'POST', url: s.unsubscribe }), 200);
    expectPage(await t.app.inject({ method: 'POST', url: s.unsubscribe, payload: { any: 'thing' } }), 200);
    const boundary = 'xyzzy';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    expectPage(await t.app.inject({ method: 'POST', url: s.unsubscribe, headers, payload: multipart }), 200);
    expect(await s.subscribed()).toBe(false);
    expect(await s.events('contact.unsubscribed')).toHaveLength(1);
  });

  it('resubscribes on POST /subscribe with one contact.subscribed event', async () => {
    const s = await setup();
    await t.app.inject({ method: 'POST', url: s.unsubscribe, headers: FORM, payload: ONE_CLICK });
    expectPage(await t.app.inject({ url: s.subscribe }), 200);
    expect(await s.subscribed()).toBe(false);
    const res = await t.app.inject({ method: 'POST', url: s.subscribe, headers: FORM, payload: '' });
    expect(expectPage(res, 200)).toContain(STRINGS.en.subscribedTitle);
    await t.app.inject({ method: 'POST', url: s.subscribe, headers: FORM, payload: '' });
    expect(await s.subscribed()).toBe(true);
    expect(await s.events('contact.subscribed')).toHaveLength(1);
  });

  it('shows the current state on the manage page with the one button that switches it', async () => {
    const s = await setup();
    const on = expectPage(await t.app.inject({ url: s.manage }), 200);
    expect(on).toContain(STRINGS.en.manageSubscribed.replace('{email}', ''));
    expect(on).toContain(`action="/unsubscribe/${s.token}"`);
    expect(on).not.toContain('action="/subscribe/');
    await t.app.inject({ method: 'POST', url: s.unsubscribe });
    const off = expectPage(await t.app.inject({ url: s.manage }), 200);
    expect(off).toContain(STRINGS.en.manageUnsubscribed.replace('{email}', ''));
    expect(off).toContain(`action="/subscribe/${s.token}"`);
  });

  it("speaks the contact's data.locale", async () => {
    const s = await setup({ locale: 'de-AT' });
    const html = expectPage(await t.app.inject({ url: s.unsubscribe }), 200);
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('abmelden?');
    expect(html).toContain('>Abmelden</button>');
    const done = expectPage(await t.app.inject({ method: 'POST', url: s.unsubscribe }), 200);
    expect(done).toContain('Sie wurden abgemeldet');
  });

  it('answers 404 with a page, changing nothing, for a tampered token', async () => {
    const s = await setup();
    for (const url of [s.unsubscribe, s.subscribe, s.manage]) {
      const bad = url.replace(s.token, tamper(s.token));
      expect(expectPage(await t.app.inject({ url: bad }), 404)).toContain(STRINGS.en.invalidBody);
      if (url === s.manage) continue;
      expectPage(await t.app.inject({ method: 'POST', url: bad, headers: FORM, payload: ONE_CLICK }), 404);
    }
    expectPage(await t.app.inject({ url: '/unsubscribe/not-a-token' }), 404);
    const german = await t.app.inject({ url: '/manage/x.y', headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(expectPage(german, 404)).toContain(STRINGS.de.invalidBody);
    expect(await s.subscribed()).toBe(true);
    expect(await s.events('contact.unsubscribed')).toHaveLength(0);
  });

  it('answers 404 for a deleted contact and for a token whose project does not own the contact', async () => {
    const s = await setup();
    const other = await t.make.project();
    const foreign = subscriptionUrls(t.config.baseUrl, t.deps.secrets.signingSecret, { p: other.id, c: s.contact.id });
    const foreignPath = new URL(foreign.unsubscribeUrl).pathname;
    expectPage(await t.app.inject({ url: foreignPath }), 404);
    expectPage(await t.app.inject({ method: 'POST', url: foreignPath }), 404);
    expect(await s.subscribed()).toBe(true);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/contacts/${s.contact.id}`,
      headers: { authorization: s.p.auth },
    });
    expect(del.statusCode).toBe(204);
    expectPage(await t.app.inject({ url: s.unsubscribe }), 404);
    expectPage(await t.app.inject({ method: 'POST', url: s.unsubscribe, headers: FORM, payload: ONE_CLICK }), 404);
    expect(await s.events('contact.unsubscribed')).toHaveLength(0);
  });

  it('never shows data unescaped', async () => {
    const s = await setup(
      { name: '<script>alert(1)</script>', locale: '"><script>x</script>' },
      { email: '"<script>"@x.test' },
    );
    for (const url of [s.unsubscribe, s.subscribe, s.manage]) {
      const html = expectPage(await t.app.inject({ url }), 200);
      expect(html).toContain('<html lang="en">');
    }
    expectPage(await t.app.inject({ method: 'POST', url: s.unsubscribe }), 200);
  });

  it('keeps form bodies to these pages: other routes still refuse them, and a large one is refused', async () => {
    const s = await setup();
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/contacts',
      headers: { ...FORM, authorization: s.p.auth },
      payload: 'email=a@b.test',
    });
    expect(elsewhere.statusCode).toBe(415);
    const big = await t.app.inject({
      method: 'POST',
      url: s.unsubscribe,
      headers: FORM,
      payload: `a=${'x'.repeat(5000)}`,
    });
    expect(big.statusCode).toBe(413);
    expect(await s.subscribed()).toBe(true);
  });

  // These routes are hidden from /openapi.json, so the input sweep does not reach them: their own sweep.
  it('answers odd tokens and bodies below 500, and odd tokens with the 404 page', async () => {
    const s = await setup();
    const [body, mac] = s.token.split('.');
    const tokens = [
      'x',
      'a..b',
      'a.b.c',
      `${body}.`,
      `.${mac}`,
      `${body}.${mac}%22%3E%3Cb%3E`,
      '%E2%82%AC',
      'é.ü',
      'a'.repeat(490),
    ];
    for (const token of tokens) {
      for (const page of ['unsubscribe', 'subscribe', 'manage']) {
        const res = await t.app.inject({ url: `/${page}/${token}` });
        if (res.statusCode !== 200) expectPage(res, 404);
      }
    }
    const bodies: Array<[string, string]> = [
      ['application/json', '{"broken'],
      ['text/plain', ONE_CLICK],
      ['application/x-www-form-urlencoded', '%zz=%00&&=='],
      // Multipart is taken unparsed (form-body.ts): the POST itself is the request, so this one unsubscribes.
      ['multipart/form-data', 'no boundary at all'],
    ];
    for (const [type, payload] of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: s.unsubscribe,
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode, `${type} ${res.body}`).toBeLessThan(500);
    }
  });

  it('is left out of the API document', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((path) => /unsubscribe\/|subscribe\/|manage\//.test(path))).toEqual([]);
  });
});

// The limiter counts per project after authentication; these pages have neither, so it lets them by
// (in process, so one dialect shows it).
describe('subscription pages under a tight rate limit', () => {
  const t = useTestEnv({ dialect: 'sqlite', env: { RATE_LIMIT_PER_MINUTE: '1' } });

  it('serves every request without counting it against the project', async () => {
    const p = await t.make.project();
    const contact = await t.make.contact(p);
    const urls = subscriptionUrls(t.config.baseUrl, t.deps.secrets.signingSecret, { p: p.id, c: contact.id });
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'POST', url: new URL(urls.unsubscribeUrl).pathname });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBeUndefined();
    }
    expect(
      (await t.app.inject({ url: `/contacts/${contact.id}`, headers: { authorization: p.auth } })).statusCode,
    ).toBe(200);
  });
});
