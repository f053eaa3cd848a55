/** The analytics rankings: the best campaigns by a chosen measure, and the most frequent events. */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { ErrorState, LoadingRows } from '../../components/States.tsx';
import { msg } from '../../i18n/msg.ts';
import { formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { useSearchParamState } from '../../lib/url-state.ts';
import { analyticsQueries, type CampaignMetric } from '../../queries/analytics.ts';
import { apiPercent } from './ranges.ts';

const CAMPAIGN_METRICS: Array<{ id: CampaignMetric; label: string }> = [
  { id: 'sent', label: msg('Most sent') },
  { id: 'opened', label: msg('Most opened') },
  { id: 'clicked', label: msg('Most clicked') },
  { id: 'openRate', label: msg('Best open rate') },
  { id: 'clickRate', label: msg('Best click rate') },
];

export function TopCampaigns() {
  const { t } = useTranslation();
  const project = useProject();
  const [chosen, setMetric] = useSearchParamState('rank', 'sent');
  const metric = CAMPAIGN_METRICS.find((m) => m.id === chosen)?.id ?? 'sent';
  const top = useQuery(analyticsQueries.topCampaigns(project, metric));
  const isRate = metric === 'openRate' || metric === 'clickRate';
  const rows = top.data?.data ?? [];
  const max = Math.max(1, ...rows.map((r) => Number(r[metric])));
  return (
    <Card
      title={t('Top campaigns')}
      actions={
        <div className="w-40">
          <Select label={t('Rank campaigns by')} hideLabel value={metric} onChange={(e) => setMetric(e.target.value)}>
            {CAMPAIGN_METRICS.map((m) => (
              <option key={m.id} value={m.id}>
                {t(m.label)}
              </option>
            ))}
          </Select>
        </div>
      }
    >
      <Ranking
        query={top}
        loadingLabel={t('Loading top campaigns')}
        empty={t('Campaigns show up here once they have sent.')}
        items={rows.map((c) => {
          const value = Number(c[metric]);
          return {
            key: c.id,
            label: <TextLink to={project.to('campaigns', c.id)}>{c.name}</TextLink>,
            value: isRate ? apiPercent(value) : formatNumber(value),
            share: value / max,
            hint: t('{sent, number} sent · {opened} opened · {clicked} clicked', {
              sent: c.sent,
              opened: apiPercent(c.openRate),
              clicked: apiPercent(c.clickRate),
            }),
          };
        })}
      />
      <p className="mt-3 text-xs text-slate-500">{t('All time.')}</p>
    </Card>
  );
}

export function TopEvents({ from, to, label }: { from?: string; to?: string; label: string }) {
  const { t } = useTranslation();
  const project = useProject();
  // The 24-hour view has no `from`: ask for yesterday and today (whole UTC days, as this endpoint counts).
  const since = from ?? new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const events = useQuery(analyticsQueries.topEvents(project, { from: since, to, limit: 8 }));
  const rows = events.data?.data ?? [];
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <Card title={t('Top events')}>
      <Ranking
        query={events}
        loadingLabel={t('Loading top events')}
        empty={t('No events tracked in this period.')}
        items={rows.map((e) => ({
          key: e.name,
          label: (
            <TextLink to={project.to('events', e.name)} className="font-mono text-[13px]">
              {e.name}
            </TextLink>
          ),
          value: formatNumber(e.count),
          share: e.count / max,
        }))}
      />
      <p className="mt-3 text-xs text-slate-500">{t('{period}, custom events only.', { period: label })}</p>
    </Card>
  );
}

interface RankedItem {
  key: string;
  label: ReactNode;
  value: string;
  /** 0..1 of the longest bar. */
  share: number;
  hint?: string;
}

/** A ranked list of bars with its loading, error and empty states. */
function Ranking({
  query,
  loadingLabel,
  empty,
  items,
}: {
  query: { isPending: boolean; isError: boolean; isSuccess: boolean; error: unknown; refetch: () => unknown };
  /** Read out while loading ("Loading top events"). */
  loadingLabel: string;
  empty: string;
  items: RankedItem[];
}) {
  if (query.isPending) return <LoadingRows rows={5} label={loadingLabel} />;
  if (query.isError) return <ErrorState error={query.error} retry={() => query.refetch()} />;
  if (items.length === 0) return <p className="py-6 text-center text-sm text-slate-500">{empty}</p>;
  return (
    <ol className="space-y-3">
      {items.map((item) => (
        <li key={item.key}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 truncate">{item.label}</span>
            <span className="shrink-0 font-medium tabular-nums text-slate-900">{item.value}</span>
          </div>
          <div className="mt-1 h-1.5 rounded-full bg-slate-100">
            <div
              className="h-full rounded-full bg-brand-500"
              style={{ width: `${Math.max(2, Math.round(item.share * 100))}%` }}
            />
          </div>
          {item.hint && <div className="mt-0.5 text-xs text-slate-500">{item.hint}</div>}
        </li>
      ))}
    </ol>
  );
}
