/** SQL for server-side session rows. */
import type { Executor } from '../db/index.ts';

export async function insertSession(
  db: Executor,
  s: { id: string; userId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ ...s, revokedAt: null })
    .execute();
}

/**
 * The user id of session `id` when it belongs to `userId`, is not revoked and has not expired at
 * `now`: one primary-key read. A deleted user's sessions go with it (ON DELETE CASCADE), so a row
 * found here always has its user.
 */
export async function findLiveSessionUserId(db: Executor, id: string, userId: string, now: Date) {
  const row = await db
    .selectFrom('sessions')
    .select('userId')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .executeTakeFirst();
  return row?.userId;
}

export async function revokeSession(db: Executor, id: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revokedAt: now })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Revokes every live session of a user, except `keep` when given. */
export async function revokeUserSessions(db: Executor, userId: string, now: Date, keep?: string): Promise<void> {
  let q = db
    .updateTable('sessions')
    .set({ revokedAt: now })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (keep) q = q.where('id', '!=', keep);
  await q.execute();
}

/** Forgets sessions that expired or were revoked before `before` (a maintenance job). */
export async function deleteSessionsBefore(db: Executor, before: Date): Promise<void> {
  const t = before.toISOString();
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expiresAt', '<', t), eb('revokedAt', '<', t)]))
    .execute();
}
