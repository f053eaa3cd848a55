// Invariant: every write of `data` through the contacts API (POST upsert and PATCH) follows the
// custom field rules 1–8 on both databases, and reads return exactly what was stored.

import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { contactsApi } from './contacts-helpers.ts';

describe.each(DIALECTS)('custom field rules through the contacts API on %s', (dialect) => {
  const t = useTestEnv({ dialect });

  const { post, patch, get } = contactsApi(t);
  const fieldTypes = async (auth: string) =>
    Object.fromEntries(
      (await get(auth, '/contacts/fields'))
        .json()
        .fields.map((f: { field: string; type: string }) => [f.field, f.type]),
    );

  it('rule 1: patches data, keeping keys that were not sent', async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p, { data: { a: 1, b: 'x' } });
    const res = await patch(p.auth, c.id, { data: { b: 'y', c: true } });
    expect(res.json().data).toEqual({ a: 1, b: 'y', c: true });
  });

  it('rule 2: stores strings, numbers and booleans', async () => {
    const p = await t.make.project();
    const res = await post(p.auth, { email: 'r2@example.test', data: { s: 'text', n: 4.5, z: 0, b: false } });
    expect(res.json().data).toEqual({ s: 'text', n: 4.5, z: 0, b: false });
  });

  it('returns keys exactly as written (snake_case, kebab-case, nested) on every read path', async () => {
    const p = await t.make.project();
    const data = { first_name: 'Ann', 'Last-Name': 'Lee', signedUp: 1, profile: { inner_key: { deep_er: true } } };
    const c = (await post(p.auth, { email: 'keys@example.test', data })).json();
    expect(c.data).toEqual(data);
    expect((await get(p.auth, `/contacts/${c.id}`)).json().data).toEqual(data);
    expect((await get(p.auth, '/contacts')).json().data[0].data).toEqual(data);
    expect((await patch(p.auth, c.id, { data: { x_y: 1 } })).json().data).toEqual({ ...data, x_y: 1 });
  });

  it('rule 3: null deletes the key', async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p, { data: { a: 1, b: 2 } });
    expect((await patch(p.auth, c.id, { data: { a: null } })).json().data).toEqual({ b: 2 });
    expect((await get(p.auth, `/contacts/${c.id}`)).json().data).toEqual({ b: 2 });
  });

  it('rule 4: an empty string does not overwrite', async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p, { data: { name: 'Ann' } });
    const res = await post(p.auth, { email: c.email, data: { name: '', other: '' } });
    expect(res.json().data).toEqual({ name: 'Ann' });
  });

  it('rule 5: { value, persistent: false } is not stored (and does not touch a stored value)', async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p, { data: { code: 'kept' } });
    const res = await post(p.auth, {
      email: c.email,
      data: { code: { value: 'once', persistent: false }, otp: { value: '123', persistent: false } },
    });
    expect(res.json().data).toEqual({ code: 'kept' });
    const stored = await post(p.auth, { email: c.email, data: { tier: { value: 'gold', persistent: true } } });
    expect(stored.json().data).toEqual({ code: 'kept', tier: 'gold' });
  });

  it('rule 6: reserved keys are dropped silently, plunk_ spellings included', async () => {
    const p = await t.make.project();
    const reserved = {
      id: 'x',
      svc_id: 'x',
      svc_email: 'x',
      email: 'other@example.test',
      unsubscribeUrl: 'http://x',
      subscribeUrl: 'http://x',
      manageUrl: 'http://x',
      plunk_id: 'x',
      plunk_email: 'x',
    };
    const res = await post(p.auth, { email: 'r6@example.test', data: { ...reserved, keep: 1 } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'r6@example.test', data: { keep: 1 } });
    expect(Object.keys(res.json().data)).toEqual(['keep']);
  });

  it('rule 7: locale is stored like any key', async () => {
    const p = await t.make.project();
    expect((await post(p.auth, { email: 'r7@example.test', data: { locale: 'fr' } })).json().data).toEqual({
      locale: 'fr',
    });
  });

  it('rule 8: the first non-null value fixes the type; later values of other types are still stored', async () => {
    const p = await t.make.project();
    await post(p.auth, { email: 'r8a@example.test', data: { age: null, score: 10, vip: true, since: '2026-01-31' } });
    await post(p.auth, {
      email: 'r8b@example.test',
      data: { age: 'forty', score: 'high', vip: 'no', at: '2026-01-31T10:00:00.000Z' },
    });
    const c = await post(p.auth, { email: 'r8c@example.test', data: { age: 40, seen: '05/06/2026' } });
    expect(c.json().data).toEqual({ age: 40, seen: '05/06/2026' });
    expect(await fieldTypes(p.auth)).toMatchObject({
      'data.age': 'string', // null fixed nothing; "forty" came first
      'data.score': 'number',
      'data.vip': 'boolean',
      'data.since': 'date',
      'data.at': 'date',
      'data.seen': 'string',
    });
  });

  it('stores nested objects whole and types their leaves by dotted path', async () => {
    const p = await t.make.project();
    const c = await t.make.contact(p, { data: { profile: { tier: 'gold', seats: 3, old: 'x' } } });
    const res = await patch(p.auth, c.id, { data: { profile: { tier: 'silver', seats: 3 } } });
    expect(res.json().data).toEqual({ profile: { tier: 'silver', seats: 3 } });
    expect(await fieldTypes(p.auth)).toMatchObject({ 'data.profile.tier': 'string', 'data.profile.seats': 'number' });
  });
});
