/** Dashboard sessions: an HS256 JWT in the HttpOnly `session` cookie. */
import { jwtVerify, SignJWT } from 'jose';

export const SESSION_COOKIE = 'session';
export const SESSION_TTL_SECONDS = 7 * 24 * 3600;

/** Signs a session token for a user. */
export async function signSession(secret: string, userId: string, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + SESSION_TTL_SECONDS)
    .setIssuer('mailwright')
    .sign(new TextEncoder().encode(secret));
}

/** The user id of a valid, unexpired session token, or undefined. */
export async function verifySession(secret: string, token: string): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      issuer: 'mailwright',
      // jose checks exp only when present; a token without one would never expire.
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    return typeof payload.sub === 'string' ? payload.sub : undefined;
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
