/**
 * A campaign's results: the figures (sent, delivered, opened, clicked, bounced, unsubscribed), the
 * funnel from sent to clicked, and the same over time. Follows a sending campaign live.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Stat } from '../../components/Layout.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/States.tsx';
import { type ChartSeries, preloadTimeSeriesChart, TimeSeriesChart } from '../../components/TimeSeriesChart.tsx';
import { msg } from '../../i18n/msg.ts';
import { viewerTimeZone } from '../../lib/chart-data.ts';
import { cx } from '../../lib/cx.ts';
import { formatNumber, formatPercent } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { campaignQueries, type SeriesInterval, type CampaignStats as Stats } from '../../queries/campaigns.ts';
import { frameSeries } from './campaign-model.ts';

const SERIES: ChartSeries[] = [
  { key: 'sent', label: msg('Sent'), color: '#4f46e5' },
  { key: 'delivered', label: msg('Delivered'), color: '#0ea5e9' },
  { key: 'opened', label: msg('Opened'), color: '#10b981' },
  { key: 'clicked', label: msg('Clicked'), color: '#f59e0b' },
  { key: 'bounced', label: msg('Bounced'), color: '#ef4444' },
  { key: 'unsubscribed', label: msg('Unsubscribed'), color: '#64748b' },
];

/** The series with their labels in the dashboard's language. */
function useSeries(): ChartSeries[] {
  const { t } = useTranslation();
  return useMemo(() => SERIES.map((s) => ({ ...s, label: t(s.label) })), [t]);
}

const EMPTY_BUCKET = { sent: 0, delivered: 0, opened: 0, clicked: 0, bounced: 0, unsubscribed: 0 };

const share = (part: number, whole: number) => (whole > 0 ? part / whole : undefined);

function StatFigures({ stats }: { stats: Stats }) {
  const { t } = useTranslation();
  const sent = stats.sentCount;
  const rate = (value: number) => formatPercent(value / 100);
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" data-testid="campaign-figures">
      <Stat
        label={t('Sent')}
        value={formatNumber(sent)}
        hint={t('{count, plural, one {of # recipient} other {of # recipients}}', { count: stats.totalRecipients })}
      />
      <Stat
        label={t('Delivered')}
        value={formatNumber(stats.deliveredCount)}
        hint={sent ? t('{share} of sent', { share: formatPercent(share(stats.deliveredCount, sent)) }) : '—'}
      />
      <Stat
        label={t('Opened')}
        value={formatNumber(stats.openedCount)}
        hint={t('{rate} open rate', { rate: rate(stats.openRate) })}
      />
      <Stat
        label={t('Clicked')}
        value={formatNumber(stats.clickedCount)}
        hint={t('{rate} click rate', { rate: rate(stats.clickRate) })}
      />
      <Stat
        label={t('Bounced')}
        value={formatNumber(stats.bouncedCount)}
        hint={t('{rate} bounce rate', { rate: rate(stats.bounceRate) })}
      />
      <Stat
        label={t('Unsubscribed')}
        value={formatNumber(stats.unsubscribedCount)}
        hint={
          stats.complainedCount
            ? t('{count, plural, one {# marked as spam} other {# marked as spam}}', { count: stats.complainedCount })
            : t('No spam reports')
        }
      />
    </div>
  );
}

export function CampaignResults({ id, live }: { id: string; live: boolean }) {
  const { t } = useTranslation();
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
    <div className="space-y-4" role="status" aria-label={t('Loading results')}>
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
  const { t } = useTranslation();
  const series = useSeries();
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
    <Card title={t('From sent to clicked')}>
      <table className="w-full text-sm">
        <caption className="sr-only">{t('Emails at each step')}</caption>
        <tbody>
          {series.map((s) => (
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
  const { t } = useTranslation();
  const series = useSeries();
  const [interval, setGrouping] = useState<SeriesInterval | undefined>(undefined);
  const buckets = useQuery({
    ...campaignQueries.timeseries(useProject(), id, interval),
    refetchInterval: live ? 3000 : false,
  });
  const current = buckets.data?.interval ?? interval ?? 'hour';
  const points = useMemo(
    () =>
      frameSeries(buckets.data?.data ?? [], current, EMPTY_BUCKET, new Date()).map(({ start, ...counts }) => ({
        date: start,
        ...counts,
      })),
    [buckets.data, current],
  );
  const zone = current === 'day' ? 'UTC' : undefined;
  return (
    <Card title={t('Over time')} actions={<GroupBy value={current} onChange={setGrouping} />}>
      {buckets.isPending ? (
        <Skeleton className="h-72" />
      ) : buckets.isError ? (
        <ErrorState error={buckets.error} retry={() => buckets.refetch()} />
      ) : points.length === 0 ? (
        <div className="flex h-72 items-center justify-center">
          <EmptyState
            title={t('Nothing sent yet')}
            description={t('Sends, opens and clicks appear here as they happen.')}
          />
        </div>
      ) : (
        <section
          aria-label={t(
            '{interval, select, day {Sends, deliveries, opens, clicks, bounces and unsubscribes by day} other {Sends, deliveries, opens, clicks, bounces and unsubscribes by hour}}',
            { interval: current },
          )}
        >
          <TimeSeriesChart
            series={series}
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
  const { t } = useTranslation();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a toggle pair in a card header; a fieldset's legend would not fit there.
    <div role="group" aria-label={t('Group by')} className="flex rounded-md border border-slate-300 p-0.5 text-xs">
      {(
        [
          ['hour', t('By hour')],
          ['day', t('By day')],
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
