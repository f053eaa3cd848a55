/** How the email log shows an email's status, its source and an attempt's result. */
import { Badge } from '../../components/Layout.tsx';
import type { StatusLooks } from '../../components/StatusBadge.tsx';
import { i18n } from '../../i18n/i18n.ts';
import { msg } from '../../i18n/msg.ts';
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
  TRANSACTIONAL: msg('Transactional'),
  CAMPAIGN: msg('Campaign'),
  WORKFLOW: msg('Workflow'),
};

export const EMAIL_SOURCES = Object.keys(SOURCES) as EmailSource[];

/** The source in words, in the dashboard's language. */
export const sourceLabel = (source: EmailSource) => (SOURCES[source] ? i18n.t(SOURCES[source]) : source);

/** How a transactional email arrived: the send API or SMTP submission (null for other mail). */
type Via = NonNullable<EmailRow['via']>;

// The labels are the protocols' names, the same in every language; the titles are translated.
const VIA: Record<Via, { label: string; title: string }> = {
  // i18n-ignore: a protocol's name.
  api: { label: 'API', title: msg('Sent with POST /v1/send') },
  // i18n-ignore: a protocol's name.
  smtp: { label: 'SMTP', title: msg('Submitted over SMTP') },
};

/** The source of an email, with how a transactional one arrived as a badge ("Transactional SMTP"). */
export function SourceWithVia({ email }: { email: Pick<EmailRow, 'sourceType' | 'via'> }) {
  const via = email.via;
  const known = via ? VIA[via] : undefined;
  const shown = known ? { ...known, title: i18n.t(known.title) } : via ? { label: via, title: via } : null;
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
