// Invariant: POST /v1/subscribe answers a new and a known address alike, never overwrites stored data,
// subscribes at once without double opt-in and, with it, changes nothing until the signed link is
// posted, which applies the sign-up exactly once. Confirmation mail goes through the outbox (at most 3
// an address per 24 h), honeypots and foreign browser origins store nothing, and the settings that
// drive it are refused (422 naming the field) unless they hold.
import { describe, expect, it } from 'vitest';
import { fromJson } from '../../src/db/codecs.ts';
import { newId } from '../../src/lib/ids.ts';
import { emailHash } from '../../src/privacy/erased.ts';
import { prunePendingConfirmations } from '../../src/signup/confirmations.service.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { eventsNamed } from './contacts-helpers.ts';
import { expectPage, signupHelpers } from './signup-helpers.ts';
import { expectError } from './support.ts';

describe.each(DIALECTS)('sign-up API on %s', (dialect) => {
  const t = useTestEnv({ dialect, env: { REQUIRE_VERIFIED_DOMAIN: 'true' } });
  const h = signupHelpers(t);

  describe('settings', () => {
    it('shows the defaults and takes valid settings, origins normalised', async () => {
      const p = await h.project();
      const topic = await h.topic(p);
      const template = await t.make.template(p, { body: '<p><a href="{{ confirmUrl }}">Yes</a></p>' });
      const before = (await h.settings(p, {})).json();
      expect(before).toMatchObject({
        doubleOptIn: false,
        signupFrom: null,
        allowedOrigins: [],
        confirmationTemplateId: null,
        signupForm: { enabled: false, title: '', description: '', topics: [], fields: [] },
      });
      const res = await h.settings(p, {
        doubleOptIn: true,
        signupFrom: p.from.toUpperCase(),
        allowedOrigins: ['https://Example.com/', 'http://localhost:8080', 'https://example.com'],
        confirmationTemplateId: template.id,
        signupForm: {
          enabled: true,
          title: 'News',
          topics: [topic, topic],
          fields: [{ key: 'age', label: 'Age', type: 'number', required: false }],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        doubleOptIn: true,
        signupFrom: p.from,
        allowedOrigins: ['https://example.com', 'http://localhost:8080'],
        confirmationTemplateId: template.id,
        signupForm: {
          enabled: true,
          title: 'News',
          description: '',
          topics: [topic],
          fields: [{ key: 'age', label: 'Age', type: 'number', required: false }],
        },
      });
      const listed = (await t.app.inject({ url: '/users/@me/projects', headers: { cookie: p.owner.cookie } })).json();
      expect(listed.find((x: { id: string }) => x.id === p.id).allowedOrigins).toHaveLength(2);
    });

    it('refuses settings that do not hold, naming each field, and writes nothing', async () => {
      const p = await h.project();
      const other = await h.project();
      const otherTopic = await h.topic(other);
      const linkless = await t.make.template(p, { body: '<p>No link</p>' });
      const theirs = await t.make.template(other, { body: '{{ confirmUrl }}' });
      const cases: Array<[object, string]> = [
        [{ signupFrom: `hello@${other.from.split('@')[1]}` }, 'signupFrom'],
        [{ signupFrom: 'not an address' }, 'signupFrom'],
        [{ doubleOptIn: true }, 'doubleOptIn'],
        [{ confirmationTemplateId: theirs.id }, 'confirmationTemplateId'],
        [{ confirmationTemplateId: 'nope' }, 'confirmationTemplateId'],
        [{ confirmationTemplateId: linkless.id }, 'confirmationTemplateId'],
        [{ allowedOrigins: ['https://ok.test', 'https://example.com/path'] }, 'allowedOrigins.1'],
        [{ allowedOrigins: ['*'] }, 'allowedOrigins.0'],
        [{ allowedOrigins: ['ftp://example.com'] }, 'allowedOrigins.0'],
        [{ signupForm: { enabled: true, topics: [otherTopic] } }, 'signupForm.topics'],
        [
          { signupForm: { enabled: true, fields: [{ key: 'email', label: 'E', type: 'text', required: true }] } },
          'signupForm.fields.0.key',
        ],
        [
          {
            signupForm: {
              enabled: true,
              fields: [
                { key: 'a', label: 'A', type: 'text', required: true },
                { key: 'a', label: 'B', type: 'number', required: false },
              ],
            },
          },
          'signupForm.fields.1.key',
        ],
      ];
      for (const [body, field] of cases) {
        const res = await h.settings(p, { name: 'Changed', ...body });
        const error = expectError(res, 422, 'VALIDATION_ERROR');
        expect(error.errors, JSON.stringify(body)).toEqual(
          expect.arrayContaining([expect.objectContaining({ field })]),
        );
      }
      const bad = await h.settings(p, {
        signupForm: { enabled: true, fields: [{ key: 'a b', label: 'x', type: 'text', required: true }] },
      });
      expectError(bad, 422, 'VALIDATION_ERROR');
      const view = (await h.settings(p, {})).json();
      expect(view).toMatchObject({ name: p.name, doubleOptIn: false, signupFrom: null, allowedOrigins: [] });
      // Turning double opt-in off again, or clearing the sender while it is on, follows the same rule.
      expect((await h.settings(p, { doubleOptIn: true, signupFrom: p.from })).statusCode).toBe(200);
      expectError(await h.settings(p, { signupFrom: null }), 422, 'VALIDATION_ERROR');
      expect((await h.settings(p, { doubleOptIn: false, signupFrom: null })).statusCode).toBe(200);
    });
  });

  describe('without double opt-in', () => {
    it('subscribes a new address and its topics with a public key, recording contact.subscribed', async () => {
      const p = await h.project();
      const topic = await h.topic(p);
      const res = await h.subscribe(p.publicKey, {
        email: 'New@Example.test',
        data: { plan: 'free' },
        topics: [topic],
      });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toEqual({ success: true, data: { status: 'SUBSCRIBED' } });
      const contact = await h.contactByEmail(p, 'new@example.test');
      const view = (await t.app.inject({ url: `/contacts/${contact!.id}`, headers: { authorization: p.auth } })).json();
      expect(view).toMatchObject({ subscribed: true, data: { plan: 'free' }, topics: [topic], confirmedAt: null });
      const events = (await eventsNamed(t.deps, p.id, 'contact.subscribed')).filter((e) => e.contactId === contact!.id);
      expect(events.map((e) => fromJson(e.data))).toEqual([{ source: 'signup' }]);
    });

    it('adds only the data keys a known contact lacks, and resubscribes it', async () => {
      const p = await h.project();
      const known = await t.make.contact(p, { email: 'known@example.test', subscribed: false, data: { plan: 'pro' } });
      const res = await h.subscribe(p.publicKey, {
        email: 'known@example.test',
        data: { plan: 'free', city: 'Berlin' },
      });
      expect(res.statusCode, res.body).toBe(202);
      const row = await h.contactByEmail(p, known.email);
      expect(row!.id).toBe(known.id);
      expect(fromJson(row!.data)).toEqual({ plan: 'pro', city: 'Berlin' });
      expect(Boolean(row!.subscribed)).toBe(true);
    });
  });

  it('answers a new and a known address the same, with and without double opt-in', async () => {
    for (const doubleOptIn of [false, true]) {
      const p = await h.project(doubleOptIn ? { doubleOptIn: true } : {});
      await t.make.contact(p, { email: 'known@example.test' });
      await t.make.contact(p, { email: 'quiet@example.test', subscribed: false });
      const answers = [];
      for (const email of ['known@example.test', 'quiet@example.test', 'fresh@example.test']) {
        const res = await h.subscribe(p.publicKey, { email });
        answers.push({ status: res.statusCode, body: res.json() });
      }
      const want = { success: true, data: { status: doubleOptIn ? 'CONFIRMATION_SENT' : 'SUBSCRIBED' } };
      expect(answers).toEqual([...Array(3)].map(() => ({ status: 202, body: want })));
    }
  });

  describe('with double opt-in', () => {
    it('changes nothing until the link is posted, then applies the sign-up once', async () => {
      const p = await h.project({ doubleOptIn: true });
      const topic = await h.topic(p);
      const res = await h.subscribe(p.publicKey, {
        email: 'ann@example.test',
        topics: [topic],
        data: { locale: 'de' },
      });
      expect(res.json()).toEqual({ success: true, data: { status: 'CONFIRMATION_SENT' } });
      const contact = (await h.contactByEmail(p, 'ann@example.test'))!;
      expect(Boolean(contact.subscribed)).toBe(false);
      const [pending] = await h.pending(p);
      expect(fromJson(pending!.topics)).toEqual([topic]);
      expect(new Date(pending!.expiresAt).getTime() - new Date(pending!.createdAt).getTime()).toBe(7 * 86_400_000);

      const log = (
        await t.app.inject({ url: '/emails?recipient=ann@example.test', headers: { authorization: p.auth } })
      ).json();
      expect(log.data).toHaveLength(1);
      expect(log.data[0]).toMatchObject({
        sourceType: 'TRANSACTIONAL',
        sourceId: pending!.id,
        from: p.from,
        contactId: contact.id,
      });

      const [mail] = await h.mailTo(p, 'ann@example.test');
      expect(mail!.from).toBe(p.from);
      expect(mail!.subject).toBe(`Bestätigen Sie Ihr Abonnement bei ${p.name}`);
      expect(mail!.headers['dkim-signature']).toMatch(new RegExp(`d=${p.from.split('@')[1]!.replace(/\./g, '\\.')};`));
      const link = h.confirmPath(mail!.html);
      expect(mail!.text).toContain(link);

      const ask = expectPage(await t.app.inject({ url: link }), 200);
      expect(ask).toContain('<html lang="de">');
      expect(ask).toContain(`<form method="post" action="${link}">`);
      expect(Boolean((await h.contactByEmail(p, 'ann@example.test'))!.subscribed)).toBe(false);

      const done = expectPage(await t.app.inject({ method: 'POST', url: link }), 200);
      expect(done).toContain('Abonnement bestätigt');
      const view = (await t.app.inject({ url: `/contacts/${contact.id}`, headers: { authorization: p.auth } })).json();
      expect(view).toMatchObject({ subscribed: true, topics: [topic] });
      expect(new Date(view.confirmedAt).toISOString()).toBe(view.confirmedAt);

      expectPage(await t.app.inject({ method: 'POST', url: link }), 200);
      expect(expectPage(await t.app.inject({ url: link }), 200)).toContain('Abonnement bestätigt');
      const again = (await t.app.inject({ url: `/contacts/${contact.id}`, headers: { authorization: p.auth } })).json();
      expect(again.confirmedAt).toBe(view.confirmedAt);
      const events = (await eventsNamed(t.deps, p.id, 'contact.subscribed')).filter((e) => e.contactId === contact.id);
      expect(events.map((e) => fromJson(e.data))).toEqual([{ source: 'double-opt-in' }]);
    });

    it("renders the project's confirmation template with {{confirmUrl}}, else the built-in text in the project's locale", async () => {
      const p = await h.project({ doubleOptIn: true, defaultLocale: 'fr' });
      await h.subscribe(p.secretKey, { email: 'fr@example.test' });
      const [builtIn] = await h.mailTo(p, 'fr@example.test');
      expect(builtIn!.subject).toBe(`Confirmez votre inscription à ${p.name}`);

      const template = await t.make.template(p, {
        subject: 'Please confirm, {{ email }}',
        body: '<p>Click <a href="{{ confirmUrl }}">here</a></p>',
        type: 'MARKETING',
      });
      expect((await h.settings(p, { confirmationTemplateId: template.id })).statusCode).toBe(200);
      await h.subscribe(p.secretKey, { email: 'tpl@example.test' });
      const [mail] = await h.mailTo(p, 'tpl@example.test');
      expect(mail!.subject).toBe('Please confirm, tpl@example.test');
      // Sent as transactional mail whatever the template's type: no unsubscribe footer or header.
      expect(mail!.headers['list-unsubscribe']).toBeUndefined();
      const link = h.confirmPath(mail!.html);
      expectPage(await t.app.inject({ method: 'POST', url: link }), 200);
      expect(Boolean((await h.contactByEmail(p, 'tpl@example.test'))!.subscribed)).toBe(true);
    });

    it('sends at most 3 confirmation emails per address per 24 hours, answering the same', async () => {
      const p = await h.project({ doubleOptIn: true });
      for (let i = 0; i < 5; i++) {
        const res = await h.subscribe(p.publicKey, { email: 'many@example.test' });
        expect(res.json()).toEqual({ success: true, data: { status: 'CONFIRMATION_SENT' } });
      }
      expect(await h.pending(p)).toHaveLength(3);
      expect(await h.mailTo(p, 'many@example.test')).toHaveLength(3);
      // A day later the window has room again.
      const dayAgo = new Date(Date.now() - 24 * 3600_000 - 1000);
      await t.deps.db
        .updateTable('pendingConfirmations')
        .set({ createdAt: dayAgo })
        .where('projectId', '=', p.id)
        .execute();
      await h.subscribe(p.publicKey, { email: 'many@example.test' });
      expect(await h.pending(p)).toHaveLength(4);
    });

    it('prunes pending confirmations whose link expired more than 30 days ago, and only those', async () => {
      const p = await h.project({ doubleOptIn: true });
      for (const email of ['old@example.test', 'recent@example.test', 'fresh@example.test']) {
        await h.subscribe(p.publicKey, { email });
      }
      const expired = (days: number) => new Date(Date.now() - days * 86_400_000);
      const age = (email: string, days: number) =>
        t.deps.db
          .updateTable('pendingConfirmations')
          .set({ expiresAt: expired(days) })
          .where('projectId', '=', p.id)
          .where('email', '=', email)
          .execute();
      await age('old@example.test', 31);
      await age('recent@example.test', 29);
      expect(await prunePendingConfirmations(t.deps)).toBe(1);
      expect((await h.pending(p)).map((r) => r.email).sort()).toEqual(['fresh@example.test', 'recent@example.test']);
    });

    it('answers an expired or altered link with a 404 page and changes nothing', async () => {
      const p = await h.project({ doubleOptIn: true });
      await h.subscribe(p.publicKey, { email: 'late@example.test' });
      const [mail] = await h.mailTo(p, 'late@example.test');
      const link = h.confirmPath(mail!.html);
      const altered = link.replace(/\/confirm\/./, (m) => `${m.slice(0, -1)}${m.endsWith('A') ? 'B' : 'A'}`);
      for (const method of ['GET', 'POST'] as const) {
        expect(expectPage(await t.app.inject({ method, url: altered }), 404)).toContain('invalid or has expired');
      }
      await t.deps.db
        .updateTable('pendingConfirmations')
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where('projectId', '=', p.id)
        .execute();
      for (const method of ['GET', 'POST'] as const) expectPage(await t.app.inject({ method, url: link }), 404);
      expect(Boolean((await h.contactByEmail(p, 'late@example.test'))!.subscribed)).toBe(false);
      expect((await h.pending(p))[0]!.confirmedAt).toBeNull();
    });

    it("lifts the address's erasure when it confirms", async () => {
      const p = await h.project({ doubleOptIn: true });
      await t.deps.db
        .insertInto('erasedAddresses')
        .values({ id: newId(), projectId: p.id, emailHash: emailHash('back@example.test'), erasedAt: new Date() })
        .execute();
      await h.subscribe(p.publicKey, { email: 'back@example.test' });
      const [mail] = await h.mailTo(p, 'back@example.test');
      expectPage(await t.app.inject({ method: 'POST', url: h.confirmPath(mail!.html) }), 200);
      const left = await t.deps.db.selectFrom('erasedAddresses').selectAll().where('projectId', '=', p.id).execute();
      expect(left).toEqual([]);
    });
  });

  it('stores nothing for a filled honeypot and answers the same', async () => {
    for (const doubleOptIn of [false, true]) {
      const p = await h.project(doubleOptIn ? { doubleOptIn: true } : {});
      const res = await h.subscribe(p.publicKey, { email: 'bot@example.test', website: 'http://spam.test' });
      expect(res.statusCode).toBe(202);
      expect(res.json().data.status).toBe(doubleOptIn ? 'CONFIRMATION_SENT' : 'SUBSCRIBED');
      expect(await h.contactByEmail(p, 'bot@example.test')).toBeUndefined();
      expect(await h.pending(p)).toEqual([]);
    }
  });

  it('refuses bad input with 422 (or 413) and stores nothing', async () => {
    const p = await h.project({ doubleOptIn: true });
    const other = await h.project();
    const theirs = await h.topic(other);
    expect(expectError(await h.subscribe(p.publicKey, { email: 'nope' }), 422, 'VALIDATION_ERROR').errors).toEqual([
      expect.objectContaining({ field: 'email' }),
    ]);
    expectError(await h.subscribe(p.publicKey, {}), 422, 'VALIDATION_ERROR');
    expectError(await h.subscribe(p.publicKey, { email: 'a@example.test', topics: 'x' }), 422, 'VALIDATION_ERROR');
    const unknown = await h.subscribe(p.publicKey, { email: 'topic@example.test', topics: [theirs] });
    expect(expectError(unknown, 422, 'VALIDATION_ERROR').errors).toEqual([
      expect.objectContaining({ field: 'topics' }),
    ]);
    const big = await h.subscribe(p.publicKey, { email: 'big@example.test', data: { blob: 'x'.repeat(40_000) } });
    expectError(big, 413, 'PAYLOAD_TOO_LARGE');
    for (const email of ['topic@example.test', 'big@example.test'])
      expect(await h.contactByEmail(p, email)).toBeUndefined();
    expect(await h.pending(p)).toEqual([]);
  });

  it('answers 429 past 30 sign-ups a minute from one address to one project', async () => {
    const p = await h.project();
    const q = await h.project();
    for (let i = 0; i < 30; i++) {
      const res = await h.subscribe(p.publicKey, { email: `r${i}@example.test` }, {}, '203.0.113.9');
      expect(res.statusCode, res.body).toBe(202);
    }
    const over = await h.subscribe(p.publicKey, { email: 'over@example.test' }, {}, '203.0.113.9');
    expectError(over, 429, 'RATE_LIMIT_EXCEEDED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await h.contactByEmail(p, 'over@example.test')).toBeUndefined();
    expect((await h.subscribe(p.publicKey, { email: 'b@example.test' }, {}, '203.0.113.10')).statusCode).toBe(202);
    expect((await h.subscribe(q.publicKey, { email: 'c@example.test' }, {}, '203.0.113.9')).statusCode).toBe(202);
  });

  it('speaks CORS to allowed origins only and stores nothing for another', async () => {
    const p = await h.project({ allowedOrigins: ['https://shop.example'] });
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/subscribe',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('https://shop.example');
    expect(pre.headers['access-control-allow-headers']).toContain('authorization');

    const ok = await h.subscribe(p.publicKey, { email: 'cors@example.test' }, { origin: 'https://shop.example' });
    expect(ok.statusCode, ok.body).toBe(202);
    expect(ok.headers['access-control-allow-origin']).toBe('https://shop.example');
    const invalid = await h.subscribe(p.publicKey, { email: 'x' }, { origin: 'https://shop.example' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.headers['access-control-allow-origin']).toBe('https://shop.example');

    const foreign = await h.subscribe(p.publicKey, { email: 'evil@example.test' }, { origin: 'https://evil.example' });
    expectError(foreign, 403, 'FORBIDDEN');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect(await h.contactByEmail(p, 'evil@example.test')).toBeUndefined();

    const server = await h.subscribe(p.publicKey, { email: 'server@example.test' });
    expect(server.statusCode).toBe(202);
    expect(server.headers['access-control-allow-origin']).toBeUndefined();
  });

  describe('POST /contacts/:id/confirmation', () => {
    it('sends the confirmation to an existing contact, 3 times a day at most, then 429', async () => {
      const p = await h.project({ doubleOptIn: true });
      const contact = await t.make.contact(p, { email: 'api@example.test', subscribed: false });
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: `/contacts/${contact.id}/confirmation`,
          headers: { authorization: p.auth },
        });
      for (let i = 0; i < 3; i++) {
        const res = await send();
        expect(res.statusCode, res.body).toBe(202);
        expect(res.json()).toEqual({ success: true, data: { status: 'CONFIRMATION_SENT' } });
      }
      const over = await send();
      expectError(over, 429, 'RATE_LIMIT_EXCEEDED');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      const mails = await h.mailTo(p, 'api@example.test');
      expect(mails).toHaveLength(3);
      expectPage(await t.app.inject({ method: 'POST', url: h.confirmPath(mails[0]!.html) }), 200);
      expect(Boolean((await h.contactByEmail(p, 'api@example.test'))!.subscribed)).toBe(true);
    });

    it("answers 404 for another project's contact, 409 without a sender, 403 for a public key", async () => {
      const p = await h.project({ doubleOptIn: true });
      const bare = await h.project();
      const theirs = await t.make.contact(bare, {});
      const url = (id: string) => `/contacts/${id}/confirmation`;
      expectError(
        await t.app.inject({ method: 'POST', url: url(theirs.id), headers: { authorization: p.auth } }),
        404,
        'CONTACT_NOT_FOUND',
      );
      expectError(
        await t.app.inject({ method: 'POST', url: url(theirs.id), headers: { authorization: bare.auth } }),
        409,
        'CONFLICT',
      );
      expectError(
        await t.app.inject({
          method: 'POST',
          url: url(theirs.id),
          headers: { authorization: `Bearer ${bare.publicKey}` },
        }),
        403,
        'FORBIDDEN',
      );
    });
  });
});
