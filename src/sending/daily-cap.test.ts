// Invariant: a day's marketing cap is the smaller of the fixed cap and the warm-up's
// floor(start × (1 + growth)^day), a whole number that never overflows; null when neither is set.
import { describe, expect, it } from 'vitest';
import { type CapSettings, capOn, capsFrom } from './daily-cap.ts';

const warmup = { startedOn: '2026-03-01', startPerDay: 100, growthPercent: 50 };
const warmOnly: CapSettings = { dailyMarketingCap: null, warmup };

describe('daily cap', () => {
  it('grows the warm-up cap from day 0, counting earlier dates as day 0', () => {
    expect(capOn('2026-03-01', warmOnly)).toBe(100);
    expect(capOn('2026-03-02', warmOnly)).toBe(150);
    // 100 × 1.5^10 = 5766.50390625
    expect(capOn('2026-03-11', warmOnly)).toBe(5766);
    expect(capOn('2026-02-20', warmOnly)).toBe(100);
  });

  it('holds the smaller of the fixed cap and the warm-up cap', () => {
    const both = { dailyMarketingCap: 120, warmup };
    expect([capOn('2026-03-01', both), capOn('2026-03-02', both), capOn('2026-03-11', both)]).toEqual([100, 120, 120]);
    expect(capOn('2026-03-11', { dailyMarketingCap: 5000, warmup: null })).toBe(5000);
    expect(capOn('2026-03-11', { dailyMarketingCap: null, warmup: null })).toBeNull();
  });

  it('gives whole numbers: exact products stay whole, huge ones stop at MAX_SAFE_INTEGER', () => {
    // In floating point 100 × 1.13 is 112.99999999999999.
    expect(capOn('2026-03-02', { dailyMarketingCap: null, warmup: { ...warmup, growthPercent: 13 } })).toBe(113);
    expect(capOn('2300-01-01', warmOnly)).toBe(Number.MAX_SAFE_INTEGER);
    expect(capOn('2300-01-01', { dailyMarketingCap: 1_000_000, warmup })).toBe(1_000_000);
  });

  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(() => capOn('2026-02-30', warmOnly)).toThrow(RangeError);
    expect(() => capOn('2026-03-01', { dailyMarketingCap: null, warmup: { ...warmup, startedOn: 'soon' } })).toThrow(
      RangeError,
    );
  });

  it('lists consecutive dates across a month end', () => {
    expect(capsFrom('2026-02-28', 3, warmOnly)).toEqual([
      { date: '2026-02-28', cap: 100 },
      { date: '2026-03-01', cap: 100 },
      { date: '2026-03-02', cap: 150 },
    ]);
    expect(capsFrom('2026-02-28', 0, warmOnly)).toEqual([]);
  });
});
