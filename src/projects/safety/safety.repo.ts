/**
 * SQL for project safety: the window counts of a project's emails, suspensions and their lifting.
 * The counts are answered from emails_project_sent_idx (project_id, sent_at, bounced_at,
 * complained_at) alone: they never read email rows, let alone load them. That index holds only emails
 * with a sent or bounce time (migration 0027), so both counts repeat its predicate for the planners.
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/index.ts';
import type { SuspensionReason } from '../../db/safety-tables.ts';

/** emails_project_sent_idx's predicate, word for word: SQLite uses a partial index only when the query names it. */
const SENT_OR_BOUNCED = sql<boolean>`(sent_at is not null or bounced_at is not null)`;

export interface WindowCounts {
  sent: number;
  bounced: number;
  complained: number;
}

/**
 * Emails of the project sent since `since` (with how many of them bounced hard or drew a complaint),
 * plus those refused at send time since then (BOUNCED with no sent_at: the relay rejected the
 * recipient): both were attempts, both count as sent and bounced.
 */
export async function countWindow(db: Executor, projectId: string, since: Date): Promise<WindowCounts> {
  const at = since.toISOString();
  const sent = await db
    .selectFrom('emails')
    .select([
      sql<number>`count(*)`.as('sent'),
      sql<number>`count(bounced_at)`.as('bounced'),
      sql<number>`count(complained_at)`.as('complained'),
    ])
    .where('projectId', '=', projectId)
    .where(SENT_OR_BOUNCED)
    .where('sentAt', '>=', at)
    .executeTakeFirstOrThrow();
  const refused = await db
    .selectFrom('emails')
    .select(sql<number>`count(*)`.as('n'))
    .where('projectId', '=', projectId)
    .where(SENT_OR_BOUNCED)
    .where('sentAt', 'is', null)
    .where('bouncedAt', '>=', at)
    .executeTakeFirstOrThrow();
  const r = Number(refused.n);
  return { sent: Number(sent.sent) + r, bounced: Number(sent.bounced) + r, complained: Number(sent.complained) };
}

/** When the project's last suspension was lifted, if ever: the window never reaches back past it. */
export async function findLastLift(db: Executor, projectId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('projectSuspensions')
    .select(sql<string | null>`max(lifted_at)`.as('at'))
    .where('projectId', '=', projectId)
    .executeTakeFirst();
  return row?.at ?? undefined;
}

/** Sets projects.disabled only if it was clear; true when this call moved it (so exactly one check suspends). */
export async function disableIfEnabled(db: Executor, projectId: string, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('projects')
    .set({ disabled: true, updatedAt: now })
    .where('id', '=', projectId)
    .where('disabled', '=', false)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Clears projects.disabled only if it was set; true when this call moved it. */
export async function enableIfDisabled(db: Executor, projectId: string, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('projects')
    .set({ disabled: false, updatedAt: now })
    .where('id', '=', projectId)
    .where('disabled', '=', true)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function insertSuspension(
  db: Executor,
  s: { id: string; projectId: string; reason: SuspensionReason; windowStart: Date; createdAt: Date } & WindowCounts,
): Promise<void> {
  await db.insertInto('projectSuspensions').values(s).execute();
}

/** Stamps every unlifted suspension of the project as lifted by `userId`. */
export async function liftSuspensions(db: Executor, projectId: string, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('projectSuspensions')
    .set({ liftedAt: now, liftedBy: userId })
    .where('projectId', '=', projectId)
    .where('liftedAt', 'is', null)
    .execute();
}

/** The project's latest suspensions, newest first. */
export async function listSuspensions(db: Executor, projectId: string, limit: number) {
  return db
    .selectFrom('projectSuspensions')
    .selectAll()
    .where('projectId', '=', projectId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
