/**
 * Rests after failures in a row: something that keeps failing (a transport, a webhook endpoint) is
 * passed over for a while, so a dead target costs one probe per rest instead of one try per item.
 * The streak itself is counted on the target's row, where every worker's failures add up.
 */

export interface StreakRest {
  /** The failure in a row that starts resting (1: the first). */
  readonly after: number;
  /** The first rest (ms); each further failure doubles it. */
  readonly firstMs: number;
  /** The longest rest (ms). */
  readonly maxMs: number;
}

/** The rest (ms) after the `streak`-th failure in a row; 0 while the streak is short of `after`. */
export function restAfter(rest: StreakRest, streak: number): number {
  if (streak < rest.after) return 0;
  return Math.min(rest.firstMs * 2 ** (streak - rest.after), rest.maxMs);
}

/** Until when a target failing for the `streak`-th time in a row at `at` rests; undefined when it does not. */
export function restUntil(rest: StreakRest, streak: number, at: Date): Date | undefined {
  const ms = restAfter(rest, streak);
  return ms > 0 ? new Date(at.getTime() + ms) : undefined;
}
