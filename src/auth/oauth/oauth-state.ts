/**
 * The OAuth round trip's state and PKCE verifier, kept in a signed cookie (round-trip-cookie.ts; no
 * server-side row to clean up) scoped to /auth/oauth. The callback accepts it once: it is cleared
 * whatever the outcome.
 */
import type { OAuthProvider } from '../../db/auth-tables.ts';
import { roundTripCookieOptions, signRoundTrip, verifyRoundTrip } from '../round-trip-cookie.ts';

export const OAUTH_COOKIE = 'oauth_state';
export const OAUTH_COOKIE_PATH = '/auth/oauth';
const AUDIENCE = 'mailwright-oauth';

export interface OAuthState {
  provider: OAuthProvider;
  state: string;
  verifier: string;
}

export function signOAuthState(secret: string, s: OAuthState, now: Date): Promise<string> {
  return signRoundTrip(secret, AUDIENCE, { p: s.provider, s: s.state, v: s.verifier }, now);
}

export async function verifyOAuthState(secret: string, token: string, now: Date): Promise<OAuthState | undefined> {
  const claims = await verifyRoundTrip(secret, AUDIENCE, token, now);
  const { p, s, v } = claims ?? {};
  if ((p !== 'github' && p !== 'google') || typeof s !== 'string' || typeof v !== 'string') return undefined;
  return { provider: p, state: s, verifier: v };
}

export function oauthCookieOptions(baseUrl: string) {
  return roundTripCookieOptions(baseUrl, OAUTH_COOKIE_PATH);
}
