/**
 * The email log (beyond.md §5): a project's emails newest first with filters, one email with its
 * delivery attempts and events, and the retry of a FAILED email. No request reads more rows than it
 * returns, except the first page's `total`, counted up to COUNT_CAP through the same index range.
 */
import { parseInstant } from '../analytics/time.ts';
import { normalizeEmail } from '../contacts/email.ts';
import { fromJson } from '../db/codecs.ts';
import type { EmailType } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { decodeCursor, toCursorPage } from '../http/pagination.ts';
import { isUuid } from '../lib/ids.ts';
import type { RuleReason } from '../suppressions/suppressions.schemas.ts';
import { listAttempts } from './attempts.repo.ts';
import * as repo from './emails.repo.ts';
import type { EmailDetail, EmailLogItem, EmailPage, ListEmailsQuery } from './emails.schemas.ts';

/** `total` stops here: exact below it, this number at or above it (as the activity feed counts). */
export const COUNT_CAP = 10_000;
/** Events shown with one email (opens and clicks record their first only, so few ever exist). */
const EVENTS_MAX = 100;

const iso = (at: string | null) => (at === null ? null : new Date(at).toISOString());
const isoOf = (at: number | undefined) => (at === undefined ? undefined : new Date(at).toISOString());

export function toEmailLogItem(row: repo.EmailLogRow): EmailLogItem {
  return {
    id: row.id,
    to: row.toEmail,
    from: row.fromEmail,
    subject: row.subject,
    status: row.status,
    sourceType: row.sourceType,
    sourceId: row.sourceId,
    contactId: row.contactId,
    templateId: row.templateId,
    templateVersion: row.templateVersion === null ? null : Number(row.templateVersion),
    variant: row.variant,
    scheduledAt: iso(row.scheduledAt),
    messageId: row.messageId,
    via: row.via,
    createdAt: new Date(row.createdAt).toISOString(),
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    openedAt: iso(row.openedAt),
    clickedAt: iso(row.clickedAt),
    bouncedAt: iso(row.bouncedAt),
    attemptCount: Number(row.attempts),
    lastError: row.lastError,
    // Only on SUPPRESSED emails a rule held (beyond.md §10); every other answer keeps its shape.
    ...(row.status === 'SUPPRESSED' && row.suppressionId !== null
      ? { suppressedBy: { id: row.suppressionId, reason: row.suppressionReason as RuleReason } }
      : {}),
  };
}

/** The query's filters, checked: 422 naming `recipient`, `since` or `until` when it is not one. */
function toFilter(query: ListEmailsQuery): repo.EmailFilter {
  let recipient: string | undefined;
  if (query.recipient !== undefined) {
    recipient = normalizeEmail(query.recipient);
    if (!recipient) throw invalid('recipient', 'must be a valid email address', 'INVALID_EMAIL');
  }
  return {
    status: query.status,
    sourceType: query.sourceType,
    campaignId: query.campaignId,
    recipient,
    since: isoOf(parseInstant('since', query.since, 'UTC', false)),
    until: isoOf(parseInstant('until', query.until, 'UTC', true)),
  };
}

/** A page of the project's emails, newest first; 422 for a bad filter or cursor. */
export async function listEmailLog(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  query: ListEmailsQuery,
): Promise<EmailPage> {
  const filter = toFilter(query);
  const after = decodeCursor(query.cursor);
  const rows = await repo.listEmails(deps.reader, projectId, filter, { after, limit: query.limit });
  const count = () => repo.countEmails(deps.reader, projectId, filter, COUNT_CAP);
  return toCursorPage(rows, query.limit, after === undefined, count, toEmailLogItem);
}

/** One email of the project with its attempts and events, oldest first; 404 EMAIL_NOT_FOUND otherwise. */
export async function getEmailDetail(
  deps: Pick<Deps, 'reader' | 'dialect'>,
  projectId: string,
  id: string,
): Promise<EmailDetail> {
  const row = await repo.findEmail(deps.reader, projectId, id);
  if (!row) throw notFound('EMAIL');
  const [attempts, events] = await Promise.all([
    listAttempts(deps.reader, projectId, id),
    repo.listEmailEvents(deps.reader, deps.dialect, projectId, row, EVENTS_MAX),
  ]);
  return {
    ...toEmailLogItem(row),
    attempts: attempts.map((a) => ({
      at: new Date(a.at).toISOString(),
      transport: a.transport,
      ...(a.transportId === null ? {} : { transportId: a.transportId }),
      result: a.result,
      ...(a.smtpCode === null ? {} : { smtpCode: Number(a.smtpCode) }),
      response: a.response,
      durationMs: Number(a.durationMs),
    })),
    events: events.map((e) => ({
      id: e.id,
      name: e.name,
      data: fromJson<Record<string, unknown>>(e.data) ?? {},
      createdAt: new Date(e.createdAt).toISOString(),
    })),
  };
}

/**
 * A FAILED email goes back to PENDING for a new round of attempts, due now, and delivery is woken
 * when that commits. 404 for an email the project does not have; 409 for any other status (a BOUNCED,
 * COMPLAINED or SUPPRESSED address must not be mailed again, and a sent email is not sent twice).
 */
export async function retryEmail(
  deps: Pick<Deps, 'db' | 'clock' | 'deliveryWaker'>,
  projectId: string,
  id: string,
): Promise<EmailLogItem> {
  // Conditional update: of two concurrent retries exactly one moves the row.
  const moved = await deps.db.transaction().execute(async (trx) => {
    const row = await repo.retryFailedEmail(trx, projectId, id, deps.clock.now());
    if (row) await deps.deliveryWaker.wake(trx);
    return row;
  });
  if (moved) return toEmailLogItem(moved);
  const current = await repo.findEmail(deps.db, projectId, id);
  if (!current) throw notFound('EMAIL');
  throw conflict(`The email is ${current.status}; only a FAILED email can be retried.`);
}

/** An email as its web version shows it (beyond.md §11). */
export interface EmailContent {
  id: string;
  contactId: string | null;
  emailType: EmailType;
  fromEmail: string;
  fromName: string | null;
  subject: string;
  html: string;
  sentAt: string;
}

/**
 * The stored subject and body of one email of the project, exactly as composed for its recipient;
 * undefined when there is none, or when its content is gone (an erased contact's emails keep only
 * their status and times).
 */
export async function getEmailContent(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  id: string,
): Promise<EmailContent | undefined> {
  const row = isUuid(id) ? await repo.findEmailContent(deps.reader, projectId, id) : undefined;
  if (!row || row.html === '' || row.toEmail === '') return undefined;
  return {
    id: row.id,
    contactId: row.contactId,
    emailType: row.emailType,
    fromEmail: row.fromEmail,
    fromName: row.fromName,
    subject: row.subject,
    html: row.html,
    sentAt: new Date(row.sentAt ?? row.createdAt).toISOString(),
  };
}
