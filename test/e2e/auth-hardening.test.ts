// Invariant: only well-formed, expiring credentials authenticate: a session JWT without `exp` is
// refused; a client IP sending invalid API keys is answered 429 after API_KEY_FAILURES_PER_MINUTE of
// them while valid keys (from that IP too) keep working; an X-Project-Id that is not a project id is
// a 404 without reaching SQL.
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { expectError, probeRoutes } from './support.ts';

describe.each(DIALECTS)('credential hardening on %s', (dialect) => {
  const t = useTestEnv({ dialect, env: { API_KEY_FAILURES_PER_MINUTE: '5' }, app: { plugins: [probeRoutes] } });

  it('refuses a correctly signed session token that never expires', async () => {
    const user = await t.make.user();
    const forever = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt()
      .setIssuer('mailwright')
      .sign(new TextEncoder().encode(t.deps.secrets.jwtSecret));
    expectError(
      await t.app.inject({ url: '/users/@me', headers: { cookie: `session=${forever}` } }),
      401,
      'UNAUTHORIZED',
    );
    expect((await t.app.inject({ url: '/users/@me', headers: { cookie: user.cookie } })).statusCode).toBe(200);
  });

  it('answers 429 to an address past its invalid-key allowance, never to a valid key', async () => {
    const p = await t.make.project();
    const ip = '198.51.100.20';
    const probe = (authorization: string, remoteAddress = ip) =>
      t.app.inject({ url: '/probe', remoteAddress, headers: { authorization } });
    for (let i = 0; i < 5; i++) {
      const bad = i % 2 === 0 ? `Bearer sk_${'b'.repeat(31)}${i}` : 'Bearer not-even-a-key';
      expectError(await probe(bad), 401, 'INVALID_API_KEY');
    }
    const refused = await probe(`Bearer sk_${'c'.repeat(32)}`);
    expectError(refused, 429, 'RATE_LIMIT_EXCEEDED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await probe(p.auth)).json()).toEqual({ projectId: p.id, via: 'secret' });
    expectError(await probe(`Bearer sk_${'c'.repeat(32)}`, '198.51.100.21'), 401, 'INVALID_API_KEY');
  });

  it('answers an X-Project-Id that is not a project id with 404', async () => {
    const user = await t.make.user();
    for (const id of ['x\u0000y', 'not-a-uuid', "1' or '1'='1"]) {
      const res = await t.app.inject({ url: '/probe', headers: { cookie: user.cookie, 'x-project-id': id } });
      expectError(res, 404, 'PROJECT_NOT_FOUND');
    }
  });
});
