/**
 * The OpenID Connect round trip's state, PKCE verifier and nonce, kept in a short-lived signed
 * HttpOnly cookie as the OAuth round trip's are (oauth/oauth-state.ts): SameSite=Lax, so the
 * provider's top-level redirect back carries it; scoped to /auth/oidc; cleared by the callback
 * whatever the outcome.
 */
import { jwtVerify, SignJWT } from 'jose';

export const OIDC_COOKIE = 'oidc_state';
export const OIDC_COOKIE_PATH = '/auth/oidc';
const OIDC_STATE_TTL_SECONDS = 10 * 60;
const AUDIENCE = 'mailwright-oidc';

export interface OidcState {
  state: string;
  verifier: string;
  nonce: string;
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signOidcState(secret: string, s: OidcState, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return (
    new SignJWT({ s: s.state, v: s.verifier, n: s.nonce })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + OIDC_STATE_TTL_SECONDS)
      .setIssuer('mailwright')
      // Its own audience: neither a session token nor an OAuth state (same key) passes as one.
      .setAudience(AUDIENCE)
      .sign(key(secret))
  );
}

/** The cookie's content; undefined when it is expired, forged or not an OIDC state. */
export async function verifyOidcState(secret: string, token: string, now: Date): Promise<OidcState | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer: 'mailwright',
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ['exp', 'iat'],
    });
    const { s, v, n } = payload as Record<string, unknown>;
    if (typeof s !== 'string' || typeof v !== 'string' || typeof n !== 'string') return undefined;
    return { state: s, verifier: v, nonce: n };
  } catch {
    return undefined;
  }
}

export function oidcCookieOptions(baseUrl: string) {
  return {
    path: OIDC_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: baseUrl.startsWith('https://'),
    maxAge: OIDC_STATE_TTL_SECONDS,
  };
}
