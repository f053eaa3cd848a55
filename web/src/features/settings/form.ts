/** Pure helpers of the Settings forms: numbers typed into inputs, and usage against a cap. */

/**
 * An optional whole number typed by a person: '' → null (no value), a whole number → that number,
 * anything else → the text itself, passed on so the API's validation message names the problem.
 */
export function optionalInteger(text: string): number | null | string {
  const t = text.trim().replace(/[\s,_]/g, '');
  if (t === '') return null;
  return /^\d+$/.test(t) ? Number(t) : text;
}

/** The input text for an optional number. */
export function integerText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

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

/** Money in the currency's smallest unit (cents), as people read it. */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() }).format(
      amount / 100,
    );
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}
