import { beforeAll, describe, expect, it } from 'vitest';
import { startEnglishForTests } from '../../i18n/test-i18n.ts';
import { isoDay, rate, resolveRange } from './ranges.ts';

beforeAll(startEnglishForTests);

const now = new Date(2025, 2, 15, 13, 30); // 15 March 2025, 13:30 local

describe('analytics ranges', () => {
  it('defaults to the last 30 days by day', () => {
    expect(resolveRange({}, now)).toMatchObject({ id: '30d', interval: 'day', from: '2025-02-14', hourly: false });
    expect(resolveRange({ range: 'nonsense' }, now).id).toBe('30d');
  });

  it('uses hour buckets for 24 hours, and offers them up to 7 days', () => {
    expect(resolveRange({ range: '24h' }, now)).toEqual({
      id: '24h',
      interval: 'hour',
      hourly: true,
      label: 'Last 24 hours',
    });
    expect(resolveRange({ range: '7d' }, now)).toMatchObject({ interval: 'day', from: '2025-03-09', hourly: true });
    expect(resolveRange({ range: '7d', interval: 'hour' }, now).interval).toBe('hour');
    expect(resolveRange({ range: '90d', interval: 'hour' }, now)).toMatchObject({ interval: 'day', hourly: false });
    expect(resolveRange({ range: '365d' }, now).from).toBe('2024-03-16');
  });

  it('takes custom dates, both days included, and explains bad ones', () => {
    expect(
      resolveRange({ range: 'custom', from: '2025-03-01', to: '2025-03-03', interval: 'hour' }, now),
    ).toMatchObject({ from: '2025-03-01', to: '2025-03-03', interval: 'hour', hourly: true });
    const long = resolveRange({ range: 'custom', from: '2025-01-01', to: '2025-03-03', interval: 'hour' }, now);
    expect(long).toMatchObject({ interval: 'day', hourly: false });
    expect(long.problem).toBeUndefined();
    expect(resolveRange({ range: 'custom', from: '2025-03-05', to: '2025-03-01' }, now).problem).toMatch(/before/);
    expect(resolveRange({ range: 'custom', from: '2023-01-01', to: '2025-03-01' }, now).problem).toMatch(/year/);
    expect(resolveRange({ range: 'custom' }, now).problem).toMatch(/Pick/);
  });

  it('formats local days and rates', () => {
    expect(isoDay(new Date(2025, 0, 5))).toBe('2025-01-05');
    expect(rate(1, 4)).toBe(0.25);
    expect(rate(0, 0)).toBeNull();
  });
});
