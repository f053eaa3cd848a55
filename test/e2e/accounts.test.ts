// Invariant: a dashboard account is an email (trimmed, lower-cased, unique) and a password; signing up
// or in sets the HttpOnly SameSite=Lax `session` cookie and logout clears it; a user sees and changes
// only projects they belong to, within their role, and a secret key appears only when made; repeated
// failed logins lock that account (and only it) for a while, whatever password comes next.

import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { expectError, probeRoutes, sessionCookieOf } from './support.ts';

const PASSWORD = 'a long enough password';

describe.each(DIALECTS)('accounts on %s', (dialect) => {
  const t = useTestEnv({ dialect, app: { plugins: [probeRoutes] } });

  const signup = (email: string, password = PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/auth/signup', payload: { email, password } });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });

  it('signs up with a normalized email and starts a session in an HttpOnly SameSite=Lax cookie', async () => {
    const res = await signup('  Ann.Signup@Example.TEST ');
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      data: { user: { id: expect.any(String), email: 'ann.signup@example.test', emailVerified: false } },
    });
    const cookie = res.cookies.find((c) => c.name === 'session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const me = await t.app.inject({ url: '/users/@me', headers: { cookie: sessionCookieOf(res)! } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: body.data.user.id, email: 'ann.signup@example.test', emailVerified: false });
  });

  it('refuses a second account for the same email, whatever its case, with 409', async () => {
    const user = await t.make.user();
    expectError(await signup(user.email.toUpperCase()), 409, 'CONFLICT');
  });

  it('refuses a password under 8 characters with 422 naming the field', async () => {
    const error = expectError(await signup('short@example.test', 'seven77'), 422, 'VALIDATION_ERROR');
    expect(error.errors).toEqual([expect.objectContaining({ field: 'password' })]);
  });

  it('logs in with any case of the email and sets the session cookie', async () => {
    const user = await t.make.user();
    const res = await login(` ${user.email.toUpperCase()}`, user.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { user: { id: user.id, email: user.email } } });
    expect(res.cookies.find((c) => c.name === 'session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const me = await t.app.inject({ url: '/users/@me', headers: { cookie: sessionCookieOf(res)! } });
    expect(me.json()).toMatchObject({ id: user.id });
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const user = await t.make.user();
    const wrong = expectError(await login(user.email, 'not the password'), 401, 'UNAUTHORIZED');
    const unknown = expectError(await login('nobody@example.test', 'not the password'), 401, 'UNAUTHORIZED');
    expect(unknown.message).toBe(wrong.message);
    expect(wrong.message).not.toMatch(/exist|unknown|password is/i);
  });

  it('clears the session cookie on logout', async () => {
    const res = await t.app.inject({ url: '/auth/logout' });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'session');
    expect(cookie?.value).toBe('');
    expect(cookie?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('answers /users/@me with the signed-in user and 401 without a session', async () => {
    const user = await t.make.user();
    const me = await t.app.inject({ url: '/users/@me', headers: { cookie: user.cookie } });
    expect(me.json()).toEqual({ id: user.id, email: user.email, emailVerified: false, createdAt: expect.any(String) });
    expectError(await t.app.inject({ url: '/users/@me' }), 401, 'UNAUTHORIZED');
    expectError(await t.app.inject({ url: '/users/@me', headers: { cookie: 'session=garbage' } }), 401, 'UNAUTHORIZED');
  });

  it('locks an account after 10 failed logins, even for the right password, and leaves others alone', async () => {
    const victim = await t.make.user();
    const bystander = await t.make.user();
    for (let i = 0; i < 10; i++) expectError(await login(victim.email, `wrong ${i}`), 401, 'UNAUTHORIZED');
    const locked = await login(victim.email, victim.password);
    expectError(locked, 429, 'RATE_LIMIT_EXCEEDED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.cookies.find((c) => c.name === 'session')).toBeUndefined();
    expect((await login(bystander.email, bystander.password)).statusCode).toBe(200);
  });
});

describe.each(DIALECTS)('projects of a signed-in user on %s', (dialect) => {
  const t = useTestEnv({ dialect, app: { plugins: [probeRoutes] } });

  const as = (cookie: string) => ({ cookie });

  it('creates a project with both keys shown once and lists it without the secret', async () => {
    const user = await t.make.user();
    const res = await t.app.inject({
      method: 'POST',
      url: '/users/@me/projects',
      headers: as(user.cookie),
      payload: { name: 'Newsletter' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ name: 'Newsletter', role: 'OWNER', tracking: 'ENABLED', disabled: false });
    expect(created.secretKey).toMatch(/^sk_/);
    expect(created.publicKey).toMatch(/^pk_/);
    expect(created.secretKeyHint).toBe(created.secretKey.slice(-4));

    const probe = await t.app.inject({ url: '/probe', headers: { authorization: `Bearer ${created.secretKey}` } });
    expect(probe.json()).toEqual({ projectId: created.id, via: 'secret' });

    const list = await t.app.inject({ url: '/users/@me/projects', headers: as(user.cookie) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ id: created.id, name: 'Newsletter', role: 'OWNER' })]);
    expect(list.json()[0]).not.toHaveProperty('secretKey');
    expect(list.body).not.toContain(created.secretKey);
  });

  it('updates name and tracking for the owner', async () => {
    const p = await t.make.project();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/users/@me/projects/${p.id}`,
      headers: as(p.owner.cookie),
      payload: { name: 'Renamed', tracking: 'MARKETING_ONLY' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: p.id, name: 'Renamed', tracking: 'MARKETING_ONLY' });
    const list = await t.app.inject({ url: '/users/@me/projects', headers: as(p.owner.cookie) });
    expect(list.json()).toEqual([expect.objectContaining({ id: p.id, name: 'Renamed', tracking: 'MARKETING_ONLY' })]);
  });

  it('rejects an unknown tracking mode with 422', async () => {
    const p = await t.make.project();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/users/@me/projects/${p.id}`,
      headers: as(p.owner.cookie),
      payload: { tracking: 'SOMETIMES' },
    });
    expectError(res, 422, 'VALIDATION_ERROR');
  });

  it('lets a MEMBER see the project but not change, rotate or delete it', async () => {
    const p = await t.make.project();
    const member = await t.make.user();
    await t.deps.db
      .insertInto('memberships')
      .values({ projectId: p.id, userId: member.id, role: 'MEMBER', createdAt: new Date() })
      .execute();
    const list = await t.app.inject({ url: '/users/@me/projects', headers: as(member.cookie) });
    expect(list.json()).toEqual([expect.objectContaining({ id: p.id, role: 'MEMBER' })]);
    const url = `/users/@me/projects/${p.id}`;
    const patch = await t.app.inject({ method: 'PATCH', url, headers: as(member.cookie), payload: { name: 'Mine' } });
    expectError(patch, 403, 'FORBIDDEN');
    const rotate = await t.app.inject({ method: 'POST', url: `${url}/regenerate-keys`, headers: as(member.cookie) });
    expectError(rotate, 403, 'FORBIDDEN');
    expectError(await t.app.inject({ method: 'DELETE', url, headers: as(member.cookie) }), 403, 'FORBIDDEN');
    expect((await t.app.inject({ url: '/probe', headers: { authorization: p.auth } })).statusCode).toBe(200);
    const owners = await t.app.inject({ url: '/users/@me/projects', headers: as(p.owner.cookie) });
    expect(owners.json()[0].name).toBe(p.name);
  });

  it('deletes a project: 204, then 404 everywhere and its key stops working', async () => {
    const p = await t.make.project();
    const url = `/users/@me/projects/${p.id}`;
    const res = await t.app.inject({ method: 'DELETE', url, headers: as(p.owner.cookie) });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectError(await t.app.inject({ method: 'DELETE', url, headers: as(p.owner.cookie) }), 404, 'PROJECT_NOT_FOUND');
    const patch = await t.app.inject({ method: 'PATCH', url, headers: as(p.owner.cookie), payload: { name: 'x' } });
    expectError(patch, 404, 'PROJECT_NOT_FOUND');
    expect((await t.app.inject({ url: '/users/@me/projects', headers: as(p.owner.cookie) })).json()).toEqual([]);
    expectError(await t.app.inject({ url: '/probe', headers: { authorization: p.auth } }), 401, 'INVALID_API_KEY');
  });

  it("answers every project route with 404 for another user's project and changes nothing", async () => {
    const p = await t.make.project();
    const stranger = await t.make.user();
    const url = `/users/@me/projects/${p.id}`;
    const attempts = [
      { method: 'PATCH' as const, url, payload: { name: 'Hijacked' } },
      { method: 'POST' as const, url: `${url}/regenerate-keys` },
      { method: 'DELETE' as const, url },
    ];
    for (const attempt of attempts) {
      expectError(await t.app.inject({ ...attempt, headers: as(stranger.cookie) }), 404, 'PROJECT_NOT_FOUND');
    }
    expect((await t.app.inject({ url: '/users/@me/projects', headers: as(stranger.cookie) })).json()).toEqual([]);
    const owners = await t.app.inject({ url: '/users/@me/projects', headers: as(p.owner.cookie) });
    expect(owners.json()).toEqual([expect.objectContaining({ id: p.id, name: p.name })]);
    expect((await t.app.inject({ url: '/probe', headers: { authorization: p.auth } })).statusCode).toBe(200);
  });

  it('answers every project route with 401 without a session', async () => {
    const p = await t.make.project();
    const url = `/users/@me/projects/${p.id}`;
    expectError(await t.app.inject({ url: '/users/@me/projects' }), 401, 'UNAUTHORIZED');
    const create = await t.app.inject({ method: 'POST', url: '/users/@me/projects', payload: { name: 'x' } });
    expectError(create, 401, 'UNAUTHORIZED');
    expectError(await t.app.inject({ method: 'DELETE', url, headers: { authorization: p.auth } }), 401, 'UNAUTHORIZED');
  });
});

describe.each(DIALECTS)('sign-ups disabled on %s', (dialect) => {
  const t = useTestEnv({ dialect, env: { DISABLE_SIGNUPS: 'true' } });

  it('refuses a sign-up with 403 and creates no account', async () => {
    const credentials = { email: 'late@example.test', password: PASSWORD };
    const res = await t.app.inject({ method: 'POST', url: '/auth/signup', payload: credentials });
    expectError(res, 403, 'FORBIDDEN');
    expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: credentials });
    expectError(login, 401, 'UNAUTHORIZED');
    expect((await t.app.inject({ url: '/config' })).json()).toMatchObject({ signupsEnabled: false });
  });
});
