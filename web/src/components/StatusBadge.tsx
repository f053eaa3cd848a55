/**
 * A record's status as a badge. Each feature keeps one record of looks over the status type the
 * OpenAPI document gives (`Record<EmailStatus, StatusLook>`), so a status the API adds fails to
 * compile until it has a label and a tone; the record's order is the order filters offer them in.
 */
import { Badge, type Tone } from './Layout.tsx';

export interface StatusLook {
  label: string;
  tone: Tone;
}

export type StatusLooks<S extends string> = Record<S, StatusLook>;

/** The statuses of `looks`, in its order (a filter's options). */
export function statusesOf<S extends string>(looks: StatusLooks<S>): S[] {
  return Object.keys(looks) as S[];
}

/** The label of `status`, or the status itself for one this dashboard does not know yet. */
export function statusLabel<S extends string>(looks: StatusLooks<S>, status: S): string {
  return looks[status]?.label ?? status;
}

export function StatusBadge<S extends string>({ looks, status }: { looks: StatusLooks<S>; status: S }) {
  return <Badge tone={looks[status]?.tone ?? 'gray'}>{statusLabel(looks, status)}</Badge>;
}
