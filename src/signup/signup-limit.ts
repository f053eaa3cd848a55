/**
 * The sign-up rate (beyond.md §2): 30 a minute per client address per project, counted in a store
 * of its own (in process, or Redis when REDIS_URL is set). POST /v1/subscribe and the hosted form
 * share the count, so together they stay within it.
 */
import { tooManyRequests } from '../errors.ts';
import type { RateStore } from '../http/rate-limit.ts';

export const SIGNUPS_PER_MINUTE = 30;

/** Counts one sign-up of the client address for the project; 429 RATE_LIMIT_EXCEEDED past the rate. */
export async function countSignup(store: RateStore, projectId: string, ip: string): Promise<void> {
  const now = Date.now();
  const hit = await store.hit(`signup:${projectId}:${ip}`, now);
  if (hit.count > SIGNUPS_PER_MINUTE) {
    const message = `At most ${SIGNUPS_PER_MINUTE} sign-ups per minute from one address.`;
    throw tooManyRequests(message, (hit.resetAt - now) / 1000);
  }
}
