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

/** The user of session `id` when it belongs to `userId`, is not revoked and has not expired at `now`. */
export async function findLiveSessionUser(db: Executor, id: string, userId: string, now: Date) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .selectAll('users')
    .where('sessions.id', '=', id)
    .where('sessions.userId', '=', userId)
    .where('sessions.revokedAt', 'is', null)
    .where('sessions.expiresAt', '>', now.toISOString())
    .executeTakeFirst();
}

export async function revokeSession(db: Executor, id: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revokedAt: now })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Revokes every live session of a user, except `keep` when given; returns how many. */
export async function revokeUserSessions(db: Executor, userId: string, now: Date, keep?: string): Promise<number> {
  let q = db
    .updateTable('sessions')
    .set({ revokedAt: now })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (keep) q = q.where('id', '!=', keep);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Forgets sessions that expired or were revoked before `before` (a maintenance job). */
export async function deleteSessionsBefore(db: Executor, before: Date): Promise<void> {
  const t = before.toISOString();
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expiresAt', '<', t), eb('revokedAt', '<', t)]))
    .execute();
}
