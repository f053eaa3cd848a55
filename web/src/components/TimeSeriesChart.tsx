/**
 * The one time-series chart: an area per series over hour or day buckets, with a legend, the time
 * zone the buckets are in, and the same figures as a table ("Show as table"). The plot itself
 * (Recharts) is loaded on demand, so no screen pays for it in the main bundle.
 */
import { lazy, Suspense, useMemo } from 'react';
import {
  busyPoints,
  type ChartInterval,
  type ChartPoint,
  type ChartSeries,
  chartDateFormats,
  figure,
} from '../lib/chart-data.ts';
import { formatNumber } from '../lib/format.ts';
import { Skeleton } from './States.tsx';

export type { ChartPoint, ChartSeries } from '../lib/chart-data.ts';

const TimeSeriesPlot = lazy(() => import('./TimeSeriesPlot.tsx'));

/** Starts fetching the plot's code early (with the page's data), so it is there when the data is. */
export function preloadTimeSeriesChart(): void {
  void import('./TimeSeriesPlot.tsx');
}

export function TimeSeriesChart({
  series,
  points,
  height = 240,
  timeZoneLabel,
  timeZone,
  interval = 'day',
  subject = 'Emails',
  emptyText = 'Nothing in this period.',
  legend = true,
}: {
  series: ChartSeries[];
  points: ChartPoint[];
  height?: number;
  /** Shown under the chart: the zone the buckets are cut in ("UTC", "Europe/Paris"). */
  timeZoneLabel?: string;
  /** The IANA zone to write bucket starts in; the viewer's when left out. */
  timeZone?: string;
  interval?: ChartInterval;
  /** What is counted, for the description and the table's caption. */
  subject?: string;
  /** Said over the empty plot and in the table when every figure is zero. */
  emptyText?: string;
  /** Off where the screen shows its own (the analytics metric toggles). */
  legend?: boolean;
}) {
  const formats = useMemo(() => chartDateFormats(interval, timeZone), [interval, timeZone]);
  const busy = busyPoints(points, series);
  const per = interval === 'hour' ? 'hour' : 'day';
  const names = series.map((s) => s.label.toLowerCase()).join(', ');
  const description =
    series.length > 0
      ? `Chart of ${subject.toLowerCase()} ${names} per ${per}. The figures are in the table that follows.`
      : 'Empty chart: no series is chosen.';
  return (
    <figure>
      {legend && series.length > 1 && (
        <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-hidden>
          {series.map((s) => (
            <li key={s.key} className="inline-flex items-center gap-1.5">
              <span className="size-2 rounded-full" style={{ backgroundColor: s.color }} />
              {s.label}
            </li>
          ))}
        </ul>
      )}
      <div className="relative" style={{ height }}>
        {busy.length === 0 && points.length > 0 && (
          <p className="absolute inset-0 z-10 flex items-center justify-center text-sm text-slate-500">{emptyText}</p>
        )}
        <Suspense fallback={<Skeleton className="h-full w-full" />}>
          <TimeSeriesPlot series={series} points={points} height={height} formats={formats} description={description} />
        </Suspense>
      </div>
      {timeZoneLabel && <figcaption className="mt-1 text-xs text-slate-500">Times in {timeZoneLabel}</figcaption>}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-xs font-medium text-slate-600 hover:text-slate-900">
          Show as table
        </summary>
        <div className="mt-2 max-h-72 overflow-auto rounded border border-slate-200">
          <table className="min-w-full text-left text-xs">
            <caption className="sr-only">
              {subject} per {per}
              {busy.length < points.length ? ` (only the ${per}s with any)` : ''}
              {timeZoneLabel ? `, times in ${timeZoneLabel}` : ''}
            </caption>
            <thead className="bg-slate-50 text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  {interval === 'hour' ? 'Hour' : 'Day'}
                </th>
                {series.map((s) => (
                  <th key={s.key} scope="col" className="px-3 py-1.5 text-right font-medium">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 tabular-nums">
              {busy.length === 0 ? (
                <tr>
                  <td colSpan={series.length + 1} className="px-3 py-1.5 text-slate-500">
                    {emptyText}
                  </td>
                </tr>
              ) : (
                busy.map((p: ChartPoint) => (
                  <tr key={p.date}>
                    <th scope="row" className="px-3 py-1.5 font-normal">
                      {formats.full(p.date)}
                    </th>
                    {series.map((s) => (
                      <td key={s.key} className="px-3 py-1.5 text-right">
                        {formatNumber(figure(p, s.key))}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
