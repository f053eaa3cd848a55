// Invariant: what the databases cannot store, or no code is built to walk, is refused at the edge on
// every route with a 422 in the envelope naming the field, before auth or any SQL: NUL and unpaired
// surrogates in body strings, body keys, query values and path params; numbers that overflow to
// Infinity; nesting past BODY_MAX_DEPTH; objects past BODY_MAX_KEYS. Errors Fastify itself raises
// while routing or parsing use the envelope.
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { countImportFiles, uploadCsv } from './contacts-helpers.ts';
import { expectError } from './support.ts';

const json = { 'content-type': 'application/json' };

/** A contact body whose `data` is `levels` objects deep (the body itself is one more), as JSON text. */
function nestedBody(levels: number): string {
  return `{"email":"shape@example.test","data":${'{"n":'.repeat(levels)}"leaf"${'}'.repeat(levels)}}`;
}

describe.each(DIALECTS)('input refused at the edge on %s', (dialect) => {
  const t = useTestEnv({ dialect });

  const raw = (url: string, payload: string, contentType = 'application/json', extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType, ...extra }, payload });

  const fieldOf = (res: Awaited<ReturnType<typeof t.app.inject>>, code = 'INVALID_CHARACTERS') => {
    const error = expectError(res, 422, 'VALIDATION_ERROR');
    const first = (error.errors as Array<{ field: string; code: string }>)[0]!;
    expect(first.code).toBe(code);
    return first.field;
  };

  it('refuses NUL and unpaired surrogates in a login body without a session', async () => {
    const nul = await raw('/auth/login', '{"email":"a\\u0000@example.test","password":"whatever1"}');
    expect(fieldOf(nul)).toBe('email');
    const lone = await raw('/auth/login', '{"email":"a@example.test","password":"x\\ud800y"}');
    expect(fieldOf(lone)).toBe('password');
  });

  it('refuses a NUL or surrogate data key, so the fields list of the project keeps working', async () => {
    const p = await t.make.project();
    for (const key of ['k\\u0000', '\\udc00']) {
      const payload = `{"email":"keys@example.test","data":{"${key}":"v"}}`;
      const res = await raw('/contacts', payload, 'application/json', { authorization: p.auth });
      expect(fieldOf(res)).toBe(`data.${key}`);
    }
    const fields = await t.app.inject({ url: '/contacts/fields', headers: { authorization: p.auth } });
    expect(fields.statusCode, fields.body).toBe(200);
    expect((await t.app.inject({ url: '/contacts', headers: { authorization: p.auth } })).json().total).toBe(0);
  });

  it('refuses a number past ±1.8e308 (Infinity once parsed) instead of storing it as null', async () => {
    const p = await t.make.project();
    const headers = { authorization: p.auth };
    const created = await raw(
      '/contacts',
      '{"email":"n@example.test","data":{"score":7}}',
      'application/json',
      headers,
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const huge = await raw(
      '/contacts',
      '{"email":"n@example.test","data":{"score":1e400}}',
      'application/json',
      headers,
    );
    expect(fieldOf(huge, 'INVALID_NUMBER')).toBe('data.score');
    const tracked = await raw(
      '/v1/track',
      '{"email":"n@example.test","event":"e","data":{"score":-1e999}}',
      'application/json',
      headers,
    );
    expect(fieldOf(tracked, 'INVALID_NUMBER')).toBe('data.score');
    // Nothing changed: the stored value is the one before.
    const after = await t.app.inject({ url: `/contacts/${id}`, headers });
    expect(after.json().data).toEqual({ score: 7 });
  });

  it('refuses NUL in query values and path params', async () => {
    const p = await t.make.project();
    const headers = { authorization: p.auth };
    expect(fieldOf(await t.app.inject({ url: '/contacts?search=a%00b', headers }))).toBe('search');
    expect(fieldOf(await t.app.inject({ url: '/contacts/%00', headers }))).toBe('id');
    expect(fieldOf(await t.app.inject({ url: '/contacts/fields/data.a%00/values', headers }))).toBe('field');
  });

  it('answers a malformed percent-escape with 400 and an overlong path segment with 414, in the envelope', async () => {
    const p = await t.make.project();
    const headers = { authorization: p.auth };
    expectError(await t.app.inject({ url: '/contacts/%ED%A0%80', headers }), 400, 'BAD_REQUEST');
    expectError(await t.app.inject({ url: '/contacts/%zz', headers }), 400, 'BAD_REQUEST');
    expectError(await t.app.inject({ url: `/contacts/${'a'.repeat(600)}`, headers }), 414, 'URI_TOO_LONG');
    // Up to the router's limit a long value meets the route's own validation.
    const long = await t.app.inject({ url: `/contacts/fields/data.${'a'.repeat(200)}/values`, headers });
    expect(long.statusCode).not.toBe(414);
    expect(long.statusCode).toBeLessThan(500);
  });

  it('refuses nesting past the depth limit and too many keys, and accepts a body within both', async () => {
    const p = await t.make.project();
    const headers = { authorization: p.auth };
    const post = (payload: string) => raw('/contacts', payload, 'application/json', headers);
    expect(fieldOf(await post(nestedBody(5000)), 'TOO_DEEP')).toMatch(/^data(\.n)+$/);
    expect(fieldOf(await post(nestedBody(32)), 'TOO_DEEP')).toMatch(/^data(\.n){31}$/);
    const wide = Object.fromEntries(Array.from({ length: 8200 }, (_, i) => [`k${i}`, i]));
    expect(fieldOf(await post(JSON.stringify({ email: 'w@example.test', data: wide })), 'TOO_MANY_KEYS')).toBe('data');
    expect((await post(nestedBody(31))).statusCode).toBe(201);
  });

  it('answers a text/plain body with 415 and other bodies Fastify refuses in the envelope', async () => {
    const body = '{"email":"a@b.c","password":"x"}';
    expectError(await raw('/auth/login', body, 'text/plain'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectError(await raw('/auth/login', body, 'application/x-www-form-urlencoded'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectError(await raw('/auth/login', ''), 400, 'BAD_REQUEST');
    const poisoned = '{"__proto__":{"x":1},"email":"a@b.c","password":"x"}';
    expectError(await raw('/auth/login', poisoned), 400, 'BAD_REQUEST');
  });
});

describe.each(DIALECTS)('configured shape limits on %s', (dialect) => {
  const t = useTestEnv({ dialect, env: { BODY_MAX_DEPTH: '4', BODY_MAX_KEYS: '10' } });

  it('applies BODY_MAX_DEPTH and BODY_MAX_KEYS', async () => {
    const p = await t.make.project();
    const post = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/contacts', headers: { ...json, authorization: p.auth }, payload });
    expectError(await post(nestedBody(4)), 422, 'VALIDATION_ERROR');
    expect((await post(nestedBody(3))).statusCode).toBe(201);
    const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, i]));
    expectError(await post(JSON.stringify({ email: 'l@x.io', data: eleven })), 422, 'VALIDATION_ERROR');
  });
});

describe.each(DIALECTS)('upload file names on %s', (dialect) => {
  const t = useTestEnv({ dialect });

  it('refuses an upload whose file name holds a NUL with 422 and queues nothing', async () => {
    const p = await t.make.project();
    const res = await uploadCsv(t.app, p.auth, 'email\na@example.test\n', { filename: 'list\u0000.csv' });
    const error = expectError(res, 422, 'VALIDATION_ERROR');
    expect(error.errors).toEqual([expect.objectContaining({ field: 'file', code: 'INVALID_CHARACTERS' })]);
    expect(await countImportFiles(t.deps)).toBe(0);
  });
});

describe.each(DIALECTS)('wide data under raised limits on %s', (dialect) => {
  const t = useTestEnv({ dialect, env: { BODY_MAX_KEYS: '10000', MAX_CUSTOM_FIELDS: '10000' } });

  it('stores 9,000 new fields in one write (past SQLite’s bound-variable limit for one statement)', async () => {
    const p = await t.make.project();
    const data = Object.fromEntries(Array.from({ length: 9000 }, (_, i) => [`k${i}`, i]));
    const res = await t.app.inject({
      method: 'POST',
      url: '/contacts',
      headers: { authorization: p.auth },
      payload: { email: 'w@x.io', data },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    const fields = await t.app.inject({ url: '/contacts/fields', headers: { authorization: p.auth } });
    expect(fields.json().fields.filter((f: { isCustom: boolean }) => f.isCustom)).toHaveLength(9000);
  });
});
