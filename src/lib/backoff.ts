/**
 * Retry schedules: the wait before retry 1, 2, … of something that failed, the last wait repeating,
 * each stretched at random within ±`jitter` so rows that failed together do not come back in one burst.
 */

export interface Backoff {
  /** Wait (ms) before retry 1, 2, …; a retry past the end waits the last. */
  readonly waitsMs: readonly number[];
  /** The share a wait is stretched by at random, either way (0.1: ±10 %); 0 keeps waits exact. */
  readonly jitter: number;
}

/** A schedule written in minutes, the way most are. */
export function backoffMinutes(minutes: readonly number[], jitter: number): Backoff {
  return { waitsMs: minutes.map((m) => m * 60_000), jitter };
}

/** The wait (ms) before retry `retry` (1-based; below 1 counts as 1), jittered with `random` (0 ≤ r < 1). */
export function backoffWait(backoff: Backoff, retry: number, random: () => number = Math.random): number {
  const { waitsMs, jitter } = backoff;
  const wait = waitsMs[Math.max(1, Math.min(retry, waitsMs.length)) - 1]!;
  return jitter === 0 ? wait : wait * (1 - jitter + random() * 2 * jitter);
}

/** When retry `retry` is due after a failure at `at`. */
export function retryDueAt(backoff: Backoff, at: Date, retry: number, random: () => number = Math.random): Date {
  return new Date(at.getTime() + backoffWait(backoff, retry, random));
}
