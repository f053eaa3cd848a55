/**
 * Compact signed tokens for links that leave the service (tracking, unsubscribe): a base64url JSON
 * payload and an HMAC-SHA256 over the purpose and the payload. The purpose is part of the MAC, so
 * a token made for one use (an open pixel) is refused for another (an unsubscribe).
 */
import { timingSafeEqual } from 'node:crypto';
import { hmacSha256 } from './hmac.ts';

/** Tokens longer than this are refused before any work (a click URL can be long, not unbounded). */
const MAX_TOKEN_LENGTH = 4096;
const MAC_BYTES = 16;

function mac(secret: string, purpose: string, body: string): Buffer {
  return hmacSha256(secret, [purpose, body]).subarray(0, MAC_BYTES);
}

/** Signs `payload` for `purpose`. */
export function signToken(secret: string, purpose: string, payload: Record<string, unknown>): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, purpose, body).toString('base64url')}`;
}

/** The payload of a token signed for `purpose` with `secret`; undefined when malformed or tampered. */
export function verifyToken<T extends Record<string, unknown>>(
  secret: string,
  purpose: string,
  token: string,
): T | undefined {
  if (token.length > MAX_TOKEN_LENGTH) return undefined;
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return undefined;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = mac(secret, purpose, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}
