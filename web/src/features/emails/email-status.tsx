/** How the email log shows an email's status, its source and an attempt's result. */
import { Badge } from '../../components/Layout.tsx';
import type { StatusLooks } from '../../components/StatusBadge.tsx';
import type { EmailAttempt, EmailRow, EmailSource, EmailStatus } from '../../queries/emails.ts';

/** In the order an email moves through them (the filter offers them so). */
export const EMAIL_STATUS: StatusLooks<EmailStatus> = {
  PENDING: 'gray',
  SENDING: 'blue',
  SENT: 'blue',
  DELIVERED: 'green',
  OPENED: 'green',
  CLICKED: 'green',
  BOUNCED: 'red',
  COMPLAINED: 'red',
  FAILED: 'red',
  SUPPRESSED: 'yellow',
};

export const ATTEMPT_RESULT: StatusLooks<EmailAttempt['result']> = {
  ACCEPTED: 'green',
  TEMPORARY_FAILURE: 'yellow',
  PERMANENT_FAILURE: 'red',
};

// A source is read as words beside the via badge, never as a badge of its own: labels only. A
// record still, so a source the API adds fails to compile until it has one.
const SOURCES: Record<EmailSource, string> = {
  TRANSACTIONAL: 'Transactional',
  CAMPAIGN: 'Campaign',
  WORKFLOW: 'Workflow',
};

export const EMAIL_SOURCES = Object.keys(SOURCES) as EmailSource[];

export const sourceLabel = (source: EmailSource) => SOURCES[source] ?? source;

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

/**
 * The suppression list narrowed to the rule that held mail to `address`, with the rule marked:
 * searched by the address's domain, which finds an address rule and a `*@domain` rule alike; an
 * erased address is kept as a hash and found by the whole address only.
 */
export function suppressionRuleLink(
  to: (...segments: string[]) => string,
  address: string,
  rule: { id: string; reason: string },
): string {
  const q = rule.reason === 'ERASED' ? address : address.slice(address.lastIndexOf('@') + 1);
  return `${to('suppressions')}?${new URLSearchParams({ q, rule: rule.id })}`;
}
