import { describe, expect, it } from 'vitest';
import { formatMoney, levelOf, usageRatio } from './usage.ts';

describe('usage and money helpers', () => {
  it('measures usage against a cap and grades it', () => {
    expect(usageRatio(50, null)).toBeNull();
    expect(usageRatio(50, 100)).toBe(0.5);
    expect(usageRatio(500, 100)).toBe(1);
    expect(usageRatio(0, 0)).toBe(0);
    expect(usageRatio(1, 0)).toBe(1);
    expect(levelOf(null)).toBe('ok');
    expect(levelOf(0.5)).toBe('ok');
    expect(levelOf(0.8)).toBe('warn');
    expect(levelOf(1)).toBe('over');
  });

  it('formats cents in their currency', () => {
    expect(formatMoney(1999, 'usd')).toMatch(/19\.99/);
    expect(formatMoney(500, 'zzz_not_a_currency')).toBe('5.00 ZZZ_NOT_A_CURRENCY');
  });
});
