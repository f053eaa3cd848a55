/**
 * A record's status as a badge. Each feature keeps one record of tones over the status type the
 * OpenAPI document gives (`StatusLooks<EmailStatus>`), so a status the API adds fails to compile
 * until it has a tone; the record's order is the order filters offer them in. The label is the
 * API's own word, read as a sentence (`TEMPORARY_FAILURE` → "Temporary failure") and translated, so
 * the badge, the filter and the docs never name a status two ways.
 */
import { i18n } from '../i18n/i18n.ts';
import { Badge, type Tone } from './Layout.tsx';

export type StatusLooks<S extends string> = Record<S, Tone>;

/** The statuses of `looks`, in its order (a filter's options). */
export function statusesOf<S extends string>(looks: StatusLooks<S>): S[] {
  return Object.keys(looks) as S[];
}

/**
 * `status` in words, in the dashboard's language ("TEMPORARY_FAILURE" → "Temporary failure"). One
 * message for every status the API names, so a status word never shares its translation with the
 * same word elsewhere ("Open" an invoice is, "Open" a button does); a status missing from it reads as
 * its value in a sentence, untranslated.
 */
export function statusLabel(status: string): string {
  const sentence = status.charAt(0).toUpperCase() + status.slice(1).toLowerCase().replaceAll('_', ' ');
  return i18n.t(
    '{status, select, ACCEPTED {Accepted} BOUNCE {Bounce} BOUNCED {Bounced} CANCELLED {Cancelled} CLICKED {Clicked} COMPLAINED {Complained} COMPLAINT {Complaint} COMPLETED {Completed} DELIVERED {Delivered} DONE {Done} DRAFT {Draft} ERASED {Erased} EXITED {Exited} FAILED {Failed} MANUAL {Manual} OPEN {Open} OPENED {Opened} PAID {Paid} PENDING {Pending} PERMANENT_FAILURE {Permanent failure} PROCESSING {Processing} QUEUED {Queued} RUNNING {Running} SCHEDULED {Scheduled} SENDING {Sending} SENT {Sent} SKIPPED {Skipped} SUPPRESSED {Suppressed} TEMPORARY_FAILURE {Temporary failure} UNCOLLECTIBLE {Uncollectible} VOID {Void} WAITING {Waiting} other {{sentence}}}',
    { status: status.toUpperCase(), sentence },
  );
}

export function StatusBadge<S extends string>({ looks, status }: { looks: StatusLooks<S>; status: S }) {
  return <Badge tone={looks[status] ?? 'gray'}>{statusLabel(status)}</Badge>;
}
