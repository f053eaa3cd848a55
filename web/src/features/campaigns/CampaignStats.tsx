/**
 * A campaign's results: the figures (sent, delivered, opened, clicked, bounced, unsubscribed), the
 * funnel from sent to clicked, and the same over time. Follows a sending campaign live.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Card, Stat } from '../../components/Layout.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/States.tsx';
import { type ChartSeries, preloadTimeSeriesChart, TimeSeriesChart } from '../../components/TimeSeriesChart.tsx';
import { viewerTimeZone } from '../../lib/chart-data.ts';
import { cx } from '../../lib/cx.ts';
import { formatNumber, formatPercent } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { campaignQueries, type SeriesInterval, type CampaignStats as Stats } from '../../queries/campaigns.ts';
import { frameSeries } from './campaign-model.ts';

const SERIES: ChartSeries[] = [
  { key: 'sent', label: 'Sent', color: '#4f46e5' },
  { key: 'delivered', label: 'Delivered', color: '#0ea5e9' },
  { key: 'opened', label: 'Opened', color: '#10b981' },
  { key: 'clicked', label: 'Clicked', color: '#f59e0b' },
  { key: 'bounced', label: 'Bounced', color: '#ef4444' },
  { key: 'unsubscribed', label: 'Unsubscribed', color: '#64748b' },
];

const EMPTY_BUCKET = { sent: 0, delivered: 0, opened: 0, clicked: 0, bounced: 0, unsubscribed: 0 };

const share = (part: number, whole: number) => (whole > 0 ? part / whole : undefined);

function StatFigures({ stats }: { stats: Stats }) {
  const sent = stats.sentCount;
  const rate = (label: string, value: number) => `${formatPercent(value / 100)} ${label}`;
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" data-testid="campaign-figures">
      <Stat label="Sent" value={formatNumber(sent)} hint={`of ${formatNumber(stats.totalRecipients)} recipients`} />
      <Stat
        label="Delivered"
        value={formatNumber(stats.deliveredCount)}
        hint={sent ? `${formatPercent(share(stats.deliveredCount, sent))} of sent` : '—'}
      />
      <Stat label="Opened" value={formatNumber(stats.openedCount)} hint={rate('open rate', stats.openRate)} />
      <Stat label="Clicked" value={formatNumber(stats.clickedCount)} hint={rate('click rate', stats.clickRate)} />
      <Stat label="Bounced" value={formatNumber(stats.bouncedCount)} hint={rate('bounce rate', stats.bounceRate)} />
      <Stat
        label="Unsubscribed"
        value={formatNumber(stats.unsubscribedCount)}
        hint={stats.complainedCount ? `${formatNumber(stats.complainedCount)} marked as spam` : 'No spam reports'}
      />
    </div>
  );
}

export function CampaignResults({ id, live }: { id: string; live: boolean }) {
  const stats = useQuery({ ...campaignQueries.stats(useProject(), id), refetchInterval: live ? 1500 : false });
  // The plot's code loads while the figures do, not after them.
  useEffect(preloadTimeSeriesChart, []);
  if (stats.data) {
    return (
      <div className="space-y-5">
        <StatFigures stats={stats.data} />
        <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <OverTime id={id} live={live} />
          <Funnel stats={stats.data} />
        </div>
      </div>
    );
  }
  if (stats.isError) return <ErrorState error={stats.error} retry={() => stats.refetch()} />;
  return (
    <div className="space-y-4" role="status" aria-label="Loading results">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {SERIES.map((s) => (
          <Skeleton key={s.key} className="h-[92px]" />
        ))}
      </div>
      <Skeleton className="h-80" />
    </div>
  );
}

/** Emails at each step as bars, longest first; the figures are the table's cells. */
function Funnel({ stats }: { stats: Stats }) {
  const values: Record<string, number> = {
    sent: stats.sentCount,
    delivered: stats.deliveredCount,
    opened: stats.openedCount,
    clicked: stats.clickedCount,
    bounced: stats.bouncedCount,
    unsubscribed: stats.unsubscribedCount,
  };
  const most = Math.max(1, ...Object.values(values));
  return (
    <Card title="From sent to clicked">
      <table className="w-full text-sm">
        <caption className="sr-only">Emails at each step</caption>
        <tbody>
          {SERIES.map((s) => (
            <tr key={s.key}>
              <th scope="row" className="w-28 py-1.5 pr-3 text-left font-normal text-slate-700">
                {s.label}
              </th>
              <td className="py-1.5" aria-hidden>
                <div className="h-3 rounded-r bg-slate-100">
                  <div
                    className="h-full rounded-r"
                    style={{ width: `${(values[s.key]! / most) * 100}%`, backgroundColor: s.color }}
                  />
                </div>
              </td>
              <td className="w-16 py-1.5 pl-3 text-right tabular-nums text-slate-900">
                {formatNumber(values[s.key]!)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/**
 * The results per hour or per day. The API cuts buckets in UTC: day buckets are UTC days and are
 * written as such; an hour bucket is the same hour anywhere, so it is written in the viewer's zone.
 */
function OverTime({ id, live }: { id: string; live: boolean }) {
  const [interval, setGrouping] = useState<SeriesInterval | undefined>(undefined);
  const series = useQuery({
    ...campaignQueries.timeseries(useProject(), id, interval),
    refetchInterval: live ? 3000 : false,
  });
  const current = series.data?.interval ?? interval ?? 'hour';
  const points = useMemo(
    () =>
      frameSeries(series.data?.data ?? [], current, EMPTY_BUCKET, new Date()).map(({ start, ...counts }) => ({
        date: start,
        ...counts,
      })),
    [series.data, current],
  );
  const zone = current === 'day' ? 'UTC' : undefined;
  return (
    <Card title="Over time" actions={<GroupBy value={current} onChange={setGrouping} />}>
      {series.isPending ? (
        <Skeleton className="h-72" />
      ) : series.isError ? (
        <ErrorState error={series.error} retry={() => series.refetch()} />
      ) : points.length === 0 ? (
        <div className="flex h-72 items-center justify-center">
          <EmptyState title="Nothing sent yet" description="Sends, opens and clicks appear here as they happen." />
        </div>
      ) : (
        <section aria-label={`Sends, deliveries, opens, clicks, bounces and unsubscribes by ${current}`}>
          <TimeSeriesChart
            series={SERIES}
            points={points}
            height={260}
            interval={current}
            timeZone={zone}
            timeZoneLabel={zone ?? viewerTimeZone()}
          />
        </section>
      )}
    </Card>
  );
}

function GroupBy({ value, onChange }: { value: SeriesInterval; onChange: (v: SeriesInterval) => void }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a toggle pair in a card header; a fieldset's legend would not fit there.
    <div role="group" aria-label="Group by" className="flex rounded-md border border-slate-300 p-0.5 text-xs">
      {(
        [
          ['hour', 'By hour'],
          ['day', 'By day'],
        ] as const
      ).map(([id, text]) => (
        <button
          key={id}
          type="button"
          aria-pressed={value === id}
          onClick={() => onChange(id)}
          className={cx(
            'rounded px-2 py-0.5',
            value === id ? 'bg-slate-900 text-white' : 'text-slate-600 hover:bg-slate-100',
          )}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
