// Invariant: single sign-on runs the authorization-code flow with PKCE S256, a state and a nonce
// against a real OpenID provider (oidc-provider on loopback). Only a round trip started in this
// browser, whose code the provider redeems once, whose ID token carries this round trip's nonce, and
// whose user has a verified email in an allowed domain signs in; every other ending is an HTML error
// page with a way back and no session. OIDC_ONLY leaves password sign-in to the first owner alone,
// and a provider that cannot be discovered never stops the service.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signOidcState, verifyOidcState } from '../../src/auth/oidc/oidc-state.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { DEFAULT_PASSWORD } from '../factories.ts';
import { type OidcProviderServer, startOidcProvider } from '../servers/oidc-provider.ts';
import { CALLBACK, expectRefusalPage, oidcHelpers, usersWithEmail } from './oidc-helpers.ts';
import { expectError, sessionCookieOf } from './support.ts';

for (const dialect of DIALECTS) {
  describe(`OIDC sign-in on ${dialect}`, () => {
    let provider: OidcProviderServer;
    beforeAll(async () => {
      provider = await startOidcProvider({ redirectUri: CALLBACK });
      provider.users.set('ann', { email: 'Ann@Acme.test', email_verified: true });
      provider.users.set('bob', { email: 'bob@acme.test', email_verified: true });
      provider.users.set('unverified', { email: 'eve@acme.test', email_verified: false });
      provider.users.set('no-claim', { email: 'nia@acme.test' });
      provider.users.set('outsider', { email: 'olga@elsewhere.test', email_verified: true });
      provider.users.set('fresh', { email: 'fresh@example.test', email_verified: true });
    });
    afterAll(async () => provider?.close());
    const t = useTestEnv({
      dialect,
      env: () => ({ ...provider.env(), OIDC_NAME: 'Acme SSO', OIDC_ALLOWED_DOMAINS: 'acme.test, Example.TEST' }),
    });
    const { start, callback, roundTrip, signIn, me, tokenCalls } = oidcHelpers(t, () => provider);
    const methods = async (cookie: string) =>
      (await t.app.inject({ url: '/users/@me/sign-in-methods', headers: { cookie } })).json();

    it('says on /config and /ready that single sign-on is on, under its name', async () => {
      // Discovery began with the server; wait for it.
      await t.deps.oidc.configuration();
      const config = (await t.app.inject({ url: '/config' })).json();
      expect(config.oidc).toEqual({ enabled: true, name: 'Acme SSO' });
      const ready = await t.app.inject({ url: '/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', database: true, oidc: { ready: true } });
    });

    it('redirects to the provider with a code request, PKCE S256, a state and a nonce', async () => {
      const { location, cookie } = await start();
      const url = new URL(location);
      expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/auth`);
      const q = Object.fromEntries(url.searchParams);
      expect(q).toMatchObject({
        response_type: 'code',
        client_id: provider.clientId,
        redirect_uri: CALLBACK,
        scope: 'openid email',
        code_challenge_method: 'S256',
      });
      const saved = await verifyOidcState(t.deps.secrets.jwtSecret, cookie.slice('oidc_state='.length), new Date());
      expect(saved).toMatchObject({ state: q.state, nonce: q.nonce });
      expect(q.code_challenge).toMatch(/^[\w-]{43}$/);
      expect(q.code_challenge).not.toBe(saved!.verifier);
    });

    it('signs in: the account is made with its verified email, linked by sub, and found again next time', async () => {
      const cookie = await signIn('ann');
      const user = await me(cookie);
      expect(user).toMatchObject({ email: 'ann@acme.test', emailVerified: true });
      const links = await t.deps.db.selectFrom('oauthAccounts').selectAll().where('userId', '=', user.id).execute();
      expect(links).toMatchObject([{ provider: 'oidc', providerAccountId: `${provider.issuer}#ann` }]);
      expect(await methods(cookie)).toEqual({ password: false, oidc: true, oauth: [] });
      // Linked by sub: a changed address at the provider still reaches the same account.
      provider.users.set('ann', { email: 'ann.renamed@acme.test', email_verified: true });
      expect((await me(await signIn('ann'))).id).toBe(user.id);
      expect(await usersWithEmail(t, 'ann.renamed@acme.test')).toEqual([]);
      // The account has no password.
      const login = { email: 'ann@acme.test', password: '!no-password' };
      expectError(await t.app.inject({ method: 'POST', url: '/auth/login', payload: login }), 401, 'UNAUTHORIZED');
    });

    it('signs an existing verified account with the same email in, keeping its password', async () => {
      const existing = await t.make.user({ email: 'bob@acme.test' });
      await t.deps.db.updateTable('users').set({ emailVerified: true }).where('id', '=', existing.id).execute();
      expect(await methods(existing.cookie)).toEqual({ password: true, oidc: false, oauth: [] });
      const cookie = await signIn('bob');
      expect((await me(cookie)).id).toBe(existing.id);
      expect(await methods(cookie)).toEqual({ password: true, oidc: true, oauth: [] });
      const login = { email: existing.email, password: DEFAULT_PASSWORD };
      expect((await t.app.inject({ method: 'POST', url: '/auth/login', payload: login })).statusCode).toBe(200);
    });

    it("writes sign-ins and a linked account's refused sign-in to its projects' audit logs", async () => {
      const owner = await t.make.user({ email: 'cleo@acme.test' });
      await t.deps.db.updateTable('users').set({ emailVerified: true }).where('id', '=', owner.id).execute();
      const project = await t.make.project(owner);
      provider.users.set('cleo', { email: 'cleo@acme.test', email_verified: true });
      await signIn('cleo');
      // The provider stops vouching for the address: the linked account's sign-in is refused.
      provider.users.set('cleo', { email: 'cleo@acme.test', email_verified: false });
      expectRefusalPage(await roundTrip('cleo'), 403, /no verified email address/);
      const log = await t.app.inject({ url: '/audit-log?action=auth.*', headers: { authorization: project.auth } });
      expect(
        log
          .json()
          .data.map((e: { action: string; actor: { id: string }; changes: object }) => [
            e.action,
            e.actor.id,
            e.changes,
          ]),
      ).toEqual([
        ['auth.sign_in_failed', owner.id, { method: [null, 'oidc'] }],
        ['auth.signed_in', owner.id, { method: [null, 'oidc'] }],
      ]);
    });

    it('refuses a missing, forged or foreign state before any code is exchanged', async () => {
      const { location, cookie } = await start();
      const back = await provider.signIn(location, 'fresh');
      const before = tokenCalls();
      expectRefusalPage(await callback(back), 400, /expired or was not started in this browser/);
      // The right content, signed with another key.
      const saved = await verifyOidcState(t.deps.secrets.jwtSecret, cookie.slice('oidc_state='.length), new Date());
      const forged = await signOidcState('another-key-0123456789abcdef0123456789', saved!, new Date());
      expectRefusalPage(
        await callback(back, `oidc_state=${forged}`),
        400,
        /expired or was not started in this browser/,
      );
      // A genuine cookie of another round trip started in this browser.
      const other = await start();
      expectRefusalPage(await callback(back, other.cookie), 400, /does not belong to the sign-in started/);
      const state = new URL(back).searchParams.get('state')!;
      expectRefusalPage(await callback(back.replace(state, `${state}x`), cookie), 400, /does not belong/);
      expect(tokenCalls()).toBe(before);
      expect(await usersWithEmail(t, 'fresh@example.test')).toEqual([]);
      // The untouched ending still works: none of the above spent the code.
      const ok = await callback(back, cookie);
      expect(ok.statusCode, ok.body).toBe(302);
      expect((await me(sessionCookieOf(ok)!)).email).toBe('fresh@example.test');
    });

    it('refuses a replayed callback: the provider redeems a code once', async () => {
      const { location, cookie } = await start();
      const back = await provider.signIn(location, 'ann');
      expect((await callback(back, cookie)).statusCode).toBe(302);
      expectRefusalPage(await callback(back, cookie), 400, /already used or has expired/);
    });

    it('refuses an ID token whose nonce is not the one this browser started with', async () => {
      const { location, cookie } = await start();
      // The authorization request altered on its way (state and PKCE intact): the provider then
      // signs a token for the other nonce.
      const altered = new URL(location);
      altered.searchParams.set('nonce', 'a-nonce-of-someone-else');
      const before = tokenCalls();
      const res = await callback(await provider.signIn(altered.href, 'ann'), cookie);
      expectRefusalPage(res, 400, /identity token does not belong to the sign-in started in this browser/);
      expect(tokenCalls()).toBe(before + 1);
    });

    it('refuses an email the provider has not verified, and one outside the allowed domains', async () => {
      for (const login of ['unverified', 'no-claim']) {
        expectRefusalPage(await roundTrip(login), 403, /Acme SSO has no verified email address/);
      }
      expectRefusalPage(await roundTrip('outsider'), 403, /Addresses at elsewhere\.test may not sign in/);
      for (const email of ['eve@acme.test', 'nia@acme.test', 'olga@elsewhere.test']) {
        expect(await usersWithEmail(t, email)).toEqual([]);
      }
      const links = await t.deps.db.selectFrom('oauthAccounts').select('providerAccountId').execute();
      expect(links.map((l) => l.providerAccountId.split('#')[1]).sort()).toEqual(['ann', 'bob', 'cleo', 'fresh']);
    });

    it("shows the provider's error, and only an error code's usual shape of it", async () => {
      const { cookie } = await start();
      const saved = await verifyOidcState(t.deps.secrets.jwtSecret, cookie.slice('oidc_state='.length), new Date());
      const res = await callback(`${CALLBACK}?error=access_denied&state=${saved!.state}`, cookie);
      expectRefusalPage(res, 400, /Acme SSO did not sign you in \(access_denied\)/);
      const spoof = await callback(`${CALLBACK}?error=${encodeURIComponent('Call <b>555</b> now')}`, cookie);
      expectRefusalPage(spoof, 400, /Acme SSO did not sign you in\./);
      expect(spoof.body).not.toContain('555');
    });

    it('refuses a state cookie signed for the right state but expired', async () => {
      const { location } = await start();
      const back = await provider.signIn(location, 'ann');
      const state = new URL(back).searchParams.get('state')!;
      const old = new Date(Date.now() - 11 * 60_000);
      const stale = await signOidcState(t.deps.secrets.jwtSecret, { state, verifier: 'v', nonce: 'n' }, old);
      expectRefusalPage(await callback(back, `oidc_state=${stale}`), 400, /expired/);
    });
  });

  describe(`OIDC_ONLY on ${dialect}`, () => {
    let provider: OidcProviderServer;
    beforeAll(async () => {
      // The other client authentication, and the email claims in the ID token rather than userinfo.
      provider = await startOidcProvider({
        redirectUri: CALLBACK,
        authMethod: 'client_secret_post',
        emailInIdToken: true,
      });
    });
    afterAll(async () => provider?.close());
    const t = useTestEnv({ dialect, env: () => ({ ...provider.env(), OIDC_ONLY: 'true', DISABLE_SIGNUPS: 'true' }) });
    const { signIn, roundTrip, me, tokenCalls } = oidcHelpers(t, () => provider);
    const login = (email: string, password = DEFAULT_PASSWORD) =>
      t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });

    it('refuses password sign-in to everyone but the first owner, the same way whether the account exists', async () => {
      const first = await t.make.user();
      const second = await t.make.user();
      const plain = await t.make.user();
      // The second owner's project is made first: "first" is the account's age, not the project's.
      await t.make.project(second);
      await t.make.project(first);
      for (const email of [second.email, plain.email, 'nobody@example.test']) {
        expectError(await login(email), 403, 'PASSWORD_SIGN_IN_DISABLED');
      }
      // The first owner's wrong password is refused with the same answer; the right one signs in.
      const wrong = expectError(await login(first.email, 'not the password'), 403, 'PASSWORD_SIGN_IN_DISABLED');
      expect(wrong.message).toBe('Password sign-in is turned off on this server: sign in with Single sign-on.');
      expect((await login(first.email)).statusCode).toBe(200);
      const signup = { email: 'new@example.test', password: 'long enough password' };
      expectError(
        await t.app.inject({ method: 'POST', url: '/auth/signup', payload: signup }),
        403,
        'PASSWORD_SIGN_IN_DISABLED',
      );
      const methods = (cookie: string) => t.app.inject({ url: '/users/@me/sign-in-methods', headers: { cookie } });
      expect((await methods(first.cookie)).json()).toEqual({ password: true, oidc: false, oauth: [] });
      expect((await methods(second.cookie)).json()).toEqual({ password: false, oidc: false, oauth: [] });
    });

    it('signs existing accounts in (client_secret_post, email from the ID token); sign-ups stay off', async () => {
      const member = await t.make.user();
      await t.deps.db.updateTable('users').set({ emailVerified: true }).where('id', '=', member.id).execute();
      provider.users.set('member', { email: member.email, email_verified: true });
      provider.users.set('stranger', { email: 'stranger@example.test', email_verified: true });
      const before = tokenCalls();
      expect((await me(await signIn('member'))).id).toBe(member.id);
      expect(tokenCalls()).toBe(before + 1);
      // Email in the ID token: no userinfo call was needed.
      expect(provider.requests.filter((r) => r.includes('/me'))).toEqual([]);
      expectRefusalPage(await roundTrip('stranger'), 403, /Sign-ups are disabled/);
      expect(await usersWithEmail(t, 'stranger@example.test')).toEqual([]);
    });
  });

  describe(`OIDC discovery failing on ${dialect}`, () => {
    const clock = manualClock(new Date());
    let port = 0;
    let provider: OidcProviderServer | undefined;
    beforeAll(async () => {
      // A port with nothing listening: the issuer is unreachable at start-up.
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      port = (probe.address() as AddressInfo).port;
      await new Promise((resolve) => probe.close(resolve));
    });
    afterAll(async () => provider?.close());
    const t = useTestEnv({
      dialect,
      clock,
      env: () => ({
        OIDC_ISSUER: `http://127.0.0.1:${port}`,
        OIDC_CLIENT_ID: 'mailwright-test',
        OIDC_CLIENT_SECRET: 'mailwright-test-secret-0123456789',
      }),
    });
    const startPage = () => t.app.inject({ url: '/auth/oidc/start' });
    const ready = async () => (await t.app.inject({ url: '/ready' })).json();

    it('starts anyway: /ready names the problem, start answers 503, password sign-in works', async () => {
      await expect(t.deps.oidc.configuration()).rejects.toMatchObject({ statusCode: 503, code: 'OIDC_UNAVAILABLE' });
      const res = await t.app.inject({ url: '/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok', database: true, oidc: { ready: false } });
      expect(res.json().oidc.error).toMatch(/^OpenID Connect discovery failed: .*ECONNREFUSED/);
      const page = await startPage();
      expectRefusalPage(page, 503, /Sign-in with Single sign-on is unavailable right now/);
      expect(page.cookies.filter((c) => c.name === 'oidc_state')).toEqual([]);
      expect((await t.app.inject({ url: '/config' })).json().oidc).toEqual({ enabled: true, name: 'Single sign-on' });
      const user = await t.make.user();
      const login = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: user.email, password: DEFAULT_PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
    });

    it('retries after a back-off: a 404 issuer is reported, and a provider that comes back is picked up', async () => {
      provider = await startOidcProvider({ redirectUri: CALLBACK, port, down: true });
      clock.advance(5_000);
      expectRefusalPage(await startPage(), 503, /unavailable right now/);
      expect((await ready()).oidc.error).toMatch(/discovery failed: .*status code/i);
      const tried = provider.requests.length;
      provider.setDown(false);
      // Within the back-off (10 s after the second failure) nothing is asked of the provider.
      clock.advance(9_000);
      expectRefusalPage(await startPage(), 503, /unavailable right now/);
      expect(provider.requests.length).toBe(tried);
      clock.advance(1_000);
      const res = await startPage();
      expect(res.statusCode, res.body).toBe(302);
      expect(String(res.headers.location)).toMatch(new RegExp(`^${provider.issuer}/auth\\?`));
      expect((await ready()).oidc).toEqual({ ready: true });
    });
  });
}
