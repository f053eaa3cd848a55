/**
 * A record's status as a badge. Each feature keeps one record of tones over the status type the
 * OpenAPI document gives (`StatusLooks<EmailStatus>`), so a status the API adds fails to compile
 * until it has a tone; the record's order is the order filters offer them in. The label is the
 * API's own word, read as a sentence (`TEMPORARY_FAILURE` → "Temporary failure"), so the badge, the
 * filter and the docs never name a status two ways.
 */
import { Badge, type Tone } from './Layout.tsx';

export type StatusLooks<S extends string> = Record<S, Tone>;

/** The statuses of `looks`, in its order (a filter's options). */
export function statusesOf<S extends string>(looks: StatusLooks<S>): S[] {
  return Object.keys(looks) as S[];
}

/** `status` in words: the enum value as a sentence ("TEMPORARY_FAILURE" → "Temporary failure"). */
export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1).toLowerCase().replaceAll('_', ' ');
}

export function StatusBadge<S extends string>({ looks, status }: { looks: StatusLooks<S>; status: S }) {
  return <Badge tone={looks[status] ?? 'gray'}>{statusLabel(status)}</Badge>;
}
