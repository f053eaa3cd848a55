/** How the email log shows an email's status, its source and an attempt's result. */
import { Badge, type Tone } from '../../components/Layout.tsx';
import type { EmailAttempt, EmailRow, EmailSource, EmailStatus } from '../../queries/emails.ts';

// Records, so a status or source the API adds fails to compile here until it is listed; statuses in
// the order an email moves through them (the filter offers them so).
const STATUS: Record<EmailStatus, { label: string; tone: Tone }> = {
  PENDING: { label: 'Pending', tone: 'gray' },
  SENDING: { label: 'Sending', tone: 'blue' },
  SENT: { label: 'Sent', tone: 'blue' },
  DELIVERED: { label: 'Delivered', tone: 'green' },
  OPENED: { label: 'Opened', tone: 'green' },
  CLICKED: { label: 'Clicked', tone: 'green' },
  BOUNCED: { label: 'Bounced', tone: 'red' },
  COMPLAINED: { label: 'Complained', tone: 'red' },
  FAILED: { label: 'Failed', tone: 'red' },
  SUPPRESSED: { label: 'Suppressed', tone: 'yellow' },
};

export const EMAIL_STATUSES = Object.keys(STATUS) as EmailStatus[];

export const statusLabel = (status: EmailStatus) => STATUS[status]?.label ?? status;

export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  return <Badge tone={STATUS[status]?.tone ?? 'gray'}>{statusLabel(status)}</Badge>;
}

const SOURCES: Record<EmailSource, string> = {
  TRANSACTIONAL: 'Transactional',
  CAMPAIGN: 'Campaign',
  WORKFLOW: 'Workflow',
};

export const EMAIL_SOURCES = Object.keys(SOURCES) as EmailSource[];

export const sourceLabel = (source: EmailSource) => SOURCES[source] ?? source;

const RESULTS: Record<EmailAttempt['result'], { label: string; tone: Tone }> = {
  ACCEPTED: { label: 'Accepted', tone: 'green' },
  TEMPORARY_FAILURE: { label: 'Temporary failure', tone: 'yellow' },
  PERMANENT_FAILURE: { label: 'Permanent failure', tone: 'red' },
};

/** How a transactional email arrived: the send API or SMTP submission (null for other mail). */
type Via = NonNullable<EmailRow['via']>;

const VIA: Record<Via, { label: string; title: string }> = {
  api: { label: 'API', title: 'Sent with POST /v1/send' },
  smtp: { label: 'SMTP', title: 'Submitted over SMTP' },
};

/** The source of an email, with how a transactional one arrived as a badge ("Transactional SMTP"). */
export function SourceWithVia({ email }: { email: Pick<EmailRow, 'sourceType' | 'via'> }) {
  const via = email.via;
  const shown = via ? (VIA[via] ?? { label: via, title: via }) : null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {sourceLabel(email.sourceType)}
      {shown && (
        <span title={shown.title}>
          <Badge tone="blue">{shown.label}</Badge>
        </span>
      )}
    </span>
  );
}

export function AttemptResultBadge({ result }: { result: EmailAttempt['result'] }) {
  const r = RESULTS[result] ?? { label: result, tone: 'gray' as const };
  return <Badge tone={r.tone}>{r.label}</Badge>;
}
