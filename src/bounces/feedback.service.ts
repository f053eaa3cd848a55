/**
 * Delivery feedback (decisions.md "Email records"): deliveries, bounces and complaints reported by SES
 * (SNS) or by mail to our inbound listener move the email's status, record email.delivery /
 * email.bounce / email.complaint, and a hard bounce or a complaint unsubscribes the contact and puts
 * a rule on the address in the project's suppression list (src/suppressions/). The status move is the gate: only the report whose
 * conditional update changed the row has effects, so a repeated report changes nothing.
 */
import { setContactSubscription } from '../contacts/contacts.service.ts';
import type { Executor, Trx } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import { recordReport } from '../emails/transitions.ts';
import { recordEvent } from '../events/events.service.ts';
import { isUuid } from '../lib/ids.ts';
import { SAFETY_CHECK_JOB, safetyCheckKey } from '../projects/safety/security.service.ts';
import { addFeedbackRule } from '../suppressions/suppressions.service.ts';
import * as repo from './feedback.repo.ts';

export interface Feedback {
  kind: 'delivery' | 'bounce' | 'complaint';
  /** For bounces: hard (permanent) or soft (transient). */
  bounceType?: 'hard' | 'soft';
  /** Identifiers of the email, tried in this order. */
  emailId?: string;
  messageId?: string;
  transportMessageId?: string;
  /** The address the report is about, as the reporter gave it. */
  recipient?: string;
  /** The reporter's diagnostic (an SMTP reply, a feedback type). */
  detail?: string;
}

export type FeedbackDeps = Pick<Deps, 'db' | 'clock' | 'eventListeners' | 'jobs' | 'suppressionRules'>;

/** What a report did: `applied` false when the email was not found or had already moved on. */
export interface FeedbackOutcome {
  emailId?: string;
  applied: boolean;
}

const DETAIL_MAX = 1000;

/** Records one report in one transaction; safe to call again with the same report. */
export async function recordFeedback(deps: FeedbackDeps, f: Feedback): Promise<FeedbackOutcome> {
  return deps.db.transaction().execute((trx) => applyFeedback(trx, deps, f));
}

/** recordFeedback inside the caller's transaction (the SNS receiver stores the MessageId with it). */
export async function applyFeedback(trx: Trx, deps: FeedbackDeps, f: Feedback): Promise<FeedbackOutcome> {
  const email = await findFeedbackEmail(trx, f);
  if (!email) return { applied: false };
  const tx = { ...deps, db: trx };
  const detail = f.detail?.slice(0, DETAIL_MAX);
  const base = { projectId: email.projectId, contactId: email.contactId };
  if (f.kind === 'delivery') {
    return { emailId: email.id, applied: await recordReport(deps, trx, email, 'delivered') };
  }
  if (f.kind === 'bounce' && f.bounceType !== 'hard') {
    // A soft bounce leaves the status alone: the mail may still arrive (or be retried by the relay).
    const data = { emailId: email.id, bounceType: 'soft', detail: detail ?? null };
    await recordEvent(tx, { ...base, name: 'email.bounce', data });
    return { emailId: email.id, applied: true };
  }
  const applied =
    f.kind === 'bounce' ? await markBounced(trx, deps, email, detail) : await markComplained(trx, deps, email, detail);
  return { emailId: email.id, applied };
}

/**
 * For the delivery worker: the relay refused the recipient permanently at send time (SMTP 5xx at
 * RCPT or DATA). In the caller's transaction: BOUNCED (from SENDING or later), email.bounce,
 * contact unsubscribed, address suppressed. False when the email had already moved on.
 */
export async function recordSendRejection(
  trx: Trx,
  deps: FeedbackDeps,
  email: repo.FeedbackEmail,
  detail: string,
): Promise<boolean> {
  return markBounced(trx, deps, email, detail.slice(0, DETAIL_MAX));
}

async function markBounced(trx: Trx, deps: FeedbackDeps, email: repo.FeedbackEmail, detail?: string) {
  const data = { bounceType: 'hard', detail: detail ?? null };
  if (!(await recordReport(deps, trx, email, 'bounced', { data, lastError: detail }))) return false;
  await stopMailing(trx, deps, email, 'BOUNCE');
  return true;
}

async function markComplained(trx: Trx, deps: FeedbackDeps, email: repo.FeedbackEmail, detail?: string) {
  if (!(await recordReport(deps, trx, email, 'complained', { data: { detail: detail ?? null } }))) return false;
  await stopMailing(trx, deps, email, 'COMPLAINT');
  return true;
}

/**
 * Unsubscribes the contact (contact.unsubscribed on a change) and suppresses the address; and asks
 * for the project's suspension check in this transaction, so it cannot be lost (one pending check per
 * project: a burst of bounces costs one count).
 */
async function stopMailing(trx: Trx, deps: FeedbackDeps, email: repo.FeedbackEmail, reason: 'BOUNCE' | 'COMPLAINT') {
  const tx = { ...deps, db: trx };
  const projectId = email.projectId;
  await deps.jobs.enqueue(SAFETY_CHECK_JOB, { projectId }, { trx, jobKey: safetyCheckKey(projectId) });
  if (email.contactId) await setContactSubscription(tx, email.projectId, email.contactId, false, reason.toLowerCase());
  await addFeedbackRule(deps, trx, { projectId, email: email.toEmail, reason, emailId: email.id });
}

/** The email a report names: by our id, else our Message-ID, else the transport's id. */
async function findFeedbackEmail(db: Executor, f: Feedback): Promise<repo.FeedbackEmail | undefined> {
  if (f.emailId && isUuid(f.emailId)) {
    const byId = await repo.findEmailBy(db, { id: f.emailId });
    if (byId) return byId;
  }
  const messageId = f.messageId?.trim().replace(/^<|>$/g, '');
  if (messageId) {
    const byMessageId = await repo.findEmailBy(db, { messageId });
    if (byMessageId) return byMessageId;
  }
  if (f.transportMessageId) return repo.findEmailBy(db, { transportMessageId: f.transportMessageId });
  return undefined;
}
