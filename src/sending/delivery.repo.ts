/**
 * SQL for delivery: the claim of due outbox rows and the conditional updates that move a claimed row
 * along. A claimed row is SENDING with `next_attempt_at` = its lease end, so "due" is one range
 * condition for fresh and abandoned rows alike, and a killed worker's rows come back when their
 * lease runs out. Every update is fenced to the claim that made it.
 */
import { sql, type UpdateObject } from 'kysely';
import type { DialectSql } from '../db/dialect.ts';
import type { Db, Executor } from '../db/index.ts';
import type { Database, EmailStatus } from '../db/schema.ts';
import type { EmailRow } from './outbox.repo.ts';

// Literal, not bound: the partial index emails_due_idx serves only queries whose WHERE visibly
// implies its own, and a query planner cannot see through parameters.
const STILL_TO_GO = sql<boolean>`status in ('PENDING', 'SENDING')`;

/** Claims up to `limit` due rows (transactional first), none of `skipProjects`: SENDING, one more attempt, leased until `leaseUntil` under `token`. */
export async function claimDueEmails(
  db: Db,
  dialect: DialectSql,
  at: { now: Date; leaseUntil: Date; token: string; limit: number; skipProjects?: string[] },
): Promise<EmailRow[]> {
  const skip = at.skipProjects ?? [];
  return dialect.claimRows(db, {
    table: 'emails',
    where: (eb) =>
      eb.and([
        STILL_TO_GO,
        eb('nextAttemptAt', '<=', at.now.toISOString()),
        ...(skip.length > 0 ? [eb('projectId', 'not in', skip)] : []),
      ]),
    orderBy: ['priority', 'nextAttemptAt', 'id'],
    limit: at.limit,
    set: (eb) => ({
      status: 'SENDING' as const,
      attempts: eb('attempts', '+', 1),
      leaseUntil: at.leaseUntil,
      leaseToken: at.token,
      nextAttemptAt: at.leaseUntil,
      updatedAt: at.now,
    }),
  });
}

/** Fences a write to the claim that made it: the row is still SENDING under the same token. */
type Claim = { id: string; leaseToken: string | null };

/** Applies `set` to the claimed row while the claim still holds (SENDING, same token); false otherwise. */
async function updateClaimed(db: Executor, claim: Claim, set: UpdateObject<Database, 'emails'>): Promise<boolean> {
  const r = await db
    .updateTable('emails')
    .set(set)
    .where('id', '=', claim.id)
    .where('status', '=', 'SENDING')
    .where('leaseToken', '=', claim.leaseToken)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/**
 * Stamps many rows in one statement (the stamper's group): each row still under its claim goes
 * SENDING → SENT with its transport id; answers the ids stamped (a lost claim's row is not among them).
 */
export async function markAllSent(
  db: Executor,
  dialect: DialectSql,
  stamps: readonly { claim: Claim; transportMessageId: string }[],
  now: Date,
): Promise<Set<string>> {
  if (stamps.length === 0) return new Set();
  const columns = { id: 'text', token: 'text', tid: 'text' } as const;
  const rows = stamps.map((s) => ({ id: s.claim.id, token: s.claim.leaseToken, tid: s.transportMessageId }));
  const at = now.toISOString();
  const { rows: stamped } = await sql<{ id: string }>`with v (id, token, tid) as (${dialect.rowsSource(rows, columns)})
    update emails set status = 'SENT', transport_message_id = v.tid, sent_at = ${at}, lease_until = null,
      last_error = null, updated_at = ${at}
    from v where emails.id = v.id and emails.status = 'SENDING' and emails.lease_token = v.token
    returning emails.id`.execute(db);
  return new Set(stamped.map((r) => r.id));
}

/** SENDING → PENDING again at `nextAt` (a temporary failure), or → FAILED (permanent, or out of attempts). */
export function markUnsent(
  db: Executor,
  claim: Claim,
  outcome: { status: Extract<EmailStatus, 'PENDING' | 'FAILED'>; nextAt?: Date; error: string },
  now: Date,
): Promise<boolean> {
  return updateClaimed(db, claim, {
    status: outcome.status,
    nextAttemptAt: outcome.nextAt ?? now,
    leaseUntil: null,
    lastError: outcome.error.slice(0, 1000),
    updatedAt: now,
  });
}

/**
 * Hands rows of the claim `token` back unsent and uncounted (over the project's send rate), due at `nextAt`.
 */
export async function deferClaimed(db: Executor, ids: string[], token: string, nextAt: Date, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('emails')
    .set((eb) => ({
      status: 'PENDING' as const,
      attempts: eb('attempts', '-', 1),
      nextAttemptAt: nextAt,
      leaseUntil: null,
      updatedAt: now,
    }))
    .where('id', 'in', ids)
    .where('status', '=', 'SENDING')
    .where('leaseToken', '=', token)
    .execute();
}

/**
 * SENDING → SUPPRESSED for rows of the claim `token` to suppressed addresses: stored, never sent;
 * `reason`, when given, becomes the row's lastError. Answers the ids that moved (the claim still held them).
 */
export async function markSuppressed(
  db: Executor,
  ids: string[],
  token: string,
  now: Date,
  reason?: string,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const moved = await db
    .updateTable('emails')
    .set({
      status: 'SUPPRESSED',
      leaseUntil: null,
      updatedAt: now,
      ...(reason === undefined ? {} : { lastError: reason }),
    })
    .where('id', 'in', ids)
    .where('status', '=', 'SENDING')
    .where('leaseToken', '=', token)
    .returning('id')
    .execute();
  return moved.map((r) => r.id);
}

/**
 * Extends the lease of rows still being sent under the claim `token`, in one statement that passes
 * over rows whose outcome is being written right now (DialectSql.renewRows).
 */
export async function renewEmailLeases(
  db: Db,
  dialect: DialectSql,
  at: { ids: string[]; token: string; leaseUntil: Date },
): Promise<void> {
  await dialect.renewRows(db, {
    table: 'emails',
    ids: at.ids,
    fence: (eb) => eb.and([eb('status', '=', 'SENDING'), eb('leaseToken', '=', at.token)]),
    set: { leaseUntil: at.leaseUntil, nextAttemptAt: at.leaseUntil },
  });
}

/** When the next row falls due (a retry, a lease running out); undefined when nothing waits. */
export async function nextDueAt(db: Executor): Promise<Date | undefined> {
  const row = await db
    .selectFrom('emails')
    .select('nextAttemptAt')
    .where(STILL_TO_GO)
    .orderBy('nextAttemptAt')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.nextAttemptAt) : undefined;
}
