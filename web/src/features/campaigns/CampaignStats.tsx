/**
 * A campaign's results: the figures (sent, delivered, opened, clicked, bounced, unsubscribed), the
 * funnel from sent to clicked, and the same over time. Follows a sending campaign live.
 */
import { useMemo, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card, Stat } from '../../components/Layout.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/States.tsx';
import { cx } from '../../lib/cx.ts';
import { formatNumber, formatPercent } from '../../lib/format.ts';
import { frameSeries } from './campaign-model.ts';
import { type CampaignStats as Stats, useCampaignStats, useCampaignTimeseries } from './queries.ts';

const COLORS = {
  sent: '#4f46e5',
  delivered: '#0ea5e9',
  opened: '#10b981',
  clicked: '#f59e0b',
  bounced: '#ef4444',
  unsubscribed: '#64748b',
} as const;

type Metric = keyof typeof COLORS;
const LABELS: Record<Metric, string> = {
  sent: 'Sent',
  delivered: 'Delivered',
  opened: 'Opened',
  clicked: 'Clicked',
  bounced: 'Bounced',
  unsubscribed: 'Unsubscribed',
};

const EMPTY_BUCKET = { sent: 0, delivered: 0, opened: 0, clicked: 0, bounced: 0, unsubscribed: 0 };

const share = (part: number, whole: number) => (whole > 0 ? part / whole : undefined);

export function StatFigures({ stats }: { stats: Stats }) {
  const sent = stats.sentCount;
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" data-testid="campaign-figures">
      <Stat label="Sent" value={formatNumber(sent)} hint={`of ${formatNumber(stats.totalRecipients)} recipients`} />
      <Stat
        label="Delivered"
        value={formatNumber(stats.deliveredCount)}
        hint={sent ? `${formatPercent(share(stats.deliveredCount, sent))} of sent` : '—'}
      />
      <Stat
        label="Opened"
        value={formatNumber(stats.openedCount)}
        hint={`${formatPercent(stats.openRate / 100)} open rate`}
      />
      <Stat
        label="Clicked"
        value={formatNumber(stats.clickedCount)}
        hint={`${formatPercent(stats.clickRate / 100)} click rate`}
      />
      <Stat
        label="Bounced"
        value={formatNumber(stats.bouncedCount)}
        hint={`${formatPercent(stats.bounceRate / 100)} bounce rate`}
      />
      <Stat
        label="Unsubscribed"
        value={formatNumber(stats.unsubscribedCount)}
        hint={stats.complainedCount ? `${formatNumber(stats.complainedCount)} marked as spam` : 'No spam reports'}
      />
    </div>
  );
}

export function CampaignResults({ id, live }: { id: string; live: boolean }) {
  const stats = useCampaignStats(id, live);
  if (stats.isPending) {
    return (
      <div className="space-y-4" role="status" aria-label="Loading results">
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <Skeleton key={i} className="h-[92px]" />
          ))}
        </div>
        <Skeleton className="h-80" />
      </div>
    );
  }
  if (stats.isError) return <ErrorState error={stats.error} retry={() => stats.refetch()} />;
  const s = stats.data;
  return (
    <div className="space-y-5">
      <StatFigures stats={s} />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <OverTime id={id} live={live} />
        <Funnel stats={s} />
      </div>
    </div>
  );
}

function Funnel({ stats }: { stats: Stats }) {
  const rows: Array<{ key: Metric; value: number }> = [
    { key: 'sent', value: stats.sentCount },
    { key: 'delivered', value: stats.deliveredCount },
    { key: 'opened', value: stats.openedCount },
    { key: 'clicked', value: stats.clickedCount },
    { key: 'bounced', value: stats.bouncedCount },
    { key: 'unsubscribed', value: stats.unsubscribedCount },
  ];
  const data = rows.map((r) => ({ ...r, name: LABELS[r.key] }));
  return (
    <Card title="From sent to clicked">
      <figure aria-label="Emails at each step, as a bar chart" className="h-72">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={data}
            layout="vertical"
            margin={{ top: 0, right: 24, bottom: 0, left: 8 }}
            role="img"
            aria-label="Bar chart of emails sent, delivered, opened, clicked, bounced and unsubscribed. The figures are in the table that follows."
          >
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11, fill: '#64748b' }} />
            <YAxis type="category" dataKey="name" width={92} tick={{ fontSize: 12, fill: '#334155' }} />
            <Tooltip
              cursor={{ fill: '#f1f5f9' }}
              formatter={(value) => [formatNumber(Number(value)), 'Emails']}
              contentStyle={{ fontSize: 12, borderRadius: 6, borderColor: '#e2e8f0' }}
              itemStyle={{ color: '#334155' }}
            />
            <Bar dataKey="value" radius={[0, 4, 4, 0]} isAnimationActive={false}>
              {data.map((d) => (
                <Cell key={d.key} fill={COLORS[d.key]} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
        <table className="sr-only">
          <caption>Emails at each step</caption>
          <tbody>
            {data.map((d) => (
              <tr key={d.key}>
                <th scope="row">{d.name}</th>
                <td>{formatNumber(d.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
    </Card>
  );
}

const hourFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const dayHourFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric' });
const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

function OverTime({ id, live }: { id: string; live: boolean }) {
  const [interval, setGrouping] = useState<'hour' | 'day' | undefined>(undefined);
  const series = useCampaignTimeseries(id, interval, live);
  const current = series.data?.interval ?? interval ?? 'hour';
  const data = useMemo(
    () => frameSeries(series.data?.data ?? [], current, EMPTY_BUCKET, new Date()),
    [series.data, current],
  );
  const spansDays =
    data.length > 0 && new Date(data[0]!.start).toDateString() !== new Date(data.at(-1)!.start).toDateString();
  const label = (iso: string) =>
    current === 'day'
      ? dayFormat.format(new Date(iso))
      : (spansDays ? dayHourFormat : hourFormat).format(new Date(iso));
  const shown: Metric[] = ['sent', 'delivered', 'opened', 'clicked', 'bounced', 'unsubscribed'];
  // The text alternative lists the buckets with something in them.
  const busy = data.filter((p) => shown.some((m) => p[m] > 0));
  return (
    <Card
      title="Over time"
      actions={
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
              aria-pressed={current === id}
              onClick={() => setGrouping(id)}
              className={cx(
                'rounded px-2 py-0.5',
                current === id ? 'bg-slate-900 text-white' : 'text-slate-600 hover:bg-slate-100',
              )}
            >
              {text}
            </button>
          ))}
        </div>
      }
    >
      {series.isPending ? (
        <Skeleton className="h-72" />
      ) : series.isError ? (
        <ErrorState error={series.error} retry={() => series.refetch()} />
      ) : data.length === 0 ? (
        <div className="flex h-72 items-center justify-center">
          <EmptyState title="Nothing sent yet" description="Sends, opens and clicks appear here as they happen." />
        </div>
      ) : (
        <figure
          aria-label={`Sends, deliveries, opens, clicks, bounces and unsubscribes by ${current}`}
          className="h-72"
        >
          <ResponsiveContainer width="100%" height="100%">
            <LineChart
              data={data}
              margin={{ top: 4, right: 12, bottom: 0, left: -16 }}
              role="img"
              aria-label={`Line chart of emails sent, delivered, opened, clicked, bounced and unsubscribed per ${current}. The figures are in the table that follows.`}
            >
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
              <XAxis dataKey="start" tickFormatter={label} tick={{ fontSize: 11, fill: '#64748b' }} minTickGap={24} />
              <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: '#64748b' }} />
              <Tooltip
                labelFormatter={(v) => label(String(v))}
                contentStyle={{ fontSize: 12, borderRadius: 6, borderColor: '#e2e8f0' }}
                itemStyle={{ color: '#334155' }}
              />
              <Legend
                iconType="circle"
                iconSize={8}
                wrapperStyle={{ fontSize: 12 }}
                itemSorter={(item) => shown.indexOf(item.dataKey as Metric)}
                // The dot carries the series' colour; the words stay dark enough to read.
                formatter={(value) => <span className="text-slate-700">{value}</span>}
              />
              {shown.map((m) => (
                <Line
                  key={m}
                  type="monotone"
                  dataKey={m}
                  name={LABELS[m]}
                  stroke={COLORS[m]}
                  strokeWidth={2}
                  dot={data.length < 4}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
          <table className="sr-only">
            <caption>
              Emails per {current}
              {busy.length < data.length ? ` (only the ${current}s with any)` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">{current === 'day' ? 'Day' : 'Hour'}</th>
                {shown.map((m) => (
                  <th key={m} scope="col">
                    {LABELS[m]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {busy.map((p) => (
                <tr key={p.start}>
                  <th scope="row">{label(p.start)}</th>
                  {shown.map((m) => (
                    <td key={m}>{formatNumber(p[m])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </figure>
      )}
    </Card>
  );
}
