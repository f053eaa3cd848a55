/**
 * The email metrics over time as a Recharts area chart, one series per chosen metric. The chart is
 * an image to assistive technology (arrow keys still move its tooltip); a visually hidden table
 * carries the same figures.
 */
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '../../lib/format.ts';
import { type Interval, METRICS, type MetricKey } from './ranges.ts';

export interface Point {
  start: string;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  bounced: number;
  complained: number;
}

const dayTick = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const hourTick = new Intl.DateTimeFormat(undefined, { hour: 'numeric' });
const dayFull = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const hourFull = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export default function TimeseriesChart({
  data,
  interval,
  shown,
  height,
}: {
  data: Point[];
  interval: Interval;
  shown: MetricKey[];
  height: number;
}) {
  const tick = (iso: string) => (interval === 'hour' ? hourTick : dayTick).format(new Date(iso));
  const full = (iso: string) => (interval === 'hour' ? hourFull : dayFull).format(new Date(iso));
  const metrics = METRICS.filter((m) => shown.includes(m.key));
  // The table lists the buckets with something in them: a year of empty days says nothing.
  const busy = data.filter((p) => metrics.some((m) => p[m.key] > 0));
  const per = interval === 'hour' ? 'hour' : 'day';
  return (
    <>
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 800, height }}>
        <AreaChart
          data={data}
          margin={{ top: 8, right: 8, bottom: 0, left: -12 }}
          role="img"
          aria-label={
            metrics.length > 0
              ? `Chart of emails ${metrics.map((m) => m.label.toLowerCase()).join(', ')} per ${per}. The figures are in the table that follows.`
              : 'Empty chart: no metric is chosen.'
          }
        >
          <defs>
            {METRICS.map((m) => (
              <linearGradient key={m.key} id={`fill-${m.key}`} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={m.color} stopOpacity={0.18} />
                <stop offset="100%" stopColor={m.color} stopOpacity={0} />
              </linearGradient>
            ))}
          </defs>
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="start"
            tickFormatter={tick}
            tick={{ fontSize: 12, fill: '#64748b' }}
            tickLine={false}
            axisLine={{ stroke: '#cbd5e1' }}
            minTickGap={24}
          />
          <YAxis
            allowDecimals={false}
            tick={{ fontSize: 12, fill: '#64748b' }}
            tickLine={false}
            axisLine={false}
            tickFormatter={(v: number) => formatNumber(v)}
          />
          <Tooltip
            labelFormatter={(label) => full(String(label))}
            formatter={(value, name) => [
              formatNumber(Number(value)),
              METRICS.find((m) => m.key === name)?.label ?? name,
            ]}
            contentStyle={{ borderRadius: 8, borderColor: '#e2e8f0', fontSize: 12 }}
            itemStyle={{ color: '#334155' }}
          />
          {metrics.map((m) => (
            <Area
              key={m.key}
              type="monotone"
              dataKey={m.key}
              name={m.key}
              stroke={m.color}
              strokeWidth={2}
              fill={`url(#fill-${m.key})`}
              dot={false}
              activeDot={{ r: 4 }}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      </ResponsiveContainer>
      <table className="sr-only">
        <caption>
          Emails per {per}
          {busy.length < data.length ? ` (only the ${per}s with any)` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">{interval === 'hour' ? 'Hour' : 'Day'}</th>
            {metrics.map((m) => (
              <th key={m.key} scope="col">
                {m.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {busy.length === 0 ? (
            <tr>
              <td colSpan={metrics.length + 1}>No emails in this period.</td>
            </tr>
          ) : (
            busy.map((p) => (
              <tr key={p.start}>
                <th scope="row">{full(p.start)}</th>
                {metrics.map((m) => (
                  <td key={m.key}>{formatNumber(p[m.key])}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </>
  );
}
