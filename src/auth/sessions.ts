/**
 * Dashboard sessions: an HS256 JWT in the HttpOnly `session` cookie naming a server-side session row
 * (`sid`). The signature keeps forged cookies away from the database; the row makes a session
 * revocable (logout, password change, reset), which a bare JWT is not.
 */
import { jwtVerify, SignJWT } from 'jose';

export const SESSION_COOKIE = 'session';
export const SESSION_TTL_SECONDS = 7 * 24 * 3600;

export interface SessionClaims {
  userId: string;
  sessionId: string;
}

/** Signs a session token for session row `sessionId` of a user. */
export async function signSession(secret: string, claims: SessionClaims, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + SESSION_TTL_SECONDS)
    .setIssuer('mailwright')
    .sign(new TextEncoder().encode(secret));
}

/**
 * The claims of a validly signed, unexpired token (at `now`, the deps clock), or undefined. A token
 * from before revocable sessions (no `sid`) is refused: it could never be revoked.
 */
export async function verifySession(secret: string, token: string, now: Date): Promise<SessionClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      issuer: 'mailwright',
      currentDate: now,
      // jose checks exp only when present; a token without one would never expire.
      requiredClaims: ['exp', 'iat', 'sub', 'sid'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return undefined;
  }
}

/** Cookie options: HttpOnly, SameSite=Lax, Secure when served over https. */
export function sessionCookieOptions(baseUrl: string) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: baseUrl.startsWith('https://'),
    maxAge: SESSION_TTL_SECONDS,
  };
}
