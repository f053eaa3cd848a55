/** Pure helpers of the billing and security settings: usage against a cap, and money. */
import { activeLanguage } from '../../lib/format.ts';

/** Use of a capped amount, 0..1 (capped at 1), or null when there is no cap. */
export function usageRatio(used: number, cap: number | null): number | null {
  if (cap === null) return null;
  if (cap <= 0) return used > 0 ? 1 : 0;
  return Math.min(1, used / cap);
}

/** The tone of a usage bar or rate: calm below 75 % of the limit, a warning up to it, alarm at or past it. */
export function levelOf(ratio: number | null): 'ok' | 'warn' | 'over' {
  if (ratio === null || ratio < 0.75) return 'ok';
  return ratio < 1 ? 'warn' : 'over';
}

/** Money in the currency's smallest unit (cents), as people read it in the dashboard's language. */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(activeLanguage(), { style: 'currency', currency: currency.toUpperCase() }).format(
      amount / 100,
    );
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}
