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
  user: { id: string; email: string; passwordHash: string; createdAt: Date },
): Promise<boolean> {
  const r = await db
    .insertInto('users')
    .values({
      id: user.id,
      email: user.email,
      passwordHash: user.passwordHash,
      emailVerified: false,
      createdAt: user.createdAt,
      updatedAt: user.createdAt,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findThrottle(db: Executor, key: string) {
  return db.selectFrom('authThrottle').selectAll().where('key', '=', key).executeTakeFirst();
}

/** Counts one failure for `key`, starting a new window when the old one has passed. */
export async function recordFailure(db: Executor, key: string, now: Date, windowStart: Date): Promise<void> {
  await db
    .insertInto('authThrottle')
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when('authThrottle.windowStartedAt', '<', windowStart.toISOString())
          .then(1)
          .else(eb('authThrottle.failures', '+', 1))
          .end(),
        windowStartedAt: eb
          .case()
          .when('authThrottle.windowStartedAt', '<', windowStart.toISOString())
          .then(now.toISOString())
          .else(eb.ref('authThrottle.windowStartedAt'))
          .end(),
      })),
    )
    .execute();
}

export async function deleteThrottle(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('authThrottle').where('key', '=', key).execute();
}

export async function deleteThrottlesBefore(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('authThrottle').where('windowStartedAt', '<', before.toISOString()).execute();
}
