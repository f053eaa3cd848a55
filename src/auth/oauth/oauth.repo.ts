/** SQL for OAuth identities linked to users. */
import type { IdentityProvider } from '../../db/auth-tables.ts';
import type { Executor } from '../../db/index.ts';

export async function findLinkedUserId(db: Executor, provider: IdentityProvider, accountId: string) {
  const row = await db
    .selectFrom('oauthAccounts')
    .select('userId')
    .where('provider', '=', provider)
    .where('providerAccountId', '=', accountId)
    .executeTakeFirst();
  return row?.userId;
}

/** Links an identity to a user; a link that already exists (a racing callback) is kept as it is. */
export async function linkAccount(
  db: Executor,
  link: { provider: IdentityProvider; providerAccountId: string; userId: string; email: string; createdAt: Date },
): Promise<void> {
  await db
    .insertInto('oauthAccounts')
    .values(link)
    .onConflict((oc) => oc.columns(['provider', 'providerAccountId']).doNothing())
    .execute();
}

/** The providers a user has an identity linked from. */
export async function listLinkedProviders(db: Executor, userId: string): Promise<IdentityProvider[]> {
  const rows = await db
    .selectFrom('oauthAccounts')
    .select('provider')
    .distinct()
    .where('userId', '=', userId)
    .execute();
  return rows.map((r) => r.provider);
}
