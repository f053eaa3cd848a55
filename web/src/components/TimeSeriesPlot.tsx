/**
 * The Recharts half of TimeSeriesChart, loaded on demand (React.lazy) so Recharts stays out of the
 * main bundle. The plot is an image to assistive technology; the table TimeSeriesChart renders
 * beside it carries the figures.
 */
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartDateFormats, ChartPoint, ChartSeries } from '../lib/chart-data.ts';
import { formatNumber } from '../lib/format.ts';

export default function TimeSeriesPlot({
  series,
  points,
  height,
  formats,
  description,
}: {
  series: ChartSeries[];
  points: ChartPoint[];
  height: number;
  formats: ChartDateFormats;
  description: string;
}) {
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 800, height }}>
      <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -12 }} role="img" aria-label={description}>
        <defs>
          {series.map((s) => (
            <linearGradient key={s.key} id={`fill-${s.key}`} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={s.color} stopOpacity={0.18} />
              <stop offset="100%" stopColor={s.color} stopOpacity={0} />
            </linearGradient>
          ))}
        </defs>
        <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={(v: string) => formats.tick(v)}
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
          labelFormatter={(label) => formats.full(String(label))}
          formatter={(value, name) => [formatNumber(Number(value)), series.find((s) => s.key === name)?.label ?? name]}
          contentStyle={{ borderRadius: 8, borderColor: '#e2e8f0', fontSize: 12 }}
          itemStyle={{ color: '#334155' }}
        />
        {series.map((s) => (
          <Area
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.key}
            stroke={s.color}
            strokeWidth={2}
            fill={`url(#fill-${s.key})`}
            dot={points.length < 4}
            activeDot={{ r: 4 }}
            isAnimationActive={false}
          />
        ))}
      </AreaChart>
    </ResponsiveContainer>
  );
}
