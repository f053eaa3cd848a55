/**
 * The pure side of TimeSeriesChart: how a bucket's start is written (axis tick, full label) for
 * hour or day buckets in a time zone, and which buckets the data table lists.
 */
import { activeLanguage } from '../i18n/active-language.ts';

export interface ChartSeries {
  /** The key of the figure in each point. */
  key: string;
  label: string;
  /** A CSS colour for the line, the area and the legend dot. */
  color: string;
}

/** One bucket: its start (ISO 8601) and a figure per series key. */
export type ChartPoint = { date: string } & Record<string, number | string>;

export type ChartInterval = 'hour' | 'day';

export interface ChartDateFormats {
  /** Short, for the axis: "Mar 4", "3 PM". */
  tick: (iso: string) => string;
  /** Whole, for the tooltip and the table: "Mon, Mar 4, 2024". */
  full: (iso: string) => string;
}

/**
 * Formatters for bucket starts. `timeZone` is the zone the buckets were cut in (an IANA name);
 * without it the viewer's zone is used, which is right when the API was asked for local buckets.
 * They are written in the dashboard's language unless `locale` says otherwise.
 */
export function chartDateFormats(
  interval: ChartInterval,
  timeZone?: string,
  locale: string = activeLanguage(),
): ChartDateFormats {
  const zone = timeZone ? { timeZone } : {};
  const tick = new Intl.DateTimeFormat(
    locale,
    interval === 'hour' ? { hour: 'numeric', ...zone } : { month: 'short', day: 'numeric', ...zone },
  );
  const full = new Intl.DateTimeFormat(
    locale,
    interval === 'hour'
      ? { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', ...zone }
      : { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', ...zone },
  );
  return { tick: (iso) => tick.format(new Date(iso)), full: (iso) => full.format(new Date(iso)) };
}

/** A point's figure for a series (0 when missing or not a number). */
export function figure(point: ChartPoint, key: string): number {
  const v = point[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

/** The buckets with anything in them, for the table: a year of empty days says nothing. */
export function busyPoints(points: ChartPoint[], series: ChartSeries[]): ChartPoint[] {
  return points.filter((p) => series.some((s) => figure(p, s.key) > 0));
}

/** The viewer's time zone as an IANA name ("Europe/Paris"), for `timeZoneLabel`. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat(activeLanguage()).resolvedOptions().timeZone || 'UTC';
}
