/**
 * The link of a confirmation email: a signed token naming the project and the pending confirmation,
 * with a purpose of its own, so no tracking or subscription token passes for one (lib/signed-token.ts).
 * Expiry is the pending row's (7 days): a token outlives nothing the database does not allow.
 */
import { signToken, verifyToken } from '../lib/signed-token.ts';

const CONFIRM = 'signup-confirm';

export interface ConfirmToken extends Record<string, unknown> {
  /** Project id. */
  p: string;
  /** Pending confirmation id. */
  i: string;
}

/** The /confirm/:token URL of a pending confirmation. */
export function confirmUrl(baseUrl: string, secret: string, token: ConfirmToken): string {
  return `${baseUrl}/confirm/${signToken(secret, CONFIRM, { p: token.p, i: token.i })}`;
}

/** The token's payload when its signature holds and its fields have the shape we sign. */
export function readConfirmToken(secret: string, token: string): ConfirmToken | undefined {
  const t = verifyToken<ConfirmToken>(secret, CONFIRM, token);
  return t && typeof t.p === 'string' && typeof t.i === 'string' ? t : undefined;
}
