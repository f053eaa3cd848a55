/** `part` as a percent of `whole`, to two decimals; 0 when `whole` is 0 (nothing sent: no rate). */
export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 10000) / 100;
}
