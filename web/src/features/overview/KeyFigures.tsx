/** The Overview's last 30 days: contacts, emails sent, open and click rates, and emails per day. */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Stat } from '../../components/Layout.tsx';
import { ErrorState, Skeleton } from '../../components/States.tsx';
import { preloadTimeSeriesChart, TimeSeriesChart } from '../../components/TimeSeriesChart.tsx';
import { msg } from '../../i18n/msg.ts';
import { viewerTimeZone } from '../../lib/chart-data.ts';
import { formatNumber, formatPercent } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { contactQueries } from '../../queries/contacts.ts';
import { overviewQueries } from '../../queries/overview.ts';

const SERIES = [
  { key: 'sent', label: msg('Sent'), color: '#4f46e5' },
  { key: 'opened', label: msg('Opened'), color: '#059669' },
  { key: 'clicked', label: msg('Clicked'), color: '#d97706' },
];

export function KeyFigures() {
  const { t } = useTranslation();
  const project = useProject();
  const series = useQuery(overviewQueries.last30Days(project));
  // The list's `total` on a one-row page is the project's contact count.
  const contacts = useQuery({ ...contactQueries.list(project, { limit: 1 }), select: (page) => page.total });
  // Fetch the chart's code alongside the figures, not once they have arrived.
  useEffect(preloadTimeSeriesChart, []);
  const totals = series.data?.totals;
  const rate = (n: number | undefined) => (totals && totals.sent > 0 && n !== undefined ? n / totals.sent : null);
  const figure = (loading: boolean, value: string) => (loading ? <Skeleton className="mt-1 h-8 w-20" /> : value);
  return (
    <section aria-labelledby="figures-heading" className="space-y-3">
      <h2 id="figures-heading" className="text-sm font-semibold text-slate-900">
        {t('Last 30 days')}
      </h2>
      {series.isError && <ErrorState error={series.error} retry={() => series.refetch()} />}
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat
          label={t('Contacts')}
          value={figure(contacts.isPending, contacts.isError ? '—' : formatNumber(contacts.data))}
          hint={t('In this project')}
        />
        <Stat
          label={t('Emails sent')}
          value={figure(series.isPending, formatNumber(totals?.sent ?? 0))}
          hint={t('Every source')}
        />
        <Stat
          label={t('Open rate')}
          value={figure(series.isPending, formatPercent(rate(totals?.opened)))}
          hint={totals ? t('{count, number} opened', { count: totals.opened }) : t('Unique opens')}
        />
        <Stat
          label={t('Click rate')}
          value={figure(series.isPending, formatPercent(rate(totals?.clicked)))}
          hint={totals ? t('{count, number} clicked', { count: totals.clicked }) : t('Unique clicks')}
        />
      </div>
      <Card title={t('Emails per day')}>
        {series.data ? (
          <TimeSeriesChart
            series={SERIES.map((s) => ({ ...s, label: t(s.label) }))}
            points={series.data.data.map(({ start, ...figures }) => ({ date: start, ...figures }))}
            height={192}
            timeZoneLabel={viewerTimeZone().replace(/_/g, ' ')}
            emptyText={t('No emails in the last 30 days yet.')}
          />
        ) : (
          <Skeleton className="h-48 w-full" />
        )}
      </Card>
    </section>
  );
}
