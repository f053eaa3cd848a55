// Invariant: a session is a server-side row the cookie names; logout, a password change (other
// sessions) and expiry end it at once, everywhere it is used. A state-changing request authenticated
// by the cookie must come from this site (Origin, Sec-Fetch-Site, or a custom header); bearer-key
// requests are not affected; sign-in and sign-up refuse a foreign Origin.
import { describe, expect, it } from 'vitest';
import { SESSION_TTL_SECONDS, signSession } from '../../src/auth/sessions.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { DEFAULT_PASSWORD } from '../factories.ts';
import { NO_BROWSER_HEADERS } from './auth-helpers.ts';
import { expectError, probeRoutes, sessionCookieOf } from './support.ts';

const BASE = 'http://localhost:3000';

for (const dialect of DIALECTS) {
  describe(`sessions on ${dialect}`, () => {
    const clock = manualClock(new Date());
    const t = useTestEnv({ dialect, clock, app: { plugins: [probeRoutes] } });
    const me = (cookie: string) => t.app.inject({ url: '/users/@me', headers: { cookie } });
    const login = async (email: string, password = DEFAULT_PASSWORD) => {
      const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
      expect(res.statusCode, res.body).toBe(200);
      return sessionCookieOf(res)!;
    };
    const changePassword = (cookie: string, currentPassword: string, newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/users/@me/password',
        headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
        payload: { currentPassword, newPassword },
      });

    it('ends the session server-side on logout: the same cookie is refused everywhere, other sessions live', async () => {
      const p = await t.make.project();
      const a = await login(p.owner.email);
      const b = await login(p.owner.email);
      const out = await t.app.inject({ url: '/auth/logout', headers: { cookie: a } });
      expect(out.statusCode).toBe(200);
      expect(out.cookies.find((c) => c.name === 'session')?.value).toBe('');
      // The old cookie value, replayed, no longer works: the row is revoked, not only the cookie cleared.
      expectError(await me(a), 401, 'UNAUTHORIZED');
      const probe = await t.app.inject({ url: '/probe', headers: { cookie: a, 'x-project-id': p.id } });
      expectError(probe, 401, 'MISSING_AUTH');
      expect((await me(b)).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/probe', headers: { cookie: b, 'x-project-id': p.id } })).statusCode).toBe(
        200,
      );
      // Logging out twice, or without a session, is harmless.
      expect((await t.app.inject({ url: '/auth/logout', headers: { cookie: a } })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/auth/logout' })).statusCode).toBe(200);
    });

    it('changes the password and ends every other session, keeping the caller signed in', async () => {
      const u = await t.make.user();
      const other = await login(u.email);
      const res = await changePassword(u.cookie, DEFAULT_PASSWORD, 'a new password here');
      expect(res.statusCode, res.body).toBe(200);
      expect((await me(u.cookie)).statusCode).toBe(200);
      expectError(await me(other), 401, 'UNAUTHORIZED');
      expectError(
        await t.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { email: u.email, password: DEFAULT_PASSWORD },
        }),
        401,
        'UNAUTHORIZED',
      );
      await login(u.email, 'a new password here');
    });

    it('refuses a password change with a wrong current password and changes nothing', async () => {
      const u = await t.make.user();
      const other = await login(u.email);
      expectError(await changePassword(u.cookie, 'not my password', 'whatever new one'), 401, 'UNAUTHORIZED');
      expectError(await changePassword(u.cookie, DEFAULT_PASSWORD, 'short'), 422, 'VALIDATION_ERROR');
      expect((await me(other)).statusCode).toBe(200);
      await login(u.email);
      expectError(await changePassword('session=nope', DEFAULT_PASSWORD, 'whatever new one'), 401, 'UNAUTHORIZED');
    });

    it('expires a session after its lifetime, and refuses a signed token naming no session row', async () => {
      const u = await t.make.user();
      clock.advance(SESSION_TTL_SECONDS * 1000 - 60_000);
      expect((await me(u.cookie)).statusCode).toBe(200);
      clock.advance(120_000);
      expectError(await me(u.cookie), 401, 'UNAUTHORIZED');
      // Correctly signed, but its session id was never issued (or was deleted): no session.
      const made = await signSession(t.deps.secrets.jwtSecret, { userId: u.id, sessionId: u.id }, clock.now());
      expectError(await me(`session=${made}`), 401, 'UNAUTHORIZED');
    });

    describe('cross-site request protection', () => {
      const createProject = (cookie: string, headers: Record<string, string | undefined>) =>
        t.app.inject({
          method: 'POST',
          url: '/users/@me/projects',
          headers: { cookie, ...headers } as Record<string, string>,
          payload: { name: 'Via cookie' },
        });
      const projectCount = async (userId: string) =>
        (await t.deps.db.selectFrom('memberships').select('projectId').where('userId', '=', userId).execute()).length;

      it('refuses cookie-authenticated writes from another site with 403 and changes nothing', async () => {
        const u = await t.make.user();
        const refusals: Array<Record<string, string | undefined>> = [
          { origin: 'https://evil.example' },
          { origin: 'http://localhost:3000.evil.example' },
          { origin: 'null' },
          // A foreign Origin is refused even with a custom header a browser could only send after a preflight.
          { origin: 'https://evil.example', 'x-requested-with': 'XMLHttpRequest' },
          { 'sec-fetch-site': 'cross-site' },
          { 'sec-fetch-site': 'same-site' },
          // No Origin, no Sec-Fetch-Site and no custom header (an old browser's form post).
          { 'sec-fetch-site': undefined },
        ];
        for (const headers of refusals) {
          const error = expectError(await createProject(u.cookie, headers), 403, 'FORBIDDEN');
          expect(error.message).toMatch(/Cross-site request refused/);
        }
        expect(await projectCount(u.id)).toBe(0);
        const del = await t.app.inject({
          method: 'POST',
          url: '/users/@me/password',
          headers: { cookie: u.cookie, origin: 'https://evil.example' },
          payload: { currentPassword: DEFAULT_PASSWORD, newPassword: 'attacker chose this' },
        });
        expectError(del, 403, 'FORBIDDEN');
        await login(u.email);
      });

      it('accepts same-site writes: matching Origin, Sec-Fetch-Site same-origin or none, or a custom header', async () => {
        const u = await t.make.user();
        const accepted: Array<Record<string, string>> = [
          { origin: BASE },
          { 'sec-fetch-site': 'same-origin' },
          { 'sec-fetch-site': 'none' },
          { 'x-requested-with': 'XMLHttpRequest' },
        ];
        for (const headers of accepted) expect((await createProject(u.cookie, headers)).statusCode).toBe(201);
        expect(await projectCount(u.id)).toBe(4);
        // Reads are not state-changing: a foreign Origin on a GET is answered.
        const list = await t.app.inject({
          url: '/users/@me/projects',
          headers: { cookie: u.cookie, origin: 'https://evil.example' },
        });
        expect(list.statusCode).toBe(200);
      });

      it('lets X-Project-Id carry a project write, and never applies to bearer-key requests', async () => {
        const p = await t.make.project();
        const viaSession = await t.app.inject({
          method: 'POST',
          url: '/contacts',
          headers: { cookie: p.owner.cookie, 'x-project-id': p.id, ...NO_BROWSER_HEADERS },
          payload: { email: 'via-session@example.test' },
        });
        expect(viaSession.statusCode, viaSession.body).toBe(201);
        const crossSite = await t.app.inject({
          method: 'POST',
          url: '/contacts',
          headers: { cookie: p.owner.cookie, 'x-project-id': p.id, origin: 'https://evil.example' },
          payload: { email: 'cross@example.test' },
        });
        expectError(crossSite, 403, 'FORBIDDEN');
        const viaKey = await t.app.inject({
          method: 'POST',
          url: '/contacts',
          headers: { authorization: p.auth, origin: 'https://evil.example' },
          payload: { email: 'via-key@example.test' },
        });
        expect(viaKey.statusCode, viaKey.body).toBe(201);
        const stored = await t.deps.db.selectFrom('contacts').select('email').where('projectId', '=', p.id).execute();
        expect(stored.map((c) => c.email).sort()).toEqual(['via-key@example.test', 'via-session@example.test']);
      });

      it('refuses sign-in and sign-up from a foreign Origin (login CSRF), without setting a cookie', async () => {
        const u = await t.make.user();
        const foreign = await t.app.inject({
          method: 'POST',
          url: '/auth/login',
          headers: { origin: 'https://evil.example' },
          payload: { email: u.email, password: DEFAULT_PASSWORD },
        });
        expectError(foreign, 403, 'FORBIDDEN');
        expect(sessionCookieOf(foreign)).toBeUndefined();
        const signup = await t.app.inject({
          method: 'POST',
          url: '/auth/signup',
          headers: { 'sec-fetch-site': 'cross-site' },
          payload: { email: 'csrf-signup@example.test', password: DEFAULT_PASSWORD },
        });
        expectError(signup, 403, 'FORBIDDEN');
        expect(
          await t.deps.db.selectFrom('users').select('id').where('email', '=', 'csrf-signup@example.test').execute(),
        ).toEqual([]);
        const same = await t.app.inject({
          method: 'POST',
          url: '/auth/login',
          headers: { origin: BASE },
          payload: { email: u.email, password: DEFAULT_PASSWORD },
        });
        expect(same.statusCode).toBe(200);
        // API clients send no browser headers at all.
        const plain = await t.app.inject({
          method: 'POST',
          url: '/auth/login',
          headers: NO_BROWSER_HEADERS,
          payload: { email: u.email, password: DEFAULT_PASSWORD },
        });
        expect(plain.statusCode).toBe(200);
      });
    });
  });
}
