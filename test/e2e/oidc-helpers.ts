/** The single sign-on round trip as a browser makes it, against the app and a loopback provider. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestEnv } from '../env.ts';
import type { OidcProviderServer } from '../servers/oidc-provider.ts';
import { sessionCookieOf } from './support.ts';

export const BASE = 'http://localhost:3000';
export const CALLBACK = `${BASE}/auth/oidc/callback`;

export function oidcHelpers(t: TestEnv, provider: () => OidcProviderServer) {
  /** GET /auth/oidc/start: the provider URL we redirect to, and our state cookie. */
  async function start() {
    const res = await t.app.inject({ url: '/auth/oidc/start' });
    expect(res.statusCode, res.body).toBe(302);
    const c = res.cookies.find((x) => x.name === 'oidc_state');
    expect(c).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/auth/oidc' });
    return { location: String(res.headers.location), cookie: `oidc_state=${c!.value}` };
  }

  /** The browser arriving back at `url` (our callback, with the provider's parameters). */
  const callback = (url: string, cookie?: string) => {
    expect(url.startsWith(`${CALLBACK}?`), url).toBe(true);
    return t.app.inject({ url: url.slice(BASE.length), headers: cookie ? { cookie } : {} });
  };

  /** Start, sign in at the provider as `login`, come back: the callback's response. */
  async function roundTrip(login: string) {
    const { location, cookie } = await start();
    return callback(await provider().signIn(location, login), cookie);
  }

  /** A whole successful sign-in; returns the session cookie. */
  async function signIn(login: string) {
    const res = await roundTrip(login);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe(`${BASE}/`);
    expect(res.cookies.find((c) => c.name === 'oidc_state')?.value).toBe('');
    return sessionCookieOf(res)!;
  }

  const me = async (cookie: string) => {
    const res = await t.app.inject({ url: '/users/@me', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: string; email: string; emailVerified: boolean };
  };

  const tokenCalls = () => provider().requests.filter((r) => r.startsWith('POST /token')).length;

  return { start, callback, roundTrip, signIn, me, tokenCalls };
}

/** A refusal: the HTML error page with the status, the reason, a way back, and no session. */
export function expectRefusalPage(res: LightMyRequestResponse, status: number, reason: RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
  expect(res.body).toMatch(reason);
  expect(res.body).toContain(`<a class="button" href="${BASE}/login">Back to sign in</a>`);
  expect(sessionCookieOf(res)).toBeUndefined();
  expect(res.cookies.filter((c) => c.name === 'session')).toEqual([]);
}

/** The rows of users with `email` (none: the refusal made no account). */
export const usersWithEmail = (t: TestEnv, email: string) =>
  t.deps.db.selectFrom('users').select('id').where('email', '=', email).execute();
