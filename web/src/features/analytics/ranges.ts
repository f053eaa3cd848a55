/**
 * The analytics range picker's logic: presets and custom dates (from the URL) to the API's query
 * (`from`/`to` as local calendar days of the browser's zone, hour or day buckets), and the rates of
 * the figures. Pure, so it is unit-tested.
 */
import { i18n } from '../../i18n/i18n.ts';
import { msg } from '../../i18n/msg.ts';
import { activeLanguage, formatPercent } from '../../lib/format.ts';

export type Interval = 'hour' | 'day';
export type RangeId = '24h' | '7d' | '30d' | '90d' | '365d' | 'custom';

const RANGE_LABELS: Record<RangeId, string> = {
  '24h': msg('Last 24 hours'),
  '7d': msg('Last 7 days'),
  '30d': msg('Last 30 days'),
  '90d': msg('Last 90 days'),
  '365d': msg('Last 12 months'),
  custom: msg('Custom dates'),
};

/** The period picker's choices, in order; their labels are English messages (`t(range.label)`). */
export const RANGES = Object.entries(RANGE_LABELS).map(([id, label]) => ({ id: id as RangeId, label }));

/** Longest span (in days) hour buckets are offered for: more would be a wall of bars. */
export const HOURLY_MAX_DAYS = 7;
/** The API's longest range of day buckets. */
export const DAILY_MAX_DAYS = 366;

export interface ResolvedRange {
  id: RangeId;
  interval: Interval;
  /** Query values: a local date (YYYY-MM-DD) or nothing (the API's default). */
  from?: string;
  to?: string;
  /** Whether hour buckets may be chosen for this range. */
  hourly: boolean;
  /** In the dashboard's language. */
  label: string;
  /** Why the custom dates cannot be used, if they cannot (in the dashboard's language). */
  problem?: string;
}

/** `YYYY-MM-DD` of a local date. */
export function isoDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function daysAgo(now: Date, n: number): string {
  return isoDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - n));
}

function parseDay(s: string | null | undefined): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s ?? '');
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** Whole days from `a` to `b`, both included. */
function spanDays(a: Date, b: Date): number {
  return (
    Math.round(
      (Date.UTC(b.getFullYear(), b.getMonth(), b.getDate()) - Date.UTC(a.getFullYear(), a.getMonth(), a.getDate())) /
        86_400_000,
    ) + 1
  );
}

/** The range the URL's `range`, `from`, `to` and `interval` describe, at `now`. */
export function resolveRange(
  params: { range?: string | null; from?: string | null; to?: string | null; interval?: string | null },
  now: Date = new Date(),
): ResolvedRange {
  const id = (RANGES.some((r) => r.id === params.range) ? params.range : '30d') as RangeId;
  const label = i18n.t(RANGES.find((r) => r.id === id)!.label);
  const wantHour = params.interval === 'hour';
  if (id === '24h') return { id, interval: 'hour', hourly: true, label };
  if (id !== 'custom') {
    const days = Number.parseInt(id, 10);
    const hourly = days <= HOURLY_MAX_DAYS;
    return { id, interval: hourly && wantHour ? 'hour' : 'day', from: daysAgo(now, days - 1), hourly, label };
  }
  const from = parseDay(params.from);
  const to = parseDay(params.to);
  if (!from || !to) {
    return {
      id,
      interval: 'day',
      from: daysAgo(now, 29),
      hourly: false,
      label,
      problem: i18n.t('Pick a start and an end date.'),
    };
  }
  const days = spanDays(from, to);
  if (days < 1) {
    return { id, interval: 'day', hourly: false, label, problem: i18n.t('The end date is before the start date.') };
  }
  if (days > DAILY_MAX_DAYS) {
    return {
      id,
      interval: 'day',
      hourly: false,
      label,
      problem: i18n.t('Pick at most a year ({days, number} days).', { days: DAILY_MAX_DAYS }),
    };
  }
  const hourly = days <= HOURLY_MAX_DAYS;
  const fmt = new Intl.DateTimeFormat(activeLanguage(), { dateStyle: 'medium' });
  return {
    id,
    interval: hourly && wantHour ? 'hour' : 'day',
    from: isoDay(from),
    to: isoDay(to),
    hourly,
    label: i18n.t('{start} – {end}', { start: fmt.format(from), end: fmt.format(to) }),
  };
}

/** A percent as the API gives it (0..100, two decimals), for display. */
export function apiPercent(value: number): string {
  return formatPercent(value / 100);
}

/** `part` as a share of `whole` (0..1), or null when nothing was sent. */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** The figures, with their labels as English messages (`t(metric.label)`). */
export const METRICS = [
  { key: 'sent', label: msg('Sent'), color: '#64748b' },
  { key: 'delivered', label: msg('Delivered'), color: '#0ea5e9' },
  { key: 'opened', label: msg('Opened'), color: '#10b981' },
  { key: 'clicked', label: msg('Clicked'), color: '#4f46e5' },
  { key: 'bounced', label: msg('Bounced'), color: '#ef4444' },
  { key: 'complained', label: msg('Complained'), color: '#f59e0b' },
] as const;

export type MetricKey = (typeof METRICS)[number]['key'];
