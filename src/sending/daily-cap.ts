/**
 * A project's cap on marketing mail per local day: a fixed cap, a warm-up cap that grows from
 * its start date, or the smaller of the two. Pure (no I/O).
 */
import { addDays, type CalendarDate, dateText, daysBetween, parseDate } from '../lib/zoned-time.ts';

export interface Warmup {
  /** YYYY-MM-DD: the warm-up's day 0. */
  startedOn: string;
  startPerDay: number;
  growthPercent: number;
}

export interface CapSettings {
  dailyMarketingCap: number | null;
  warmup: Warmup | null;
}

function dateOf(text: string, field: string): CalendarDate {
  const date = parseDate(text);
  if (!date) throw new RangeError(`${field} ${JSON.stringify(text)} is not a YYYY-MM-DD date`);
  return date;
}

/**
 * The most marketing mail `date` (YYYY-MM-DD) may carry, a whole number; null when neither cap is
 * set. Warm-up day d allows floor(startPerDay × (1 + growthPercent/100)^d), d counted from
 * startedOn (earlier dates are day 0), at most Number.MAX_SAFE_INTEGER. RangeError for a bad date.
 */
export function capOn(date: string, settings: CapSettings): number | null {
  const day = dateOf(date, 'date');
  const { dailyMarketingCap: fixed, warmup } = settings;
  if (!warmup) return fixed;
  const d = Math.max(0, daysBetween(dateOf(warmup.startedOn, 'warmup.startedOn'), day));
  const grown = warmup.startPerDay * (1 + warmup.growthPercent / 100) ** d;
  // The power is inexact (100 × 1.13 is 112.99999999999999): dropping the last digits' noise
  // keeps whole products whole before flooring. Past 2^53 (Infinity included) the cap stops.
  const warm = Math.min(Math.floor(Number(grown.toPrecision(15))), Number.MAX_SAFE_INTEGER);
  return fixed === null ? warm : Math.min(fixed, warm);
}

/** The caps of `days` consecutive dates from `date` (YYYY-MM-DD) on. */
export function capsFrom(date: string, days: number, settings: CapSettings): { date: string; cap: number | null }[] {
  const first = dateOf(date, 'date');
  return Array.from({ length: Math.max(0, days) }, (_, i) => {
    const text = dateText(addDays(first, i));
    return { date: text, cap: capOn(text, settings) };
  });
}
