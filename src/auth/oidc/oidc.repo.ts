/** SQL of the OIDC_ONLY rule: who the instance's first owner is. */
import type { Executor } from '../../db/index.ts';

/**
 * The instance's first owner: of the users who own at least one project now, the one whose account
 * was made first (ties, within a millisecond, by id: ids are time-ordered). Undefined before anyone
 * owns a project.
 */
export async function findFirstOwnerId(db: Executor): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('users.id')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('memberships')
          .select('memberships.userId')
          .whereRef('memberships.userId', '=', 'users.id')
          .where('memberships.role', '=', 'OWNER'),
      ),
    )
    .orderBy('users.createdAt', 'asc')
    .orderBy('users.id', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}
