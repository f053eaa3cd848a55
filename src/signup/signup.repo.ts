/** SQL for pending confirmations: the double opt-in sign-ups waiting for their link to be followed. */
import type { Selectable } from 'kysely';
import type { Executor } from '../db/index.ts';
import type { PendingConfirmationsTable } from '../db/schema.ts';

export type PendingRow = Selectable<PendingConfirmationsTable>;

export interface NewPending {
  id: string;
  projectId: string;
  contactId: string;
  email: string;
  topics: string[];
  createdAt: Date;
  expiresAt: Date;
}

export async function insertPending(db: Executor, p: NewPending): Promise<void> {
  await db
    .insertInto('pendingConfirmations')
    .values({ ...p, topics: JSON.stringify(p.topics), confirmedAt: null })
    .execute();
}

/**
 * When the address's confirmations since `since` were created, oldest first, at most `limit` (the
 * 3-per-24-hours rule needs the count up to its cap and the oldest, which leaves the window first).
 */
export async function listRecentPending(
  db: Executor,
  projectId: string,
  email: string,
  since: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('pendingConfirmations')
    .select('createdAt')
    .where('projectId', '=', projectId)
    .where('email', '=', email)
    .where('createdAt', '>', since.toISOString())
    .orderBy('createdAt')
    .limit(limit)
    .execute();
  return rows.map((r) => r.createdAt);
}

export async function findPending(db: Executor, projectId: string, id: string): Promise<PendingRow | undefined> {
  return db
    .selectFrom('pendingConfirmations')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Marks the confirmation confirmed, only while it is unconfirmed and unexpired: of two concurrent
 * confirmations exactly one gets the row back, and an expired one gets nothing.
 */
export async function claimPending(
  db: Executor,
  projectId: string,
  id: string,
  now: Date,
): Promise<PendingRow | undefined> {
  return db
    .updateTable('pendingConfirmations')
    .set({ confirmedAt: now })
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .where('confirmedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .returningAll()
    .executeTakeFirst();
}

/** Deletes pending confirmations whose link expired before `before`; how many went. */
export async function deletePendingExpiredBefore(db: Executor, before: Date): Promise<number> {
  const r = await db
    .deleteFrom('pendingConfirmations')
    .where('expiresAt', '<', before.toISOString())
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
