/**
 * Email performance: sent, delivered, opened, clicked, bounced and complained for a period (with
 * rates), a chart of them per hour or day in the browser's time zone, the best campaigns, every
 * campaign's breakdown and the most frequent events. The period and bucket size live in the URL.
 */

import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { BarChart3 } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useProject } from '../../app/project-context.tsx';
import { Button } from '../../components/Button.tsx';
import { Select, TextInput } from '../../components/Field.tsx';
import { Badge, Card, PageHeader, Stat, type Tone } from '../../components/Layout.tsx';
import { TextLink } from '../../components/Links.tsx';
import { EmptyState, ErrorState, LoadingRows, Skeleton } from '../../components/States.tsx';
import { type Column, Table } from '../../components/Table.tsx';
import { cx } from '../../lib/cx.ts';
import { formatDate, formatNumber, formatPercent } from '../../lib/format.ts';
import { METRICS, type MetricKey, RANGES, rate, resolveRange } from './ranges.ts';

const TimeseriesChart = lazy(() => import('./TimeseriesChart.tsx'));

const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const CHART_HEIGHT = 288;

type CampaignMetric = 'sent' | 'opened' | 'clicked' | 'openRate' | 'clickRate';
const CAMPAIGN_METRICS: Array<{ id: CampaignMetric; label: string }> = [
  { id: 'sent', label: 'Most sent' },
  { id: 'opened', label: 'Most opened' },
  { id: 'clicked', label: 'Most clicked' },
  { id: 'openRate', label: 'Best open rate' },
  { id: 'clickRate', label: 'Best click rate' },
];

const STATUS_TONE: Record<string, Tone> = {
  DRAFT: 'gray',
  SCHEDULED: 'blue',
  SENDING: 'yellow',
  SENT: 'green',
  CANCELLED: 'red',
};

/** A percent from the API (0..100, two decimals) for display. */
const pct = (value: number) => formatPercent(value / 100);
/** A campaign's rate, or a dash while it has sent nothing (0% would read as a result). */
const ratePct = (c: { sent: number }, value: number) =>
  c.sent > 0 ? pct(value) : <span className="text-slate-500">—</span>;

export function AnalyticsPage() {
  const { api, projectId } = useProject();
  const [params, setParams] = useSearchParams();
  const range = resolveRange({
    range: params.get('range'),
    from: params.get('from'),
    to: params.get('to'),
    interval: params.get('interval'),
  });
  const [shown, setShown] = useState<MetricKey[]>(['sent', 'delivered', 'opened', 'clicked']);
  // Start fetching the chart's code with the page, not once the figures have arrived.
  useEffect(() => {
    void import('./TimeseriesChart.tsx');
  }, []);

  const set = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );

  const series = useQuery({
    queryKey: ['project', projectId, 'analytics', 'timeseries', range.interval, range.from ?? null, range.to ?? null],
    queryFn: () =>
      api.get('/analytics/timeseries', {
        query: { interval: range.interval, from: range.from, to: range.to, timezone: TIME_ZONE },
      }),
    enabled: !range.problem,
    placeholderData: keepPreviousData,
  });
  const totals = series.data?.totals;

  return (
    <>
      <PageHeader
        title="Analytics"
        description={`How your email performs. Times are in ${TIME_ZONE.replace(/_/g, ' ')}.`}
        actions={
          <div className="flex items-end gap-2">
            <div className="w-44">
              <Select
                label="Period"
                hideLabel
                value={range.id}
                onChange={(e) =>
                  set({
                    range: e.target.value === '30d' ? undefined : e.target.value,
                    interval: undefined,
                    ...(e.target.value === 'custom'
                      ? {
                          from: params.get('from') ?? range.from,
                          to: params.get('to') ?? new Date().toISOString().slice(0, 10),
                        }
                      : { from: undefined, to: undefined }),
                  })
                }
              >
                {RANGES.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.label}
                  </option>
                ))}
              </Select>
            </div>
            {range.id !== '24h' && range.hourly && (
              <div className="w-32">
                <Select
                  label="Group by"
                  hideLabel
                  value={range.interval}
                  onChange={(e) => set({ interval: e.target.value === 'hour' ? 'hour' : undefined })}
                >
                  <option value="day">By day</option>
                  <option value="hour">By hour</option>
                </Select>
              </div>
            )}
          </div>
        }
      />

      {range.id === 'custom' && (
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <div className="w-44">
            <TextInput
              label="From"
              type="date"
              value={params.get('from') ?? ''}
              onChange={(e) => set({ from: e.target.value })}
            />
          </div>
          <div className="w-44">
            <TextInput
              label="To"
              type="date"
              value={params.get('to') ?? ''}
              onChange={(e) => set({ to: e.target.value })}
            />
          </div>
          {range.problem && (
            <p role="alert" className="pb-2 text-sm text-red-600">
              {range.problem}
            </p>
          )}
        </div>
      )}

      <section aria-label={`Figures, ${range.label}`} className="mb-6">
        <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{range.label}</h2>
        {series.isError ? (
          <ErrorState error={series.error} retry={() => series.refetch()} />
        ) : (
          <div className="grid grid-cols-3 gap-3 lg:grid-cols-6">
            {METRICS.map((m) => {
              const value = totals?.[m.key];
              const share = totals && m.key !== 'sent' ? rate(totals[m.key], totals.sent) : undefined;
              return (
                <Stat
                  key={m.key}
                  label={m.label}
                  value={totals ? formatNumber(value) : <Skeleton className="my-1 h-6 w-12" />}
                  hint={
                    m.key === 'sent' ? (
                      'emails'
                    ) : totals ? (
                      share === null ? (
                        'no emails sent'
                      ) : (
                        `${formatPercent(share)} of sent`
                      )
                    ) : (
                      <Skeleton className="h-3 w-16" />
                    )
                  }
                />
              );
            })}
          </div>
        )}
      </section>

      <Card
        title="Over time"
        className="mb-6"
        actions={
          <fieldset className="flex flex-wrap gap-1">
            <legend className="sr-only">Metrics on the chart</legend>
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
                  {m.label}
                </button>
              );
            })}
          </fieldset>
        }
      >
        <div style={{ height: CHART_HEIGHT }} className={cx(series.isPlaceholderData && 'opacity-60')}>
          {series.data ? (
            <Suspense fallback={<Skeleton className="h-full w-full" />}>
              <TimeseriesChart
                data={series.data.data}
                interval={series.data.interval}
                shown={shown}
                height={CHART_HEIGHT}
              />
            </Suspense>
          ) : series.isError ? null : (
            <Skeleton className="h-full w-full" />
          )}
        </div>
      </Card>

      <div className="mb-6 grid gap-6 lg:grid-cols-2">
        <TopCampaigns />
        <TopEvents from={range.from} to={range.to} label={range.label} />
      </div>
      <CampaignBreakdown />
    </>
  );
}

function TopCampaigns() {
  const { api, projectId } = useProject();
  const [metric, setMetric] = useState<CampaignMetric>('sent');
  const top = useQuery({
    queryKey: ['project', projectId, 'analytics', 'top-campaigns', metric],
    queryFn: () => api.get('/analytics/top-campaigns', { query: { metric, limit: 5 } }),
    placeholderData: keepPreviousData,
  });
  const isRate = metric === 'openRate' || metric === 'clickRate';
  const rows = top.data?.data ?? [];
  const max = Math.max(1, ...rows.map((r) => Number(r[metric])));
  return (
    <Card
      title="Top campaigns"
      actions={
        <div className="w-40">
          <Select
            label="Rank campaigns by"
            hideLabel
            value={metric}
            onChange={(e) => setMetric(e.target.value as CampaignMetric)}
          >
            {CAMPAIGN_METRICS.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </Select>
        </div>
      }
    >
      {top.isPending && <LoadingRows rows={5} label="Loading top campaigns" />}
      {top.isError && <ErrorState error={top.error} retry={() => top.refetch()} />}
      {top.isSuccess && rows.length === 0 && (
        <p className="py-6 text-center text-sm text-slate-500">Campaigns show up here once they have sent.</p>
      )}
      {rows.length > 0 && (
        <ol className="space-y-3">
          {rows.map((c) => {
            const value = Number(c[metric]);
            return (
              <Bar
                key={c.id}
                label={<CampaignLink id={c.id} name={c.name} />}
                value={isRate ? pct(value) : formatNumber(value)}
                share={value / max}
                hint={`${formatNumber(c.sent)} sent · ${pct(c.openRate)} opened · ${pct(c.clickRate)} clicked`}
              />
            );
          })}
        </ol>
      )}
      <p className="mt-3 text-xs text-slate-500">All time.</p>
    </Card>
  );
}

function TopEvents({ from, to, label }: { from?: string; to?: string; label: string }) {
  const { api, projectId, to: link } = useProject();
  // The 24-hour view has no `from`: ask for yesterday and today (whole days).
  const since = from ?? new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const events = useQuery({
    queryKey: ['project', projectId, 'analytics', 'top-events', since, to ?? null],
    queryFn: () => api.get('/analytics/top-events', { query: { from: since, to, limit: 8 } }),
    placeholderData: keepPreviousData,
  });
  const rows = events.data?.data ?? [];
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <Card title="Top events">
      {events.isPending && <LoadingRows rows={5} label="Loading top events" />}
      {events.isError && <ErrorState error={events.error} retry={() => events.refetch()} />}
      {events.isSuccess && rows.length === 0 && (
        <p className="py-6 text-center text-sm text-slate-500">No events tracked in this period.</p>
      )}
      {rows.length > 0 && (
        <ol className="space-y-3">
          {rows.map((e) => (
            <Bar
              key={e.name}
              label={
                <TextLink to={link('events', e.name)} className="font-mono text-[13px]">
                  {e.name}
                </TextLink>
              }
              value={formatNumber(e.count)}
              share={e.count / max}
            />
          ))}
        </ol>
      )}
      <p className="mt-3 text-xs text-slate-500">{label}, custom events only.</p>
    </Card>
  );
}

function Bar({ label, value, share, hint }: { label: ReactNode; value: string; share: number; hint?: string }) {
  return (
    <li>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="min-w-0 truncate">{label}</span>
        <span className="shrink-0 font-medium tabular-nums text-slate-900">{value}</span>
      </div>
      <div className="mt-1 h-1.5 rounded-full bg-slate-100">
        <div
          className="h-full rounded-full bg-brand-500"
          style={{ width: `${Math.max(2, Math.round(share * 100))}%` }}
        />
      </div>
      {hint && <div className="mt-0.5 text-xs text-slate-500">{hint}</div>}
    </li>
  );
}

function CampaignLink({ id, name }: { id: string; name: string }) {
  const { to } = useProject();
  return <TextLink to={to('campaigns', id)}>{name}</TextLink>;
}

type Breakdown = {
  id: string;
  name: string;
  status: string;
  sentAt: string | null;
  recipients: number;
  sent: number;
  deliveryRate: number;
  openRate: number;
  clickRate: number;
  bounceRate: number;
  complaintRate: number;
  unsubscribed: number;
};

function CampaignBreakdown() {
  const { api, projectId } = useProject();
  const list = useInfiniteQuery({
    queryKey: ['project', projectId, 'analytics', 'campaign-stats'],
    queryFn: ({ pageParam }) =>
      api.get('/analytics/campaign-stats', { query: { limit: 20, cursor: pageParam || undefined } }),
    initialPageParam: '',
    getNextPageParam: (last) => (last.hasMore ? last.cursor : undefined),
  });
  const rows: Breakdown[] = list.data?.pages.flatMap((p) => p.data) ?? [];
  const columns: Column<Breakdown>[] = [
    {
      key: 'name',
      header: 'Campaign',
      cell: (c) => (
        <div className="min-w-0 max-w-[16rem]">
          <div className="truncate">
            <CampaignLink id={c.id} name={c.name} />
          </div>
          <div className="text-xs text-slate-500">{c.sentAt ? `Sent ${formatDate(c.sentAt)}` : 'Not sent'}</div>
        </div>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (c) => (
        <Badge tone={STATUS_TONE[c.status] ?? 'gray'}>{c.status.charAt(0) + c.status.slice(1).toLowerCase()}</Badge>
      ),
    },
    { key: 'sent', header: 'Sent', cell: (c) => formatNumber(c.sent), className: 'text-right tabular-nums' },
    {
      key: 'delivered',
      header: 'Delivered',
      cell: (c) => ratePct(c, c.deliveryRate),
      className: 'text-right tabular-nums',
    },
    { key: 'opened', header: 'Opened', cell: (c) => ratePct(c, c.openRate), className: 'text-right tabular-nums' },
    { key: 'clicked', header: 'Clicked', cell: (c) => ratePct(c, c.clickRate), className: 'text-right tabular-nums' },
    { key: 'bounced', header: 'Bounced', cell: (c) => ratePct(c, c.bounceRate), className: 'text-right tabular-nums' },
    {
      key: 'unsubscribed',
      header: 'Unsubscribed',
      cell: (c) => formatNumber(c.unsubscribed),
      className: 'hidden text-right tabular-nums xl:table-cell',
    },
  ];
  return (
    <section aria-labelledby="campaign-breakdown">
      <h2 id="campaign-breakdown" className="mb-3 text-sm font-semibold text-slate-900">
        Campaign performance
      </h2>
      {list.isPending && <LoadingRows rows={4} label="Loading campaign performance" />}
      {list.isError && <ErrorState error={list.error} retry={() => list.refetch()} />}
      {list.isSuccess && rows.length === 0 && (
        <EmptyState
          icon={<BarChart3 className="size-8" aria-hidden />}
          title="No campaigns yet"
          description="Each campaign's deliveries, opens, clicks and bounces appear here once it is sent."
        />
      )}
      {rows.length > 0 && (
        <>
          <Table caption="Campaign performance" columns={columns} rows={rows} rowKey={(c) => c.id} />
          {list.hasNextPage && (
            <div className="mt-3 flex justify-end">
              <Button
                variant="secondary"
                size="sm"
                loading={list.isFetchingNextPage}
                onClick={() => list.fetchNextPage()}
              >
                Load more
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
