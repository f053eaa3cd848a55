/** When a failed message is tried again, and how long a failing endpoint rests (beyond.md §4). */

/** Waits before retry 1, 2, … of a message; after the last retry fails the message is FAILED. */
const RETRY_AFTER_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000, 10 * 3600_000];

/** Attempts a message gets: the first and each retry. */
export const MAX_MESSAGE_ATTEMPTS = RETRY_AFTER_MS.length + 1;

/** When attempt `attempts` (1-based) having failed, the next is due; undefined when none is left. */
export function nextRetryAt(at: Date, attempts: number): Date | undefined {
  const wait = RETRY_AFTER_MS[attempts - 1];
  return wait === undefined ? undefined : new Date(at.getTime() + wait);
}

/**
 * How long an endpoint rests after its `streak`-th failure in a row: no message of it is tried until
 * then, so a dead endpoint costs one probe per rest instead of one attempt per message. Short, so an
 * endpoint that comes back is found within a minute (its waiting retries are then brought forward).
 */
export function restFor(streak: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, streak - 1), 60_000);
}

/** An endpoint failing every message this long is disabled. */
export const DISABLE_AFTER_MS = 5 * 24 * 3600_000;
