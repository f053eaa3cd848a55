/**
 * The OAuth round trip's state and PKCE verifier, kept in a short-lived signed HttpOnly cookie (no
 * server-side row to clean up). SameSite=Lax, so the provider's top-level redirect back carries it;
 * scoped to /auth/oauth. The callback accepts it once: it is cleared whatever the outcome.
 */
import { jwtVerify, SignJWT } from 'jose';
import type { OAuthProvider } from '../../db/auth-tables.ts';

export const OAUTH_COOKIE = 'oauth_state';
export const OAUTH_COOKIE_PATH = '/auth/oauth';
const OAUTH_STATE_TTL_SECONDS = 10 * 60;
const AUDIENCE = 'mailwright-oauth';

export interface OAuthState {
  provider: OAuthProvider;
  state: string;
  verifier: string;
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signOAuthState(secret: string, s: OAuthState, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return (
    new SignJWT({ p: s.provider, s: s.state, v: s.verifier })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + OAUTH_STATE_TTL_SECONDS)
      .setIssuer('mailwright')
      // The audience keeps a session token (same key) from passing as an OAuth state, and back.
      .setAudience(AUDIENCE)
      .sign(key(secret))
  );
}

export async function verifyOAuthState(secret: string, token: string, now: Date): Promise<OAuthState | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer: 'mailwright',
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ['exp', 'iat'],
    });
    const { p, s, v } = payload as Record<string, unknown>;
    if ((p !== 'github' && p !== 'google') || typeof s !== 'string' || typeof v !== 'string') return undefined;
    return { provider: p, state: s, verifier: v };
  } catch {
    return undefined;
  }
}

export function oauthCookieOptions(baseUrl: string) {
  return {
    path: OAUTH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: baseUrl.startsWith('https://'),
    maxAge: OAUTH_STATE_TTL_SECONDS,
  };
}
