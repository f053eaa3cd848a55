/** When a failed message is tried again, and how long a failing endpoint rests (beyond.md §4). */
import { type Backoff, retryDueAt } from '../lib/backoff.ts';
import type { StreakRest } from '../lib/failure-streak.ts';

/** Waits before retry 1, 2, … of a message, exact; after the last retry fails the message is FAILED. */
const MESSAGE_BACKOFF: Backoff = {
  waitsMs: [5_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000, 10 * 3600_000],
  jitter: 0,
};

/** Attempts a message gets: the first and each retry. */
export const MAX_MESSAGE_ATTEMPTS = MESSAGE_BACKOFF.waitsMs.length + 1;

/** When attempt `attempts` (1-based) having failed, the next is due; undefined when none is left. */
export function nextRetryAt(at: Date, attempts: number): Date | undefined {
  if (attempts < 1 || attempts >= MAX_MESSAGE_ATTEMPTS) return undefined;
  return retryDueAt(MESSAGE_BACKOFF, at, attempts);
}

/**
 * How long an endpoint rests after each failure in a row: no message of it is tried until then, so a
 * dead endpoint costs one probe per rest instead of one attempt per message. 5 s doubling to at most
 * a minute, so an endpoint that comes back is found within a minute (its waiting retries are then
 * brought forward).
 */
export const ENDPOINT_REST: StreakRest = { after: 1, firstMs: 5_000, maxMs: 60_000 };

/** An endpoint failing every message this long is disabled. */
export const DISABLE_AFTER_MS = 5 * 24 * 3600_000;
