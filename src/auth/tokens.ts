/**
 * Account tokens for the links in account mail: 32 random bytes (base64url) in the link, only their
 * SHA-256 in the database, bound to one purpose, expiring, used at most once.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AuthTokenPurpose } from '../db/auth-tables.ts';
import type { Executor } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import { badRequest } from '../errors.ts';
import * as repo from './tokens.repo.ts';

export const TOKEN_TTL_MS: Record<AuthTokenPurpose, number> = {
  VERIFY_EMAIL: 48 * 3600 * 1000,
  RESET_PASSWORD: 3600 * 1000,
};

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The one answer for an unknown, expired, used or wrong-purpose token: they are not told apart. */
export const invalidToken = () =>
  badRequest('This link is invalid or has expired. Request a new one.', 'INVALID_TOKEN');

/** Issues a token for `userId` and returns it (the only time it exists in clear). */
export async function issueToken(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: string,
  purpose: AuthTokenPurpose,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  await repo.insertToken(deps.db, {
    tokenHash: hashToken(token),
    userId,
    purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]),
  });
  return token;
}

/** The user id of a usable token, without spending it; 400 INVALID_TOKEN otherwise. */
export async function peekToken(deps: Pick<Deps, 'db' | 'clock'>, token: string, purpose: AuthTokenPurpose) {
  const row = await repo.findUsableToken(deps.db, hashToken(token), purpose, deps.clock.now());
  if (!row) throw invalidToken();
  return row.userId;
}

/** Spends a token atomically (in `db`, which may be a transaction); 400 INVALID_TOKEN when it is not usable. */
export async function consumeToken(
  deps: Pick<Deps, 'clock'>,
  db: Executor,
  token: string,
  purpose: AuthTokenPurpose,
): Promise<string> {
  const userId = await repo.consumeToken(db, hashToken(token), purpose, deps.clock.now());
  if (!userId) throw invalidToken();
  return userId;
}
