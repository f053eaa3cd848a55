// Invariant: the chart's table lists exactly the buckets with a figure, written in the zone the
// buckets were cut in.
import { describe, expect, it } from 'vitest';
import { busyPoints, type ChartPoint, chartDateFormats, figure } from './chart-data.ts';

const series = [
  { key: 'sent', label: 'Sent', color: '#000' },
  { key: 'opened', label: 'Opened', color: '#111' },
];

describe('busyPoints', () => {
  it('keeps the buckets where any shown series is above zero', () => {
    const points: ChartPoint[] = [
      { date: '2024-03-01T00:00:00Z', sent: 0, opened: 0 },
      { date: '2024-03-02T00:00:00Z', sent: 0, opened: 2 },
      { date: '2024-03-03T00:00:00Z', sent: 5, opened: 0, clicked: 9 },
    ];
    expect(busyPoints(points, series).map((p) => p.date)).toEqual(['2024-03-02T00:00:00Z', '2024-03-03T00:00:00Z']);
  });

  it('ignores figures of series that are not shown', () => {
    expect(busyPoints([{ date: '2024-03-01T00:00:00Z', clicked: 3 }], series)).toEqual([]);
  });
});

describe('figure', () => {
  it('reads a missing or non-numeric figure as zero', () => {
    expect(figure({ date: 'x', sent: 4 }, 'sent')).toBe(4);
    expect(figure({ date: 'x' }, 'sent')).toBe(0);
    expect(figure({ date: 'x', sent: 'a' }, 'sent')).toBe(0);
  });
});

describe('chartDateFormats', () => {
  it('writes a day bucket in the given zone, so UTC midnight stays on its own day', () => {
    const f = chartDateFormats('day', 'UTC', 'en-US');
    expect(f.tick('2024-03-04T00:00:00Z')).toBe('Mar 4');
    expect(f.full('2024-03-04T00:00:00Z')).toBe('Mon, Mar 4, 2024');
  });

  it('writes an hour bucket with its hour in the given zone', () => {
    const f = chartDateFormats('hour', 'America/New_York', 'en-US');
    expect(f.tick('2024-03-04T20:00:00Z')).toBe('3 PM');
  });
});
