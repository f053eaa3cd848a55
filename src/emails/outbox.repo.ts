/**
 * SQL for the outbox's inserts: the `emails` rows every message is before it goes out, and their
 * attachments. Only enqueue.ts calls these (it sets every default); the delivery claim and the
 * updates that move a row along are in delivery.repo.ts and status.repo.ts.
 */
import { type Selectable, sql } from 'kysely';
import type { DialectSql } from '../db/dialect.ts';
import type { Executor } from '../db/index.ts';
import { templateQuery } from '../db/prepared.ts';
import type { EmailsTable, EmailVia } from '../db/schema.ts';
import type { OutgoingAttachment } from '../mail/types.ts';

export type EmailRow = Selectable<EmailsTable>;

/** An email as composed, before it is stored: the row's own fields, headers as an object, its files. */
export type NewEmail = Pick<
  EmailRow,
  | 'id'
  | 'projectId'
  | 'contactId'
  | 'templateId'
  | 'templateVersion'
  | 'sourceType'
  | 'sourceId'
  | 'emailType'
  | 'toEmail'
  | 'toName'
  | 'fromEmail'
  | 'fromName'
  | 'replyTo'
  | 'subject'
  | 'html'
  | 'text'
> & {
  headers: Record<string, string>;
  attachments: OutgoingAttachment[];
  /** The A/B variant's name (campaign tests). */
  variant?: string | null;
  /** Due later than now (a local-time send, a send window): the row waits, unclaimed, until then. */
  scheduledAt?: Date | null;
};

/** An email ready to store, its defaults set (enqueue.ts). */
export type StoredEmail = NewEmail & {
  status: 'PENDING';
  priority: number;
  messageId: string;
  /** How a transactional email arrived (the email log's `via`); none for other mail. */
  via?: EmailVia;
};

type EmailSlot = Exclude<keyof StoredEmail, 'attachments' | 'variant' | 'scheduledAt'> | 'hasAttachments' | 'now';

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
      templateVersion: sql`${slot('templateVersion')}`,
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
      via: sql`${slot('via')}`,
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
 * Stores one email (its `variant` and `scheduledAt` are not slots: such mail goes through insertEmails). With attachments, the row and its files go in one transaction (a crash never
 * leaves an email that would go out without them); without, one compile-once statement.
 */
export async function insertEmail(db: Executor, dialect: DialectSql, e: StoredEmail, now: Date): Promise<void> {
  const { attachments, ...row } = e;
  const values = {
    ...row,
    via: row.via ?? null,
    headers: JSON.stringify(row.headers),
    hasAttachments: attachments.length > 0,
    now,
  };
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

/**
 * Stores many emails without attachments in one statement (a campaign batch). With `skipDuplicates`,
 * a row that would break a unique index (a campaign's recipient already has its row) is left out
 * rather than failing the batch. Answers the ids actually inserted.
 */
export async function insertEmails(
  db: Executor,
  emails: StoredEmail[],
  now: Date,
  opts: { skipDuplicates?: boolean } = {},
): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = emails.map(({ attachments: _none, ...e }) => ({
    ...e,
    headers: JSON.stringify(e.headers),
    hasAttachments: false,
    attempts: 0,
    variant: e.variant ?? null,
    scheduledAt: e.scheduledAt ?? null,
    nextAttemptAt: e.scheduledAt ?? now,
    openCount: 0,
    clickCount: 0,
    createdAt: now,
    updatedAt: now,
  }));
  const inserted = await db
    .insertInto('emails')
    .values(rows)
    .$if(opts.skipDuplicates === true, (q) => q.onConflict((oc) => oc.doNothing()))
    .returning('id')
    .execute();
  return inserted.map((r) => r.id);
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
