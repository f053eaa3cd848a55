/**
 * The signed cookie a sign-in round trip with an outside provider (OAuth, OpenID Connect) keeps its
 * state in: a short-lived HS256 token with an audience of its own per kind, so neither a session
 * token nor the other kind's state (same key) passes as one. SameSite=Lax, so the provider's
 * top-level redirect back carries it; HttpOnly; scoped to the round trip's path.
 */
import { jwtVerify, SignJWT } from 'jose';

const TTL_SECONDS = 10 * 60;

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signRoundTrip(
  secret: string,
  audience: string,
  claims: Record<string, string>,
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + TTL_SECONDS)
    .setIssuer('mailwright')
    .setAudience(audience)
    .sign(key(secret));
}

/** The token's claims; undefined when it is expired, forged or of another audience. */
export async function verifyRoundTrip(
  secret: string,
  audience: string,
  token: string,
  now: Date,
): Promise<Record<string, unknown> | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer: 'mailwright',
      audience,
      currentDate: now,
      requiredClaims: ['exp', 'iat'],
    });
    return payload as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export function roundTripCookieOptions(baseUrl: string, path: string) {
  return {
    path,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: baseUrl.startsWith('https://'),
    maxAge: TTL_SECONDS,
  };
}
