/** SQL for single-use account tokens (stored as their SHA-256 only). */
import type { AuthTokenPurpose } from '../db/auth-tables.ts';
import type { Executor } from '../db/index.ts';

export async function insertToken(
  db: Executor,
  t: { tokenHash: string; userId: string; purpose: AuthTokenPurpose; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('authTokens')
    .values({ ...t, usedAt: null })
    .execute();
}

/** The user of a token that is unused, unexpired and of `purpose`, without using it up. */
export async function findUsableToken(db: Executor, tokenHash: string, purpose: AuthTokenPurpose, now: Date) {
  return db
    .selectFrom('authTokens')
    .select('userId')
    .where('tokenHash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .executeTakeFirst();
}

/**
 * Uses a token up: one conditional UPDATE, so of two racing uses exactly one gets the user id back
 * and the other gets undefined.
 */
export async function consumeToken(
  db: Executor,
  tokenHash: string,
  purpose: AuthTokenPurpose,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .updateTable('authTokens')
    .set({ usedAt: now })
    .where('tokenHash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .returning('userId')
    .executeTakeFirst();
  return row?.userId;
}

/** Marks every unused token of a user and purpose used (a reset spends the other reset links too). */
export async function spendUserTokens(db: Executor, userId: string, purpose: AuthTokenPurpose, now: Date) {
  await db
    .updateTable('authTokens')
    .set({ usedAt: now })
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .execute();
}

export async function deleteTokensExpiredBefore(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('authTokens').where('expiresAt', '<', before.toISOString()).execute();
}
