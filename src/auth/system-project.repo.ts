/** SQL for the reserved project that owns platform (account) mail. */
import type { Executor } from '../db/index.ts';

/**
 * The nil UUID: no project created by newId() (UUIDv7) can ever take it, and it is easy to spot in
 * the emails table.
 */
export const SYSTEM_PROJECT_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Creates the system project unless it exists (idempotent, race-safe). Its key columns hold values
 * no real key can match: secret keys are looked up by their SHA-256 hex digest and public keys start
 * with `pk_`, so '!' values are unreachable. It has no memberships, so no session can reach it.
 */
export async function ensureSystemProject(db: Executor, now: Date): Promise<void> {
  await db
    .insertInto('projects')
    .values({
      id: SYSTEM_PROJECT_ID,
      name: 'Mailwright account mail',
      secretKeyHash: '!system-no-secret-key',
      secretKeyHint: '',
      publicKey: '!system-no-public-key',
      disabled: false,
      tracking: 'DISABLED',
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
