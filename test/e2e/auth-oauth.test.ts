// Invariant: GitHub and Google sign-in run the authorization-code flow with PKCE S256 against the
// configured endpoints (here a loopback server playing both providers): the state must match the one
// in our signed cookie exactly, the code is exchanged with that round trip's verifier, only a
// provider-verified email signs in, and the identity stays linked to one user.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { DEFAULT_PASSWORD } from '../factories.ts';
import { type OAuthProviderServer, type ProviderUser, startOAuthProvider } from '../servers/oauth-provider.ts';
import { expectError, sessionCookieOf } from './support.ts';

const BASE = 'http://localhost:3000';

function stateCookieOf(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'oauth_state');
  if (!c) throw new Error(`no oauth_state cookie: ${res.statusCode} ${res.body}`);
  expect(c).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/auth/oauth' });
  return `oauth_state=${c.value}`;
}

for (const dialect of DIALECTS) {
  describe(`OAuth sign-in on ${dialect}`, () => {
    let provider: OAuthProviderServer;
    beforeAll(async () => {
      provider = await startOAuthProvider();
    });
    afterAll(async () => provider?.close());
    const t = useTestEnv({ dialect, env: () => provider.env() });

    /** Starts a round trip: the provider URL we redirect to, and our state cookie. */
    async function start(name: 'github' | 'google') {
      const res = await t.app.inject({ url: `/auth/oauth/${name}` });
      expect(res.statusCode, res.body).toBe(302);
      return { location: String(res.headers.location), cookie: stateCookieOf(res) };
    }
    const callback = (name: string, query: Record<string, string>, cookie?: string) =>
      t.app.inject({
        url: `/auth/oauth/${name}/callback?${new URLSearchParams(query)}`,
        headers: cookie ? { cookie } : {},
      });
    const tokenCalls = () => provider.listener.requests.filter((r) => r.path.endsWith('/token')).length;

    /** A whole sign-in; returns the session cookie. */
    async function signIn(name: 'github' | 'google', user: ProviderUser) {
      const { location, cookie } = await start(name);
      const { code, state, redirectUri } = provider.authorize(location, user);
      expect(redirectUri).toBe(`${BASE}/auth/oauth/${name}/callback`);
      const res = await callback(name, { code, state }, cookie);
      expect(res.statusCode, res.body).toBe(302);
      expect(res.headers.location).toBe(`${BASE}/`);
      // The state cookie is spent.
      expect(res.cookies.find((c) => c.name === 'oauth_state')?.value).toBe('');
      return sessionCookieOf(res)!;
    }
    const me = async (cookie: string) => {
      const res = await t.app.inject({ url: '/users/@me', headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    it('lists both providers as configured, on /auth/oauth-config and /config', async () => {
      expect((await t.app.inject({ url: '/auth/oauth-config' })).json()).toEqual({ github: true, google: true });
      expect((await t.app.inject({ url: '/config' })).json()).toMatchObject({ oauth: { github: true, google: true } });
      expectError(await t.app.inject({ url: '/auth/oauth/gitlab' }), 404, 'OAUTH_PROVIDER_NOT_FOUND');
    });

    it('signs in with GitHub: new verified account, linked, and the same account next time', async () => {
      const cookie = await signIn('github', { id: '1001', email: 'Octo@Example.test', verified: true });
      const user = await me(cookie);
      expect(user).toMatchObject({ email: 'octo@example.test', emailVerified: true });
      const links = await t.deps.db.selectFrom('oauthAccounts').selectAll().where('userId', '=', user.id).execute();
      expect(links).toMatchObject([{ provider: 'github', providerAccountId: '1001', email: 'octo@example.test' }]);
      // Linked by account id: a changed email at GitHub still reaches the same account.
      const again = await signIn('github', { id: '1001', email: 'renamed@example.test', verified: true });
      expect((await me(again)).id).toBe(user.id);
      // No password was set: password login does not work for it.
      expectError(
        await t.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { email: 'octo@example.test', password: '!no-password' },
        }),
        401,
        'UNAUTHORIZED',
      );
    });

    it('signs in with Google into the existing verified account of the same email', async () => {
      const existing = await t.make.user({ email: 'ann@example.test' });
      await t.deps.db.updateTable('users').set({ emailVerified: true }).where('id', '=', existing.id).execute();
      const cookie = await signIn('google', { id: 'g-77', email: 'ann@example.test', verified: true });
      expect((await me(cookie)).id).toBe(existing.id);
      // The account keeps its password and its other sessions.
      expect((await t.app.inject({ url: '/users/@me', headers: { cookie: existing.cookie } })).statusCode).toBe(200);
      const login = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: existing.email, password: DEFAULT_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
    });

    it('takes an unverified look-alike account away from whoever registered it', async () => {
      const squatter = await t.make.user({ email: 'victim@example.test' });
      const cookie = await signIn('github', { id: '2002', email: 'victim@example.test', verified: true });
      expect(await me(cookie)).toMatchObject({ id: squatter.id, emailVerified: true });
      expectError(await t.app.inject({ url: '/users/@me', headers: { cookie: squatter.cookie } }), 401, 'UNAUTHORIZED');
      const login = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: squatter.email, password: DEFAULT_PASSWORD },
      });
      expectError(login, 401, 'UNAUTHORIZED');
    });

    it('refuses a state that does not match, before any code exchange', async () => {
      const { location, cookie } = await start('github');
      const { code, state } = provider.authorize(location, { id: '3003', email: 'x3@example.test', verified: true });
      const before = tokenCalls();
      for (const bad of [`${state}x`, state.slice(1), '']) {
        const res = await callback('github', { code, state: bad }, cookie);
        expectError(res, 400, 'OAUTH_FAILED');
        expect(sessionCookieOf(res)).toBeUndefined();
      }
      // The state of a GitHub round trip does not finish a Google one.
      expectError(await callback('google', { code, state }, cookie), 400, 'OAUTH_FAILED');
      expect(tokenCalls()).toBe(before);
      expect(await t.deps.db.selectFrom('users').select('id').where('email', '=', 'x3@example.test').execute()).toEqual(
        [],
      );
    });

    it('refuses a callback without its verifier cookie, and a verifier from another round trip', async () => {
      const first = await start('github');
      const grant = provider.authorize(first.location, { id: '4004', email: 'x4@example.test', verified: true });
      const before = tokenCalls();
      expectError(await callback('github', { code: grant.code, state: grant.state }), 400, 'OAUTH_FAILED');
      const forged = await callback('github', { code: grant.code, state: grant.state }, 'oauth_state=forged.jwt.value');
      expectError(forged, 400, 'OAUTH_FAILED');
      expect(tokenCalls()).toBe(before);
      // Another round trip's cookie and state, with this code: the provider checks the verifier and refuses.
      const second = await start('github');
      const secondState = new URL(second.location).searchParams.get('state')!;
      const res = await callback('github', { code: grant.code, state: secondState }, second.cookie);
      expectError(res, 400, 'OAUTH_FAILED');
      expect(provider.refusals.at(-1)).toBe('code_verifier does not match the challenge');
      expect(sessionCookieOf(res)).toBeUndefined();
    });

    it('refuses a provider account whose email is not verified, creating nothing', async () => {
      for (const name of ['github', 'google'] as const) {
        const { location, cookie } = await start(name);
        const email = `unverified-${name}@example.test`;
        const { code, state } = provider.authorize(location, {
          id: name === 'github' ? '5005' : 'g-5005',
          email,
          verified: false,
        });
        const res = await callback(name, { code, state }, cookie);
        expectError(res, 403, 'FORBIDDEN');
        expect(sessionCookieOf(res)).toBeUndefined();
        expect(await t.deps.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
      }
    });

    it('answers a provider-side error or a missing code with 400', async () => {
      const { location, cookie } = await start('google');
      const state = new URL(location).searchParams.get('state')!;
      expectError(await callback('google', { error: 'access_denied', state }, cookie), 400, 'OAUTH_FAILED');
      expectError(await callback('google', { state }, cookie), 400, 'OAUTH_FAILED');
    });
  });

  describe(`OAuth not configured on ${dialect}`, () => {
    const t = useTestEnv({ dialect });
    it('lists no provider and refuses to start a sign-in', async () => {
      expect((await t.app.inject({ url: '/auth/oauth-config' })).json()).toEqual({ github: false, google: false });
      expect((await t.app.inject({ url: '/config' })).json()).toMatchObject({
        oauth: { github: false, google: false },
      });
      expectError(await t.app.inject({ url: '/auth/oauth/github' }), 404, 'OAUTH_PROVIDER_NOT_FOUND');
      expectError(
        await t.app.inject({ url: '/auth/oauth/google/callback?code=x&state=y' }),
        404,
        'OAUTH_PROVIDER_NOT_FOUND',
      );
    });
  });
}
