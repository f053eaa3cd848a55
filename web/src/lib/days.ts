/** Local calendar days (`YYYY-MM-DD`, what a date input gives) as the instants the API takes. */

/** A local calendar date as the instant its day starts, or (`nextDay`) the next day's: an exclusive end. */
export function localDayStart(date: string, nextDay = false): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + (nextDay ? 1 : 0));
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}
