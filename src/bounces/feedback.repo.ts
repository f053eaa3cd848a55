/** SQL for delivery feedback: finding the email a report is about, SNS ids seen (the status moves are src/emails/'s, the rules src/suppressions/'). */
import type { Selectable } from 'kysely';
import type { Executor } from '../db/index.ts';
import type { EmailsTable } from '../db/schema.ts';

/** The columns feedback needs of an email. */
export type FeedbackEmail = Pick<Selectable<EmailsTable>, 'id' | 'projectId' | 'contactId' | 'toEmail' | 'status'>;

const COLUMNS = ['id', 'projectId', 'contactId', 'toEmail', 'status'] as const;

/** The email by one of its identifiers: our id, our Message-ID (no angle brackets) or the transport's id. */
export async function findEmailBy(
  db: Executor,
  key: { id: string } | { messageId: string } | { transportMessageId: string },
): Promise<FeedbackEmail | undefined> {
  const q = db.selectFrom('emails').select(COLUMNS);
  if ('id' in key) return q.where('id', '=', key.id).executeTakeFirst();
  if ('messageId' in key) return q.where('messageId', '=', key.messageId).orderBy('id').limit(1).executeTakeFirst();
  return q.where('transportMessageId', '=', key.transportMessageId).orderBy('id').limit(1).executeTakeFirst();
}

/** Remembers an SNS MessageId; false when it was seen before (SNS delivers at least once). */
export async function insertSnsMessage(db: Executor, messageId: string, now: Date): Promise<boolean> {
  const r = await db
    .insertInto('snsMessages')
    .values({ messageId, receivedAt: now })
    .onConflict((oc) => oc.column('messageId').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Forgets SNS ids received before `before`: older messages are refused by their timestamp anyway. */
export async function deleteSnsMessagesBefore(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('snsMessages').where('receivedAt', '<', before.toISOString()).execute();
}
