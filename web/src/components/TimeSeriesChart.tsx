/**
 * The one time-series chart: an area per series over hour or day buckets, with a legend, the time
 * zone the buckets are in, and the same figures as a table ("Show as table"). The plot itself
 * (Recharts) is loaded on demand, so no screen pays for it in the main bundle.
 */
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  busyPoints,
  type ChartInterval,
  type ChartPoint,
  type ChartSeries,
  chartDateFormats,
  figure,
} from '../lib/chart-data.ts';
import { formatNumber, inSentence } from '../lib/format.ts';
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
  subject: ownSubject,
  emptyText: ownEmptyText,
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
  /** What is counted, for the description and the table's caption ("Emails"), translated. */
  subject?: string;
  /** Said over the empty plot and in the table when every figure is zero ("Nothing in this period."). */
  emptyText?: string;
  /** Off where the screen shows its own (the analytics metric toggles). */
  legend?: boolean;
}) {
  const { t } = useTranslation();
  const subject = ownSubject ?? t('Emails');
  const emptyText = ownEmptyText ?? t('Nothing in this period.');
  const formats = useMemo(() => chartDateFormats(interval, timeZone), [interval, timeZone]);
  const busy = busyPoints(points, series);
  const per = interval === 'hour' ? 'hour' : 'day';
  const names = series.map((s) => inSentence(s.label)).join(', ');
  const description =
    series.length > 0
      ? t(
          '{per, select, hour {Chart of {subject} {names} per hour.} other {Chart of {subject} {names} per day.}} The figures are in the table that follows.',
          { per, subject: inSentence(subject), names },
        )
      : t('Empty chart: no series is chosen.');
  const caption = t(
    '{per, select, hour {{subject} per hour{only, select, yes { (only the hours with any)} other {}}} other {{subject} per day{only, select, yes { (only the days with any)} other {}}}}{zone, select, none {} other {, times in {zone}}}',
    { per, subject, only: busy.length < points.length ? 'yes' : 'no', zone: timeZoneLabel || 'none' },
  );
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
      {timeZoneLabel && (
        <figcaption className="mt-1 text-xs text-slate-500">{t('Times in {zone}', { zone: timeZoneLabel })}</figcaption>
      )}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-xs font-medium text-slate-600 hover:text-slate-900">
          {t('Show as table')}
        </summary>
        <div className="mt-2 max-h-72 overflow-auto rounded border border-slate-200">
          <table className="min-w-full text-left text-xs">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-slate-50 text-slate-500">
              <tr>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  {interval === 'hour' ? t('Hour') : t('Day')}
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
