/** SQL for users and the login throttle counters. */
import type { Executor } from '../db/index.ts';

export async function findUserByEmail(db: Executor, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findUserById(db: Executor, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a user; false when the email is taken (unique index), so concurrent signups cannot both win. */
export async function insertUser(
  db: Executor,
  user: { id: string; email: string; passwordHash: string; createdAt: Date; emailVerified?: boolean },
): Promise<boolean> {
  const r = await db
    .insertInto('users')
    .values({
      id: user.id,
      email: user.email,
      passwordHash: user.passwordHash,
      emailVerified: user.emailVerified ?? false,
      createdAt: user.createdAt,
      updatedAt: user.createdAt,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Writes the account's own settings. */
export async function updateUserSettings(db: Executor, id: string, settings: { language: string | null }, at: Date) {
  await db.updateTable('users').set({ language: settings.language, updatedAt: at }).where('id', '=', id).execute();
}

export async function findThrottle(db: Executor, key: string) {
  return db.selectFrom('authThrottle').selectAll().where('key', '=', key).executeTakeFirst();
}

/**
 * Counts one attempt for `key` unless `max` attempts already fall in the window that started after
 * `windowStart`; a window older than that starts afresh. One conditional upsert, so concurrent
 * attempts cannot all pass the check before any is counted: true when this attempt was counted.
 */
export async function reserveAttempt(
  db: Executor,
  key: string,
  max: number,
  now: Date,
  windowStart: Date,
): Promise<boolean> {
  const expired = windowStart.toISOString();
  const row = await db
    .insertInto('authThrottle')
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet((eb) => ({
          failures: eb
            .case()
            .when('authThrottle.windowStartedAt', '<', expired)
            .then(1)
            .else(eb('authThrottle.failures', '+', 1))
            .end(),
          windowStartedAt: eb
            .case()
            .when('authThrottle.windowStartedAt', '<', expired)
            .then(now.toISOString())
            .else(eb.ref('authThrottle.windowStartedAt'))
            .end(),
        }))
        .where((eb) =>
          eb.or([eb('authThrottle.windowStartedAt', '<', expired), eb('authThrottle.failures', '<', max)]),
        ),
    )
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives back one counted attempt (a login that succeeded was not an attack). */
export async function releaseAttempt(db: Executor, key: string): Promise<void> {
  await db
    .updateTable('authThrottle')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('key', '=', key)
    .where('failures', '>', 0)
    .execute();
}

export async function deleteThrottle(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('authThrottle').where('key', '=', key).execute();
}

export async function deleteThrottlesBefore(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('authThrottle').where('windowStartedAt', '<', before.toISOString()).execute();
}

export async function markEmailVerified(db: Executor, userId: string, now: Date): Promise<void> {
  await db.updateTable('users').set({ emailVerified: true, updatedAt: now }).where('id', '=', userId).execute();
}

export async function setPasswordHash(db: Executor, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db.updateTable('users').set({ passwordHash, updatedAt: now }).where('id', '=', userId).execute();
}

/**
 * Takes over an account whose email was never verified: sets `passwordHash` and marks the email
 * verified, in one conditional update; false when the account is verified (or gone) by now.
 */
export async function claimUnverifiedUser(db: Executor, userId: string, passwordHash: string, now: Date) {
  const r = await db
    .updateTable('users')
    .set({ passwordHash, emailVerified: true, updatedAt: now })
    .where('id', '=', userId)
    .where('emailVerified', '=', false)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
