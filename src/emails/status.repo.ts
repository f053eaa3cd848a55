/**
 * SQL of the status moves that are not delivery's own (delivery.repo.ts): reports from providers,
 * opens and clicks, a campaign's cancel, an erasure. Each move's `from` statuses are the lifecycle
 * table's (lifecycle.ts); a move whose row has gone on changes nothing and answers nothing.
 */
import { type ExpressionBuilder, sql, type UpdateObject } from 'kysely';
import type { Executor } from '../db/index.ts';
import type { Database, EmailStatus } from '../db/schema.ts';
import { TRANSITIONS, type TransitionName } from './lifecycle.ts';

type Eb = ExpressionBuilder<Database, 'emails'>;

const REPORTED = ['id', 'projectId', 'contactId', 'toEmail', 'status'] as const;

export type ReportStamp = 'deliveredAt' | 'bouncedAt' | 'complainedAt';

/**
 * Makes the move `name` (delivered, bounced, complained) stamping `stamp`; the row when it moved.
 * Of two concurrent reports of the same outcome exactly one gets the row back.
 */
export async function moveReported(
  db: Executor,
  id: string,
  name: 'delivered' | 'bounced' | 'complained',
  stamp: ReportStamp,
  now: Date,
  lastError?: string,
) {
  const t = TRANSITIONS[name];
  return db
    .updateTable('emails')
    .set({ status: t.to, [stamp]: now, updatedAt: now, ...(lastError === undefined ? {} : { lastError }) })
    .where('id', '=', id)
    .where('status', 'in', t.from)
    .returning(REPORTED)
    .executeTakeFirst();
}

/** `to` of the move when the status is one of its `from`, else the status unchanged (a bounce is never undone). */
const advance = (eb: Eb, name: TransitionName) => {
  const t = TRANSITIONS[name];
  return eb
    .case()
    .when('status', 'in', [...t.from])
    .then(eb.val<EmailStatus>(t.to))
    .else(eb.ref('status'))
    .end();
};

/** Applies `set` to the project's email and answers its contact, open count and A/B variant (undefined: no such email). */
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
    .returning(['contactId', 'openCount', 'variant'])
    .executeTakeFirst();
}

/** Counts an open: the first open time is kept, the count grows, the status moves by `opened`. */
export function markOpened(db: Executor, projectId: string, id: string, now: Date) {
  return updateEngagement(db, projectId, id, (eb) => ({
    openedAt: eb.fn.coalesce('openedAt', eb.val(now)),
    openCount: eb('openCount', '+', 1),
    status: advance(eb, 'opened'),
    updatedAt: now,
  }));
}

/**
 * Sets the first open of an email that has none (a click proves an open), in one conditional update:
 * of a click and a pixel load racing, exactly one sets it. Answers the email's contact when this call
 * set it, undefined when the email was opened already or the project has no such email.
 */
export function markFirstOpenByClick(db: Executor, projectId: string, id: string, now: Date) {
  return db
    .updateTable('emails')
    .set((eb) => ({
      openedAt: now,
      openCount: eb('openCount', '+', 1),
      status: advance(eb, 'opened'),
      updatedAt: now,
    }))
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .where('openedAt', 'is', null)
    .returning(['contactId', 'variant'])
    .executeTakeFirst();
}

/** Counts a click: the first click time is kept, the count grows, the status moves by `clicked`. */
export function markClicked(db: Executor, projectId: string, id: string, now: Date) {
  return updateEngagement(db, projectId, id, (eb) => ({
    clickedAt: eb.fn.coalesce('clickedAt', eb.val(now)),
    clickCount: eb('clickCount', '+', 1),
    status: advance(eb, 'clicked'),
    updatedAt: now,
  }));
}

const CAMPAIGN_ROWS = sql<boolean>`source_type = 'CAMPAIGN'`;

/** The campaign's waiting rows → FAILED with `reason` (`cancelled`); answers how many and whether any had been tried. */
export async function cancelCampaignRows(db: Executor, campaignId: string, reason: string, now: Date) {
  const t = TRANSITIONS.cancelled;
  const rows = await db
    .updateTable('emails')
    .set({ status: t.to, lastError: reason, leaseUntil: null, updatedAt: now })
    .where(CAMPAIGN_ROWS)
    .where('sourceId', '=', campaignId)
    .where('status', 'in', t.from)
    .returning('attempts')
    .execute();
  return { marked: rows.length, tried: rows.some((r) => r.attempts > 0) };
}

/** Removes every outbox row of the campaign (a cancel before anything went out: it may be sent again). */
export async function deleteCampaignRows(db: Executor, campaignId: string): Promise<void> {
  await db.deleteFrom('emails').where(CAMPAIGN_ROWS).where('sourceId', '=', campaignId).execute();
}

/**
 * Keeps the emails' status and times and drops everything naming or showing the recipient: address,
 * name, subject, bodies, headers, the last error (a relay's reply may quote the address) and the
 * link to the contact. Rows still to go make the move `erased` with `reason`: an erased address is
 * not mailed.
 */
export async function scrubEmails(db: Executor, ids: string[], reason: string, now: Date): Promise<void> {
  if (ids.length === 0) return;
  const toGo = sql<boolean>`status in (${sql.join(TRANSITIONS.erased.from.map((s) => sql.lit(s)))})`;
  await db
    .updateTable('emails')
    .set({
      status: sql`case when ${toGo} then ${sql.lit(TRANSITIONS.erased.to)} else status end`,
      lastError: sql`case when ${toGo} then ${reason} else null end`,
      leaseUntil: sql`case when ${toGo} then null else lease_until end`,
      leaseToken: sql`case when ${toGo} then null else lease_token end`,
      contactId: null,
      toEmail: '',
      toName: null,
      subject: '',
      html: '',
      text: '',
      headers: '{}',
      hasAttachments: false,
      updatedAt: now,
    })
    .where('id', 'in', ids)
    .execute();
}

/** Deletes the emails' attachments and blanks what their relays answered (the reply may quote the address). */
export async function scrubEmailContent(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('emailAttachments').where('emailId', 'in', ids).execute();
  await db.updateTable('emailAttempts').set({ response: '' }).where('emailId', 'in', ids).execute();
}
