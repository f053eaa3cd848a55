/**
 * The OpenID Connect round trip's state, PKCE verifier and nonce, kept in a signed cookie
 * (round-trip-cookie.ts) scoped to /auth/oidc and cleared by the callback whatever the outcome.
 */
import { roundTripCookieOptions, signRoundTrip, verifyRoundTrip } from '../round-trip-cookie.ts';

export const OIDC_COOKIE = 'oidc_state';
export const OIDC_COOKIE_PATH = '/auth/oidc';
const AUDIENCE = 'mailwright-oidc';

export interface OidcState {
  state: string;
  verifier: string;
  nonce: string;
}

export function signOidcState(secret: string, s: OidcState, now: Date): Promise<string> {
  return signRoundTrip(secret, AUDIENCE, { s: s.state, v: s.verifier, n: s.nonce }, now);
}

/** The cookie's content; undefined when it is expired, forged or not an OIDC state. */
export async function verifyOidcState(secret: string, token: string, now: Date): Promise<OidcState | undefined> {
  const claims = await verifyRoundTrip(secret, AUDIENCE, token, now);
  const { s, v, n } = claims ?? {};
  if (typeof s !== 'string' || typeof v !== 'string' || typeof n !== 'string') return undefined;
  return { state: s, verifier: v, nonce: n };
}

export function oidcCookieOptions(baseUrl: string) {
  return roundTripCookieOptions(baseUrl, OIDC_COOKIE_PATH);
}
