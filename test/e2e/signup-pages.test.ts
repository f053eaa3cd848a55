// Invariant: the hosted form exists only while enabled, shows the project's fields and public topics
// in the visitor's language with every value escaped, and a post of it follows the rules of
// /v1/subscribe: a form failing its own checks comes back (422) with nothing stored, a honeypot
// stores nothing, typed fields are stored typed. The confirmation pages ask on GET and change nothing
// until the POST; a dead link is a 404 page. All are pages: HTML, strict policy, no cache, no script.
import { describe, expect, it } from 'vitest';
import { fromJson } from '../../src/db/codecs.ts';
import { SIGNUP_STRINGS } from '../../src/signup/strings.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { expectPage, FORM, signupHelpers } from './signup-helpers.ts';
import { expectError } from './support.ts';

describe.each(DIALECTS)('sign-up pages on %s', (dialect) => {
  const t = useTestEnv({ dialect, env: { REQUIRE_VERIFIED_DOMAIN: 'true' } });
  const h = signupHelpers(t);
  const s = SIGNUP_STRINGS;

  const fields = [
    { key: 'firstName', label: 'First <name>', type: 'text', required: true },
    { key: 'age', label: 'Age', type: 'number', required: false },
    { key: 'consent', label: 'I agree', type: 'boolean', required: true },
    { key: 'vip', label: 'VIP', type: 'boolean', required: false },
  ];

  async function formProject(settings: object = {}) {
    const p = await h.project({});
    const shown = await h.topic(p, { name: 'Product <news>' });
    const hidden = await h.topic(p, { name: 'Internal only', public: false });
    const res = await h.settings(p, {
      signupFrom: p.from,
      signupForm: {
        enabled: true,
        title: 'Join <us>',
        description: 'Weekly & "useful"',
        topics: [shown, hidden],
        fields,
      },
      ...settings,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { p, shown, hidden };
  }

  const join = (id: string, payload: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/join/${id}`,
      headers: { ...FORM, ...headers },
      payload,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const valid = (email: string, extra = '') =>
    `email=${encodeURIComponent(email)}&data.firstName=Ann&data.age=42&data.consent=true${extra}`;

  it('answers 404 pages for an unknown project, a malformed id and a form not enabled', async () => {
    const p = await h.project();
    for (const id of [p.id, '01900000-0000-7000-8000-000000000000', 'not-a-uuid', 'x'.repeat(300)]) {
      expect(expectPage(await t.app.inject({ url: `/join/${id}` }), 404)).toContain(s.en.formMissingBody);
      expectPage(await join(id, 'email=a@example.test'), 404);
    }
    expect(await h.contactByEmail(p, 'a@example.test')).toBeUndefined();
    // A NUL is refused by the input guard before any handler, as everywhere: the envelope, not a page.
    expectError(await t.app.inject({ url: '/join/%00' }), 422, 'VALIDATION_ERROR');
  });

  it("renders the form's fields and public topics, escaped, with the honeypot hidden, in the browser's language", async () => {
    const { p, shown, hidden } = await formProject();
    const html = expectPage(await t.app.inject({ url: `/join/${p.id}` }), 200);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Join &lt;us&gt;</h1>');
    expect(html).toContain('Weekly &amp; &quot;useful&quot;');
    expect(html).toContain(`<form method="post" action="/join/${p.id}">`);
    expect(html).toContain('name="email" type="email" required');
    expect(html).toContain('First &lt;name&gt;');
    expect(html).toContain('name="data.age" type="number" step="any"');
    expect(html).toContain('name="data.consent" type="checkbox" value="true" required');
    expect(html).toContain(`name="topic.${shown}"`);
    expect(html).toContain('Product &lt;news&gt;');
    expect(html).not.toContain(hidden);
    expect(html).toMatch(/<div class="hp" aria-hidden="true">.*name="website" type="text" tabindex="-1"/);
    expect(html).toContain('.hp{position:absolute;left:-10000px');
    const de = expectPage(
      await t.app.inject({ url: `/join/${p.id}`, headers: { 'accept-language': 'de-DE,de;q=0.9' } }),
      200,
    );
    expect(de).toContain('<html lang="de">');
    expect(de).toContain(`>${s.de.joinButton}</button>`);
  });

  it('subscribes through the form with typed data and the ticked topics', async () => {
    const { p, shown } = await formProject();
    const res = await join(p.id, valid('Form@Example.test', `&topic.${shown}=true&data.unknown=x`));
    expect(expectPage(res, 200)).toContain(s.en.subscribedTitle);
    const row = (await h.contactByEmail(p, 'form@example.test'))!;
    expect(Boolean(row.subscribed)).toBe(true);
    expect(fromJson(row.data)).toEqual({ firstName: 'Ann', age: 42, consent: true, vip: false });
    const view = (await t.app.inject({ url: `/contacts/${row.id}`, headers: { authorization: p.auth } })).json();
    expect(view.topics).toEqual([shown]);
  });

  it('with double opt-in answers "check your inbox" and stores a pending confirmation', async () => {
    const { p, shown } = await formProject({ doubleOptIn: true });
    const res = await join(p.id, valid('dbl@example.test', `&topic.${shown}=true`), { 'accept-language': 'fr' });
    expect(expectPage(res, 200)).toContain(s.fr.checkInboxTitle);
    expect(Boolean((await h.contactByEmail(p, 'dbl@example.test'))!.subscribed)).toBe(false);
    const [pending] = await h.pending(p);
    expect(fromJson(pending!.topics)).toEqual([shown]);
    const [mail] = await h.mailTo(p, 'dbl@example.test');
    expectPage(await t.app.inject({ method: 'POST', url: h.confirmPath(mail!.html) }), 200);
    expect(Boolean((await h.contactByEmail(p, 'dbl@example.test'))!.subscribed)).toBe(true);
  });

  it('shows the form again (422) with the problems and the values, storing nothing', async () => {
    const { p } = await formProject();
    const cases: Array<[string, string]> = [
      ['email=&data.firstName=Ann&data.consent=true', s.en.errorRequired],
      ['email=not-an-address&data.firstName=Ann&data.consent=true', s.en.errorEmail],
      ['email=a%40example.test&data.consent=true', s.en.errorRequired],
      ['email=a%40example.test&data.firstName=Ann', s.en.errorRequired],
      ['email=a%40example.test&data.firstName=Ann&data.consent=true&data.age=old', s.en.errorNumber],
    ];
    for (const [payload, error] of cases) {
      const html = expectPage(await join(p.id, payload), 422);
      expect(html, payload).toContain(`<p class="error">${error}</p>`);
      expect(html).toContain(s.en.errorSummary);
    }
    const again = expectPage(await join(p.id, 'email=%22%3E%3Cb%3Ex&data.firstName=%3Ci%3E'), 422);
    expect(again).toContain('value="&quot;&gt;&lt;b&gt;x"');
    expect(again).toContain('value="&lt;i&gt;"');
    expect(await h.contactByEmail(p, 'a@example.test')).toBeUndefined();
    const count = await t.deps.db
      .selectFrom('contacts')
      .select(t.deps.db.fn.countAll().as('n'))
      .where('projectId', '=', p.id)
      .executeTakeFirst();
    expect(Number(count!.n)).toBe(0);
  });

  it('answers a filled honeypot like a sign-up and stores nothing', async () => {
    const { p } = await formProject({ doubleOptIn: true });
    const res = await join(p.id, `${valid('bot@example.test')}&website=http%3A%2F%2Fspam.test`);
    expect(expectPage(res, 200)).toContain(s.en.checkInboxTitle);
    expect(await h.contactByEmail(p, 'bot@example.test')).toBeUndefined();
    expect(await h.pending(p)).toEqual([]);
  });

  it('refuses an oversized form body and answers a 429 page past the sign-up rate', async () => {
    const { p } = await formProject();
    const big = await join(p.id, `${valid('big@example.test')}&data.firstName=${'x'.repeat(20_000)}`);
    expect(big.statusCode).toBe(413);
    expect(await h.contactByEmail(p, 'big@example.test')).toBeUndefined();
    for (let i = 0; i < 30; i++) {
      const res = await join(p.id, valid(`f${i}@example.test`), {}, '198.51.100.7');
      expect(res.statusCode, res.body).toBe(200);
    }
    const over = await join(p.id, valid('over@example.test'), {}, '198.51.100.7');
    expect(expectPage(over, 429)).toContain(s.en.tooManyTitle);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await h.contactByEmail(p, 'over@example.test')).toBeUndefined();
  });

  it('asks on GET in the contact language, changing nothing, and confirms on POST', async () => {
    const p = await h.project({ doubleOptIn: true });
    await h.subscribe(p.publicKey, { email: 'es@example.test', data: { locale: 'es-MX' } });
    const [mail] = await h.mailTo(p, 'es@example.test');
    expect(mail!.subject).toBe(`Confirme su suscripción a ${p.name}`);
    const link = h.confirmPath(mail!.html);
    for (let i = 0; i < 2; i++) {
      const ask = expectPage(await t.app.inject({ url: link }), 200);
      expect(ask).toContain('<html lang="es">');
      expect(ask).toContain(`>${s.es.confirmButton}</button>`);
      expect(ask).toMatch(/e\*\*\*@example\.test/);
    }
    expect(Boolean((await h.contactByEmail(p, 'es@example.test'))!.subscribed)).toBe(false);
    expect((await h.pending(p))[0]!.confirmedAt).toBeNull();
    const done = expectPage(await t.app.inject({ method: 'POST', url: link, headers: FORM, payload: '' }), 200);
    expect(done).toContain(s.es.confirmedTitle);
  });

  it('answers a tampered, foreign or malformed token with a 404 page in the browser language', async () => {
    const p = await h.project({ doubleOptIn: true });
    await h.subscribe(p.publicKey, { email: 'tamper@example.test' });
    const [mail] = await h.mailTo(p, 'tamper@example.test');
    const link = h.confirmPath(mail!.html);
    const token = link.split('/').pop()!;
    const flipped = `${token.slice(0, 5)}${token[5] === 'A' ? 'B' : 'A'}${token.slice(6)}`;
    for (const bad of [flipped, 'x', `${token}x`, token.split('.')[0]!, `${token.split('.')[0]}.${'A'.repeat(22)}`]) {
      for (const method of ['GET', 'POST'] as const) {
        const html = expectPage(
          await t.app.inject({ method, url: `/confirm/${bad}`, headers: { 'accept-language': 'de' } }),
          404,
        );
        expect(html).toContain(s.de.invalidBody);
      }
    }
    expect(Boolean((await h.contactByEmail(p, 'tamper@example.test'))!.subscribed)).toBe(false);
  });
});
