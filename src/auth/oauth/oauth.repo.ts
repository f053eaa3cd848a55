/** SQL for OAuth identities linked to users. */
import type { OAuthProvider } from '../../db/auth-tables.ts';
import type { Executor } from '../../db/index.ts';

export async function findLinkedUserId(db: Executor, provider: OAuthProvider, accountId: string) {
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
  link: { provider: OAuthProvider; providerAccountId: string; userId: string; email: string; createdAt: Date },
): Promise<void> {
  await db
    .insertInto('oauthAccounts')
    .values(link)
    .onConflict((oc) => oc.columns(['provider', 'providerAccountId']).doNothing())
    .execute();
}
