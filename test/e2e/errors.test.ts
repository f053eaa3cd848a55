// Invariant: every error the foundation can produce leaves as the one envelope
// { success:false, error:{ code, message, statusCode, requestId, errors?, suggestion? }, timestamp }
// with the code decisions.md assigns to its status; error.requestId is the x-request-id header (the
// caller's when sane); a 4xx never says INTERNAL_SERVER_ERROR and a 500 never shows internals.

import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { expectError, probeRoutes } from './support.ts';

/** Generated request ids: a per-process random prefix and a counter. */
const OUR_ID = /^req-[0-9a-f]{12}-[0-9a-z]+$/;

const json = { 'content-type': 'application/json' };

async function boomRoute(app: FastifyInstance): Promise<void> {
  app.get('/boom', async () => {
    throw new Error('SELECT secret FROM x');
  });
}

describe.each(DIALECTS)('error envelope on %s', (dialect) => {
  const t = useTestEnv({ dialect, app: { plugins: [probeRoutes, boomRoute] } });

  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/signup', headers: json, payload: '{"email": ' });
    expectError(res, 400, 'BAD_REQUEST');
  });

  it('takes no body, or an empty JSON body, where a route needs none; still refuses it where one is needed', async () => {
    const p = await t.make.project();
    const auth = { authorization: p.auth };
    // POST /contacts/lookup needs `emails`; POST /segments/:id/refresh needs no body at all.
    const seg = await t.app.inject({
      method: 'POST',
      url: '/segments',
      headers: auth,
      payload: { name: 'All', filters: { operator: 'AND', conditions: [] } },
    });
    expect(seg.statusCode, seg.body).toBe(201);
    for (const headers of [auth, { ...auth, ...json }]) {
      const refresh = await t.app.inject({ method: 'POST', url: `/segments/${seg.json().id}/refresh`, headers });
      expect(refresh.statusCode, refresh.body).toBe(200);
    }
    expectError(
      await t.app.inject({ method: 'POST', url: '/contacts/lookup', headers: auth }),
      422,
      'VALIDATION_ERROR',
    );
    const empty = await t.app.inject({
      method: 'POST',
      url: '/contacts/lookup',
      headers: { ...auth, ...json },
      payload: '',
    });
    expectError(empty, 400, 'BAD_REQUEST');
  });

  it('answers a request without credentials with 401 MISSING_AUTH', async () => {
    expectError(await t.app.inject({ url: '/probe' }), 401, 'MISSING_AUTH');
  });

  it('answers a garbled Authorization header with 401 MISSING_AUTH', async () => {
    const res = await t.app.inject({ url: '/probe', headers: { authorization: 'Token abc def' } });
    expectError(res, 401, 'MISSING_AUTH');
  });

  it('answers an unknown API key with 401 INVALID_API_KEY', async () => {
    const res = await t.app.inject({ url: '/probe', headers: { authorization: `Bearer sk_${'a'.repeat(32)}` } });
    expectError(res, 401, 'INVALID_API_KEY');
  });

  it('answers /users/@me without a session with 401 UNAUTHORIZED', async () => {
    expectError(await t.app.inject({ url: '/users/@me' }), 401, 'UNAUTHORIZED');
  });

  it('answers a public key on a secret-key route with 403 FORBIDDEN', async () => {
    const p = await t.make.project();
    const res = await t.app.inject({ url: '/probe', headers: { authorization: `Bearer ${p.publicKey}` } });
    expectError(res, 403, 'FORBIDDEN');
  });

  it('answers an unknown route with 404 ROUTE_NOT_FOUND', async () => {
    const res = await t.app.inject({ url: '/no/such/route?x=1' });
    const error = expectError(res, 404, 'ROUTE_NOT_FOUND');
    expect(error.message).not.toContain('x=1');
  });

  it("answers another user's project with 404 PROJECT_NOT_FOUND", async () => {
    const mine = await t.make.project();
    const stranger = await t.make.user();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/users/@me/projects/${mine.id}`,
      headers: { cookie: stranger.cookie },
      payload: { name: 'taken over' },
    });
    expectError(res, 404, 'PROJECT_NOT_FOUND');
  });

  it('answers a second signup with the same email with 409 CONFLICT', async () => {
    const user = await t.make.user();
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { email: user.email, password: 'another password' },
    });
    expectError(res, 409, 'CONFLICT');
  });

  it('answers a body over 1 MiB with 413 PAYLOAD_TOO_LARGE', async () => {
    const payload = JSON.stringify({ email: 'big@example.test', password: 'x'.repeat(1024 * 1024) });
    const res = await t.app.inject({ method: 'POST', url: '/auth/signup', headers: json, payload });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers an unsupported content type with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      headers: { 'content-type': 'application/xml' },
      payload: '<signup/>',
    });
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a wrongly typed body field with 422 field errors and a suggestion, without coercing it', async () => {
    const user = await t.make.user();
    const res = await t.app.inject({
      method: 'POST',
      url: '/users/@me/projects',
      headers: { cookie: user.cookie },
      payload: { name: 123 },
    });
    const error = expectError(res, 422, 'VALIDATION_ERROR');
    expect(error.errors).toEqual([{ field: 'name', message: expect.any(String), code: expect.any(String) }]);
    expect(error.suggestion).toEqual(expect.any(String));
    const list = await t.app.inject({ url: '/users/@me/projects', headers: { cookie: user.cookie } });
    expect(list.json()).toEqual([]);
  });

  it('names every missing or invalid field in a 422', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/signup', payload: { password: 'short' } });
    const error = expectError(res, 422, 'VALIDATION_ERROR');
    const fields = (error.errors as Array<{ field: string }>).map((e) => e.field).sort();
    expect(fields).toEqual(['email', 'password']);
  });

  it('hides the cause of a 500 behind INTERNAL_SERVER_ERROR and the request id', async () => {
    const res = await t.app.inject({ url: '/boom' });
    const error = expectError(res, 500, 'INTERNAL_SERVER_ERROR');
    expect(res.body).not.toContain('SELECT');
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toMatch(/stack|at .*\.ts:\d+/);
    expect(error.requestId).toBe(res.headers['x-request-id']);
  });

  it('echoes a sane caller X-Request-Id in the header and the envelope', async () => {
    const res = await t.app.inject({ url: '/nowhere', headers: { 'x-request-id': 'client-req_42.a:b' } });
    expect(res.headers['x-request-id']).toBe('client-req_42.a:b');
    expect(expectError(res, 404, 'ROUTE_NOT_FOUND').requestId).toBe('client-req_42.a:b');
  });

  it('replaces an overlong or spaced caller X-Request-Id with a fresh id of our own', async () => {
    for (const given of ['r'.repeat(300), 'two words']) {
      const res = await t.app.inject({ url: '/nowhere', headers: { 'x-request-id': given } });
      const id = String(res.headers['x-request-id']);
      expect(id).not.toBe(given);
      expect(id).toMatch(OUR_ID);
      expect(expectError(res, 404, 'ROUTE_NOT_FOUND').requestId).toBe(id);
    }
  });

  it('gives every response a distinct request id when the caller sends none', async () => {
    const [a, b] = await Promise.all([t.app.inject({ url: '/health' }), t.app.inject({ url: '/health' })]);
    expect(String(a!.headers['x-request-id'])).toMatch(OUR_ID);
    expect(a!.headers['x-request-id']).not.toBe(b!.headers['x-request-id']);
  });
});

describe.each(DIALECTS)('rate-limit error envelope on %s', (dialect) => {
  const t = useTestEnv({ dialect, env: { RATE_LIMIT_PER_MINUTE: '1' }, app: { plugins: [probeRoutes] } });

  it('answers a request over the limit with 429 RATE_LIMIT_EXCEEDED and retry-after', async () => {
    const p = await t.make.project();
    const headers = { authorization: p.auth };
    expect((await t.app.inject({ url: '/probe', headers })).statusCode).toBe(200);
    const res = await t.app.inject({ url: '/probe', headers });
    const error = expectError(res, 429, 'RATE_LIMIT_EXCEEDED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(error.suggestion).toEqual(expect.any(String));
  });
});
