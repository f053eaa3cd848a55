/**
 * Email performance: sent, delivered, opened, clicked, bounced and complained for a period (with
 * rates), a chart of them per hour or day in the browser's time zone, the best campaigns, every
 * campaign's breakdown and the most frequent events. The period and bucket size live in the URL.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, PageHeader, Stat } from '../../components/Layout.tsx';
import { ErrorState, Skeleton } from '../../components/States.tsx';
import { preloadTimeSeriesChart, TimeSeriesChart } from '../../components/TimeSeriesChart.tsx';
import { viewerTimeZone } from '../../lib/chart-data.ts';
import { cx } from '../../lib/cx.ts';
import { formatNumber, formatPercent } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { analyticsQueries, type Timeseries } from '../../queries/analytics.ts';
import { CampaignBreakdown } from './CampaignBreakdown.tsx';
import { CustomDates, RangePicker, useRange } from './RangePicker.tsx';
import { METRICS, type MetricKey, rate } from './ranges.ts';
import { TopCampaigns, TopEvents } from './TopLists.tsx';

const TIME_ZONE = viewerTimeZone();
const ZONE_LABEL = TIME_ZONE.replace(/_/g, ' ');
// The skeleton standing in for it is h-72, the same height.
const CHART_HEIGHT = 288;

export function AnalyticsPage() {
  const { t } = useTranslation();
  const project = useProject();
  const range = useRange();
  // Fetch the chart's code with the page, not once the figures have arrived.
  useEffect(preloadTimeSeriesChart, []);
  const series = useQuery({
    ...analyticsQueries.timeseries(project, {
      interval: range.interval,
      from: range.from,
      to: range.to,
      timezone: TIME_ZONE,
    }),
    enabled: !range.problem,
  });
  return (
    <>
      <PageHeader
        title={t('Analytics')}
        description={t('How your email performs. Times are in {zone}.', { zone: ZONE_LABEL })}
        actions={<RangePicker range={range} />}
      />
      <CustomDates range={range} />
      <section aria-label={t('Figures, {period}', { period: range.label })} className="mb-6">
        <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{range.label}</h2>
        {series.isError ? (
          <ErrorState error={series.error} retry={() => series.refetch()} />
        ) : (
          <Figures totals={series.data?.totals} />
        )}
      </section>
      <OverTime data={series.data} stale={series.isPlaceholderData} failed={series.isError} />
      <div className="mb-6 grid gap-6 lg:grid-cols-2">
        <div className="min-w-0">
          <TopCampaigns />
        </div>
        <div className="min-w-0">
          <TopEvents from={range.from} to={range.to} label={range.label} />
        </div>
      </div>
      <CampaignBreakdown />
    </>
  );
}

function Figures({ totals }: { totals: Timeseries['totals'] | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {METRICS.map((m) => {
        const share = totals && m.key !== 'sent' ? rate(totals[m.key], totals.sent) : undefined;
        const hint =
          m.key === 'sent' ? (
            t('emails')
          ) : !totals ? (
            <Skeleton className="h-3 w-16" />
          ) : share === null ? (
            t('no emails sent')
          ) : (
            t('{share} of sent', { share: formatPercent(share) })
          );
        return (
          <Stat
            key={m.key}
            label={t(m.label)}
            value={totals ? formatNumber(totals[m.key]) : <Skeleton className="my-1 h-6 w-12" />}
            hint={hint}
          />
        );
      })}
    </div>
  );
}

/** The chart, with toggles for the metrics it draws (they double as its legend). */
function OverTime({ data, stale, failed }: { data: Timeseries | undefined; stale: boolean; failed: boolean }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<MetricKey[]>(['sent', 'delivered', 'opened', 'clicked']);
  const series = METRICS.filter((m) => shown.includes(m.key)).map((m) => ({ ...m, label: t(m.label) }));
  return (
    <Card
      title={t('Over time')}
      className="mb-6"
      actions={
        <fieldset className="flex flex-wrap gap-1">
          <legend className="sr-only">{t('Metrics on the chart')}</legend>
          {METRICS.map((m) => {
            const on = shown.includes(m.key);
            return (
              <button
                key={m.key}
                type="button"
                aria-pressed={on}
                onClick={() => setShown((list) => (on ? list.filter((k) => k !== m.key) : [...list, m.key]))}
                className={cx(
                  'inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs',
                  on
                    ? 'border-slate-300 bg-white text-slate-800'
                    : 'border-transparent text-slate-500 hover:text-slate-700',
                )}
              >
                <span className="size-2 rounded-full" style={{ background: on ? m.color : '#cbd5e1' }} aria-hidden />
                {t(m.label)}
              </button>
            );
          })}
        </fieldset>
      }
    >
      <div className={cx(stale && 'opacity-60')}>
        {data ? (
          <TimeSeriesChart
            series={series}
            points={data.data.map(({ start, ...figures }) => ({ date: start, ...figures }))}
            interval={data.interval}
            height={CHART_HEIGHT}
            timeZoneLabel={ZONE_LABEL}
            emptyText={t('No emails in this period.')}
            legend={false}
          />
        ) : failed ? null : (
          <Skeleton className="h-72 w-full" />
        )}
      </div>
    </Card>
  );
}
