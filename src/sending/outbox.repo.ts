/**
 * SQL for the outbox: the `emails` rows every message is before it goes out, their attachments,
 * the delivery claim and the conditional updates that move a row along. A claimed row is SENDING
 * with `next_attempt_at` = its lease end, so "due" is one range condition for fresh and abandoned
 * rows alike, and a killed worker's rows come back when their lease runs out.
 */
import { type Selectable, sql } from 'kysely';
import type { DialectSql } from '../db/dialect.ts';
import type { Db, Executor } from '../db/index.ts';
import { templateQuery } from '../db/prepared.ts';
import type { EmailSource, EmailStatus, EmailsTable, EmailType } from '../db/schema.ts';
import type { OutgoingAttachment } from '../mail/types.ts';

export type EmailRow = Selectable<EmailsTable>;

// Literal, not bound: the partial index emails_due_idx serves only queries whose WHERE visibly
// implies its own, and a query planner cannot see through parameters.
const STILL_TO_GO = sql<boolean>`status in ('PENDING', 'SENDING')`;

/** An email as composed, before it is stored. */
export interface NewEmail {
  id: string;
  projectId: string;
  contactId: string | null;
  templateId: string | null;
  sourceType: EmailSource;
  sourceId: string | null;
  emailType: EmailType;
  toEmail: string;
  toName: string | null;
  fromEmail: string;
  fromName: string | null;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  attachments: OutgoingAttachment[];
}

/** An email ready to store: PENDING (or SUPPRESSED: kept, never sent). */
export type StoredEmail = NewEmail & { status: 'PENDING' | 'SUPPRESSED'; priority: number; messageId: string };

type EmailSlot = Exclude<keyof StoredEmail, 'attachments'> | 'hasAttachments' | 'now';

// Built once per dialect: one row per /v1/send recipient, on the hottest write path after the
// contact upsert (SQLite's group commit shares its commit with other requests' writes).
const insertStatement = templateQuery<EmailSlot, { id: string }>((db, slot) =>
  db
    .insertInto('emails')
    .values({
      id: slot('id'),
      projectId: slot('projectId'),
      contactId: slot('contactId'),
      templateId: slot('templateId'),
      sourceType: sql`${slot('sourceType')}`,
      sourceId: slot('sourceId'),
      emailType: sql`${slot('emailType')}`,
      status: sql`${slot('status')}`,
      priority: sql`${slot('priority')}`,
      toEmail: slot('toEmail'),
      toName: slot('toName'),
      fromEmail: slot('fromEmail'),
      fromName: slot('fromName'),
      replyTo: slot('replyTo'),
      subject: slot('subject'),
      html: slot('html'),
      text: slot('text'),
      headers: slot('headers'),
      hasAttachments: sql`${slot('hasAttachments')}`,
      messageId: slot('messageId'),
      attempts: 0,
      nextAttemptAt: slot('now'),
      openCount: 0,
      clickCount: 0,
      createdAt: slot('now'),
      updatedAt: slot('now'),
    })
    .returning('id'),
);

/**
 * Stores one email. With attachments, the row and its files go in one transaction (a crash never
 * leaves an email that would go out without them); without, one compile-once statement.
 */
export async function insertEmail(db: Executor, dialect: DialectSql, e: StoredEmail, now: Date): Promise<void> {
  const { attachments, ...row } = e;
  const values = { ...row, headers: JSON.stringify(row.headers), hasAttachments: attachments.length > 0, now };
  if (attachments.length === 0) {
    await insertStatement(db, dialect, values);
    return;
  }
  const write = async (trx: Executor) => {
    await insertStatement(trx, dialect, values);
    for (const [position, a] of attachments.entries()) {
      await trx
        .insertInto('emailAttachments')
        .values({
          emailId: e.id,
          position,
          filename: a.filename,
          contentType: a.contentType,
          contentId: a.contentId ?? null,
          disposition: a.disposition,
          content: a.content,
        })
        .execute();
    }
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}

/** Claims up to `limit` due rows (transactional first), none of `skipProjects`: SENDING, one more attempt, leased until `leaseUntil`. */
export async function claimDueEmails(
  db: Db,
  dialect: DialectSql,
  at: { now: Date; leaseUntil: Date; limit: number; skipProjects?: string[] },
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
      nextAttemptAt: at.leaseUntil,
      updatedAt: at.now,
    }),
  });
}

/** Fences a write to the claim that made it: the row is still SENDING on the same attempt. */
type Claim = { id: string; attempts: number };

/** SENDING → SENT with the transport's id; false when the claim was lost (another worker took the row). */
export async function markSent(db: Executor, claim: Claim, transportMessageId: string, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('emails')
    .set({ status: 'SENT', transportMessageId, sentAt: now, leaseUntil: null, lastError: null, updatedAt: now })
    .where('id', '=', claim.id)
    .where('status', '=', 'SENDING')
    .where('attempts', '=', claim.attempts)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** SENDING → PENDING again at `nextAt` (a temporary failure), or → FAILED (permanent, or out of attempts). */
export async function markUnsent(
  db: Executor,
  claim: Claim,
  outcome: { status: Extract<EmailStatus, 'PENDING' | 'FAILED'>; nextAt?: Date; error: string },
  now: Date,
): Promise<boolean> {
  const r = await db
    .updateTable('emails')
    .set({
      status: outcome.status,
      nextAttemptAt: outcome.nextAt ?? now,
      leaseUntil: null,
      lastError: outcome.error.slice(0, 1000),
      updatedAt: now,
    })
    .where('id', '=', claim.id)
    .where('status', '=', 'SENDING')
    .where('attempts', '=', claim.attempts)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/**
 * Hands rows of one claim back unsent and uncounted (over the project's send rate), due at `nextAt`.
 * Fenced by the claim's lease end, which every row of one claim shares until it is renewed.
 */
export async function deferClaimed(
  db: Executor,
  ids: string[],
  claimedUntil: Date,
  nextAt: Date,
  now: Date,
): Promise<void> {
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
    .where('leaseUntil', '=', claimedUntil.toISOString())
    .execute();
}

/** SENDING → SUPPRESSED for rows of one claim to suppressed addresses: stored, never sent. */
export async function markSuppressed(db: Executor, ids: string[], claimedUntil: Date, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('emails')
    .set({ status: 'SUPPRESSED', leaseUntil: null, updatedAt: now })
    .where('id', 'in', ids)
    .where('status', '=', 'SENDING')
    .where('leaseUntil', '=', claimedUntil.toISOString())
    .execute();
}

/** Extends the lease of rows still being sent under this run's claims. */
export async function renewEmailLeases(db: Executor, claims: Claim[], leaseUntil: Date): Promise<void> {
  for (const c of claims) {
    await db
      .updateTable('emails')
      .set({ leaseUntil, nextAttemptAt: leaseUntil })
      .where('id', '=', c.id)
      .where('status', '=', 'SENDING')
      .where('attempts', '=', c.attempts)
      .execute();
  }
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

export async function findAttachments(db: Executor, emailId: string): Promise<OutgoingAttachment[]> {
  const rows = await db
    .selectFrom('emailAttachments')
    .selectAll()
    .where('emailId', '=', emailId)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({
    filename: r.filename,
    contentType: r.contentType,
    content: Buffer.from(r.content),
    contentId: r.contentId ?? undefined,
    disposition: r.disposition,
  }));
}

/** One email of the project. */
export async function findEmail(db: Executor, projectId: string, id: string): Promise<EmailRow | undefined> {
  return db.selectFrom('emails').selectAll().where('projectId', '=', projectId).where('id', '=', id).executeTakeFirst();
}
