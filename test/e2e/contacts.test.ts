// Invariant: a contact is unique per (project, normalised email); every write of `data` follows the
// custom field rules 1–8; a project never sees or changes another project's contacts; refused input
// writes nothing.

import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { contactsApi, countRows, eventsNamed } from './contacts-helpers.ts';
import { expectError } from './support.ts';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(DIALECTS)('contacts API on %s', (dialect) => {
  const t = useTestEnv({ dialect });

  const { post, patch, get } = contactsApi(t);

  describe('POST /contacts (upsert by email)', () => {
    it('creates a subscribed contact with a normalised email and answers 201 with _meta.isNew', async () => {
      const p = await t.make.project();
      const res = await post(p.auth, { email: '  Ann.Lee@Example.TEST ', data: { plan: 'pro' }, extra: 'ignored' });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        email: 'ann.lee@example.test',
        subscribed: true,
        data: { plan: 'pro' },
        _meta: { isNew: true, isUpdate: false },
      });
      expect(body.id).toMatch(UUID_V7);
      expect(body.createdAt).toMatch(ISO_MS);
      expect(body.updatedAt).toMatch(ISO_MS);
      expect(body).not.toHaveProperty('extra');
    });

    it('updates the contact with the same email in any case, answering 200 with _meta.isUpdate', async () => {
      const p = await t.make.project();
      const first = (await post(p.auth, { email: 'bob@example.test', subscribed: false, data: { a: 1 } })).json();
      const res = await post(p.auth, { email: 'BOB@example.test', data: { b: 2 } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: first.id,
        subscribed: false, // kept: the request did not name it
        data: { a: 1, b: 2 },
        _meta: { isNew: false, isUpdate: true },
      });
      expect(await countRows(t.deps, 'contacts', p.id)).toBe(1);
    });

    it('keeps the same email apart in two projects', async () => {
      const a = await t.make.project();
      const b = await t.make.project();
      const ra = (await post(a.auth, { email: 'same@example.test' })).json();
      const rb = await post(b.auth, { email: 'same@example.test' });
      expect(rb.statusCode).toBe(201);
      expect(rb.json().id).not.toBe(ra.id);
    });
  });

  describe('GET, PATCH, DELETE /contacts/:id', () => {
    it('reads, changes the email (normalised) and deletes a contact', async () => {
      const p = await t.make.project();
      const c = await t.make.contact(p);
      expect((await get(p.auth, `/contacts/${c.id}`)).json()).toEqual(c);
      const moved = await patch(p.auth, c.id, { email: ' New@Example.TEST' });
      expect(moved.json().email).toBe('new@example.test');
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/contacts/${c.id}`,
        headers: { authorization: p.auth },
      });
      expect(del.statusCode).toBe(204);
      expectError(await get(p.auth, `/contacts/${c.id}`), 404, 'CONTACT_NOT_FOUND');
    });

    it('answers 409 when the new email belongs to another contact, changing nothing', async () => {
      const p = await t.make.project();
      const a = await t.make.contact(p, { data: { k: 1 } });
      const b = await t.make.contact(p);
      expectError(await patch(p.auth, a.id, { email: b.email, data: { k: 2 } }), 409, 'CONFLICT');
      expect((await get(p.auth, `/contacts/${a.id}`)).json()).toEqual(a);
    });

    it("answers 404 for another project's contact on every single-contact route", async () => {
      const mine = await t.make.project();
      const other = await t.make.project();
      const c = await t.make.contact(other, { data: { secret: 1 } });
      expectError(await get(mine.auth, `/contacts/${c.id}`), 404, 'CONTACT_NOT_FOUND');
      expectError(await patch(mine.auth, c.id, { data: { secret: 2 } }), 404, 'CONTACT_NOT_FOUND');
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/contacts/${c.id}`,
        headers: { authorization: mine.auth },
      });
      expectError(del, 404, 'CONTACT_NOT_FOUND');
      expect((await get(other.auth, `/contacts/${c.id}`)).json()).toEqual(c);
    });

    it('records contact.unsubscribed / contact.subscribed only when the state changes', async () => {
      const p = await t.make.project();
      const c = await t.make.contact(p);
      await patch(p.auth, c.id, { subscribed: true }); // no change
      await patch(p.auth, c.id, { subscribed: false });
      await post(p.auth, { email: c.email, subscribed: false }); // no change
      await post(p.auth, { email: c.email, subscribed: true });
      const un = await eventsNamed(t.deps, p.id, 'contact.unsubscribed');
      const sub = await eventsNamed(t.deps, p.id, 'contact.subscribed');
      expect(un.map((e) => e.contactId)).toEqual([c.id]);
      expect(sub.map((e) => e.contactId)).toEqual([c.id]);
    });
  });

  describe('GET /contacts', () => {
    it('pages newest first without duplicates or gaps; total only on the first page', async () => {
      const p = await t.make.project();
      const made = await t.make.contacts(p, 23);
      const seen: string[] = [];
      const totals: number[] = [];
      let cursor = '';
      let pages = 0;
      do {
        const url = `/contacts?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const body = (await get(p.auth, url)).json();
        seen.push(...body.data.map((c: { id: string }) => c.id));
        totals.push(body.total);
        expect(body.hasMore).toBe(body.cursor !== '');
        cursor = body.cursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      expect(totals).toEqual([23, 0, 0]);
      expect(seen).toEqual(made.map((c) => c.id).reverse());
    });

    it('defaults to 20 per page and searches emails case-insensitively, wildcards taken literally', async () => {
      const p = await t.make.project();
      await t.make.contacts(p, 21);
      await t.make.contact(p, { email: 'Percent%Sign@Example.test' });
      await t.make.contact(p, { email: 'under_score@example.test' });
      await t.make.contact(p, { email: 'underXscore@example.test' });
      const all = (await get(p.auth, '/contacts')).json();
      expect(all.data).toHaveLength(20);
      expect(all.total).toBe(24);
      const pct = (await get(p.auth, '/contacts?search=NT%25S')).json();
      expect(pct.data.map((c: { email: string }) => c.email)).toEqual(['percent%sign@example.test']);
      const under = (await get(p.auth, '/contacts?search=under_')).json();
      expect(under.data.map((c: { email: string }) => c.email)).toEqual(['under_score@example.test']);
      expect(under.total).toBe(1);
    });
  });

  describe('POST /contacts/lookup', () => {
    it('answers which emails exist, with ids, after normalising them', async () => {
      const p = await t.make.project();
      const other = await t.make.project();
      const c = await t.make.contact(p, { email: 'known@example.test' });
      await t.make.contact(other, { email: 'elsewhere@example.test' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/contacts/lookup',
        headers: { authorization: p.auth },
        payload: { emails: [' KNOWN@example.test', 'elsewhere@example.test', 'known@example.test'] },
      });
      expect(res.json()).toEqual({
        found: [{ email: 'known@example.test', id: c.id }],
        notFound: ['elsewhere@example.test'],
      });
    });
  });

  describe('bad input', () => {
    it('refuses non-object data, a bad email and a bad subscribed with 422 and writes nothing', async () => {
      const p = await t.make.project();
      for (const data of [[1, 2], 'text', 42, null]) {
        const err = expectError(await post(p.auth, { email: 'x@example.test', data }), 422, 'VALIDATION_ERROR');
        expect(err.errors).toEqual([expect.objectContaining({ field: 'data' })]);
      }
      for (const email of ['not-an-email', 'a@b', '', 7]) {
        const err = expectError(await post(p.auth, { email }), 422, 'VALIDATION_ERROR');
        expect(err.errors![0]).toMatchObject({ field: 'email' });
      }
      expectError(await post(p.auth, { email: 'x@example.test', subscribed: 'yes' }), 422, 'VALIDATION_ERROR');
      expectError(await post(p.auth, { data: {} }), 422, 'VALIDATION_ERROR');
      expect(await countRows(t.deps, 'contacts', p.id)).toBe(0);
      expect(await countRows(t.deps, 'contactFields', p.id)).toBe(0);
    });

    it('refuses a bad PATCH (bad email, non-object data) without changing the contact', async () => {
      const p = await t.make.project();
      const c = await t.make.contact(p, { data: { a: 1 } });
      expectError(await patch(p.auth, c.id, { email: 'nope', data: { a: 2 } }), 422, 'VALIDATION_ERROR');
      expectError(await patch(p.auth, c.id, { data: ['a'] }), 422, 'VALIDATION_ERROR');
      expect((await get(p.auth, `/contacts/${c.id}`)).json()).toEqual(c);
    });

    it('refuses limit 0, 101 or text, and a malformed cursor, with 422', async () => {
      const p = await t.make.project();
      for (const q of [
        'limit=0',
        'limit=101',
        'limit=ten',
        'cursor=garbage',
        `cursor=${Buffer.from('{"id":1}').toString('base64url')}`,
      ]) {
        const err = expectError(await get(p.auth, `/contacts?${q}`), 422, 'VALIDATION_ERROR');
        expect(err.errors![0]).toMatchObject({ field: q.split('=')[0] });
      }
    });

    it('refuses more than 500 lookups, an empty list, and malformed addresses', async () => {
      const p = await t.make.project();
      const lookup = (emails: unknown) =>
        t.app.inject({
          method: 'POST',
          url: '/contacts/lookup',
          headers: { authorization: p.auth },
          payload: { emails },
        });
      const many = Array.from({ length: 501 }, (_, i) => `u${i}@example.test`);
      expectError(await lookup(many), 422, 'VALIDATION_ERROR');
      expect((await lookup(many.slice(0, 500))).statusCode).toBe(200);
      expectError(await lookup([]), 422, 'VALIDATION_ERROR');
      const err = expectError(await lookup(['ok@example.test', 'bad']), 422, 'VALIDATION_ERROR');
      expect(err.errors).toEqual([expect.objectContaining({ field: 'emails.1' })]);
    });

    it('needs a secret key: none is 401, a public key is 403', async () => {
      const p = await t.make.project();
      expectError(await t.app.inject({ url: '/contacts' }), 401, 'MISSING_AUTH');
      expectError(await get(`Bearer ${p.publicKey}`, '/contacts'), 403, 'FORBIDDEN');
    });
  });
});
