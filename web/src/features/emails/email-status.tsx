/** How the email log shows an email's status, its source and an attempt's result. */
import { Badge, type Tone } from '../../components/Layout.tsx';
import type { EmailAttempt, EmailSource, EmailStatus } from '../../queries/emails.ts';

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

export function AttemptResultBadge({ result }: { result: EmailAttempt['result'] }) {
  const r = RESULTS[result] ?? { label: result, tone: 'gray' as const };
  return <Badge tone={r.tone}>{r.label}</Badge>;
}
