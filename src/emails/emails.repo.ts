/**
 * SQL of the email log (beyond.md §5): pages of a project's emails newest first through the indexes
 * of migration 0023, one email, its events, the FAILED → PENDING retry, and the workflows of
 * executions (for webhook data). Every query is scoped to the project.
 */
import { sql } from 'kysely';
import type { DialectSql } from '../db/dialect.ts';
import type { Executor } from '../db/index.ts';
import type { EmailSource, EmailStatus } from '../db/schema.ts';

export interface EmailFilter {
  status?: EmailStatus;
  sourceType?: EmailSource;
  campaignId?: string;
  /** Lower-cased; matched against lower(to_email) (emails_project_recipient_idx). */
  recipient?: string;
  /** ISO instants: since inclusive, until exclusive, on created_at. */
  since?: string;
  until?: string;
}

const COLUMNS = [
  'id',
  'projectId',
  'toEmail',
  'fromEmail',
  'subject',
  'status',
  'sourceType',
  'sourceId',
  'contactId',
  'templateId',
  'templateVersion',
  'variant',
  'scheduledAt',
  'messageId',
  'via',
  'createdAt',
  'sentAt',
  'deliveredAt',
  'openedAt',
  'clickedAt',
  'bouncedAt',
  'attempts',
  'lastError',
  'suppressionId',
  'suppressionReason',
] as const;

function matching(db: Executor, projectId: string, f: EmailFilter) {
  let q = db.selectFrom('emails').where('projectId', '=', projectId);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.sourceType !== undefined) q = q.where('sourceType', '=', f.sourceType);
  if (f.campaignId !== undefined) q = q.where('sourceType', '=', 'CAMPAIGN').where('sourceId', '=', f.campaignId);
  // The very expression of the index, so both databases read it as an index range.
  if (f.recipient !== undefined) q = q.where(sql`lower(${sql.ref('toEmail')})`, '=', f.recipient);
  if (f.since !== undefined) q = q.where('createdAt', '>=', f.since);
  if (f.until !== undefined) q = q.where('createdAt', '<', f.until);
  return q;
}

/** The next `limit + 1` emails after the id `after`, newest first (the extra row says more exist). */
export async function listEmails(
  db: Executor,
  projectId: string,
  f: EmailFilter,
  page: { after?: string; limit: number },
) {
  return matching(db, projectId, f)
    .select(COLUMNS)
    .$if(page.after !== undefined, (q) => q.where('id', '<', page.after!))
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
}

export type EmailLogRow = Awaited<ReturnType<typeof listEmails>>[number];

/** Matching emails, counted up to `cap` (the count stops reading there). */
export async function countEmails(db: Executor, projectId: string, f: EmailFilter, cap: number): Promise<number> {
  const row = await db
    .selectFrom(matching(db, projectId, f).select('id').limit(cap).as('m'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One email of the project. */
export async function findEmail(db: Executor, projectId: string, id: string): Promise<EmailLogRow | undefined> {
  return db
    .selectFrom('emails')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
}

/** What the web version of one email of the project shows: its rendered subject and body as stored, and whom it went to. */
export async function findEmailContent(db: Executor, projectId: string, id: string) {
  return db
    .selectFrom('emails')
    .select([
      'id',
      'contactId',
      'emailType',
      'toEmail',
      'fromEmail',
      'fromName',
      'subject',
      'html',
      'createdAt',
      'sentAt',
    ])
    .where('id', '=', id)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
}

/**
 * FAILED → PENDING for a new round of attempts, due now; the row when it moved. Of two concurrent
 * retries exactly one gets it. `last_error` stays: it says why the last round failed until a send
 * succeeds (markAllSent clears it).
 */
export async function retryFailedEmail(
  db: Executor,
  projectId: string,
  id: string,
  now: Date,
): Promise<EmailLogRow | undefined> {
  return db
    .updateTable('emails')
    .set({ status: 'PENDING', attempts: 0, nextAttemptAt: now, leaseUntil: null, leaseToken: null, updatedAt: now })
    .where('id', '=', id)
    .where('projectId', '=', projectId)
    .where('status', '=', 'FAILED')
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** The names of the events recorded about an email (each carries `{ emailId }` in its data). */
export const EMAIL_EVENT_NAMES = [
  'email.sent',
  'email.delivery',
  'email.open',
  'email.click',
  'email.bounce',
  'email.complaint',
] as const;

/**
 * The email's events, oldest first, at most `limit`: a range of events_contact_name_idx (its
 * contact's email events since the email was created; a contactless email's are those without a
 * contact), narrowed to the ones naming this email.
 */
export async function listEmailEvents(
  db: Executor,
  dialect: DialectSql,
  projectId: string,
  email: { id: string; contactId: string | null; createdAt: string },
  limit: number,
) {
  return db
    .selectFrom('events')
    .select(['id', 'name', 'data', 'createdAt'])
    .where((eb) => (email.contactId === null ? eb('contactId', 'is', null) : eb('contactId', '=', email.contactId)))
    .where('name', 'in', EMAIL_EVENT_NAMES)
    .where('createdAt', '>=', email.createdAt)
    .where('projectId', '=', projectId)
    .where(dialect.json.extract('events.data', ['emailId']), '=', JSON.stringify(email.id))
    .orderBy('createdAt')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The workflow of each execution that still exists (by primary key). */
export async function listExecutionWorkflows(db: Executor, executionIds: readonly string[]) {
  if (executionIds.length === 0) return [];
  return db
    .selectFrom('workflowExecutions')
    .select(['id', 'projectId', 'workflowId'])
    .where('id', 'in', executionIds)
    .execute();
}

/** The project's emails among `ids`, with the columns their webhook data is made of. */
export async function findEmailFacts(db: Executor, projectId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('emails')
    .select([
      'id',
      'projectId',
      'messageId',
      'contactId',
      'toEmail',
      'fromEmail',
      'subject',
      'sourceType',
      'sourceId',
      'variant',
    ])
    .where('projectId', '=', projectId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
}
