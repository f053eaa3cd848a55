/** SQL for engagement on sent emails: opens and clicks. Every write is scoped to the project. */
import type { ExpressionBuilder, UpdateObject } from 'kysely';
import type { Executor } from '../db/index.ts';
import type { Database, EmailStatus } from '../db/schema.ts';

type Eb = ExpressionBuilder<Database, 'emails'>;

/** `to` when the status is one of `from`, else the status unchanged (a bounce is never undone). */
const advance = (eb: Eb, from: EmailStatus[], to: EmailStatus) =>
  eb.case().when('status', 'in', from).then(eb.val(to)).else(eb.ref('status')).end();

/**
 * Counts an open in one conditional update: the first open time is kept, the count grows, and the
 * status moves to OPENED only from SENT or DELIVERED. Answers the email's contact, or undefined when
 * the project has no such email.
 */
export async function markOpened(db: Executor, projectId: string, id: string, now: Date) {
  return updateEngagement(db, projectId, id, (eb) => ({
    openedAt: eb.fn.coalesce('openedAt', eb.val(now)),
    openCount: eb('openCount', '+', 1),
    status: advance(eb, ['SENT', 'DELIVERED'], 'OPENED'),
    updatedAt: now,
  }));
}

/**
 * Sets the first open of an email that has none (a click proves an open), in one conditional update:
 * of a click and a pixel load racing, exactly one sets it. Answers the email's contact when this call
 * set it, undefined when the email was opened already or the project has no such email.
 */
export async function markFirstOpenByClick(db: Executor, projectId: string, id: string, now: Date) {
  return db
    .updateTable('emails')
    .set((eb) => ({
      openedAt: now,
      openCount: eb('openCount', '+', 1),
      status: advance(eb, ['SENT', 'DELIVERED'], 'OPENED'),
      updatedAt: now,
    }))
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .where('openedAt', 'is', null)
    .returning(['contactId'])
    .executeTakeFirst();
}

/**
 * Counts a click in one conditional update: the first click time is kept, the count grows, and the
 * status moves to CLICKED from SENT, DELIVERED or OPENED (the open a first click proves is set by
 * markFirstOpenByClick before it). Answers the email's contact, or undefined when the project has no
 * such email.
 */
export async function markClicked(db: Executor, projectId: string, id: string, now: Date) {
  return updateEngagement(db, projectId, id, (eb) => ({
    clickedAt: eb.fn.coalesce('clickedAt', eb.val(now)),
    clickCount: eb('clickCount', '+', 1),
    status: advance(eb, ['SENT', 'DELIVERED', 'OPENED'], 'CLICKED'),
    updatedAt: now,
  }));
}

/** Applies `set` to the project's email and answers its contact and open count (undefined: no such email). */
function updateEngagement(
  db: Executor,
  projectId: string,
  id: string,
  set: (eb: Eb) => UpdateObject<Database, 'emails'>,
) {
  return db
    .updateTable('emails')
    .set(set)
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .returning(['contactId', 'openCount'])
    .executeTakeFirst();
}
