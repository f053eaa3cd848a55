/**
 * Per-project rate limit (RATE_LIMIT_PER_MINUTE, default 1000 a minute), a fixed window per project.
 * Counted after authentication, so the key is the project whether the caller used a key or a session;
 * requests with no project (health, signup, login) are not counted. Counters live in process, or in
 * Redis when REDIS_URL is set so that every API process shares them.
 *
 * Written here rather than with @fastify/rate-limit: on the authenticated hot path that plugin cost
 * about 15% of throughput (bench/auth-overhead.ts), and a window counter needs very little.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { tooManyRequests } from '../errors.ts';

const WINDOW_MS = 60_000;

export interface RateStore {
  /** Counts one request for `key` and answers the window's count and its end (epoch ms). */
  hit(key: string, now: number): Promise<{ count: number; resetAt: number }> | { count: number; resetAt: number };
  close(): Promise<void>;
}

/** In-process counters; expired windows are swept once a window so the map stays small. */
export function memoryStore(): RateStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;
  return {
    hit(key, now) {
      if (now >= nextSweep) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        nextSweep = now + WINDOW_MS;
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + WINDOW_MS };
        windows.set(key, w);
      }
      w.count += 1;
      return w;
    },
    async close() {},
  };
}

// INCR and set the expiry in one atomic step, answering the count and the time left.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }`;

/** Counters shared through Redis by every API process. */
export function redisStore(url: string): RateStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
  redis.on('error', () => {
    // Reported per request below; the client reconnects by itself.
  });
  return {
    async hit(key, now) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, `mailwright:rl:${key}`, WINDOW_MS)) as [number, number];
      return { count, resetAt: now + ttl };
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** Counters in Redis when REDIS_URL is set (shared by every API process), else in this process. */
export function createRateStore(config: Pick<Config, 'redisUrl'>): RateStore {
  return config.redisUrl ? redisStore(config.redisUrl) : memoryStore();
}

/** Where a client stands after one more request: over the limit or not, what is left, when it resets. */
export interface RateCount {
  over: boolean;
  remaining: number;
  resetSeconds: number;
}

/**
 * Counts one request under `key` against `max` a window. Undefined when the store fails: an outage of
 * Redis must not take the service down with it, so requests pass unlimited meanwhile (logged).
 */
export async function countRequest(
  store: RateStore,
  key: string,
  max: number,
  log: FastifyBaseLogger,
): Promise<RateCount | undefined> {
  const now = Date.now();
  let hit: { count: number; resetAt: number };
  try {
    hit = await store.hit(key, now);
  } catch (err) {
    log.warn({ err }, 'rate-limit store unavailable');
    return undefined;
  }
  return {
    over: hit.count > max,
    remaining: Math.max(0, max - hit.count),
    resetSeconds: Math.max(0, Math.ceil((hit.resetAt - now) / 1000)),
  };
}

/** Registers the limiter for every route; a store failure lets requests through (and is logged). */
export function registerRateLimit(app: FastifyInstance, config: Pick<Config, 'rateLimitPerMinute' | 'redisUrl'>): void {
  const store = createRateStore(config);
  const max = config.rateLimitPerMinute;
  const limit = String(max);
  app.addHook('onClose', async () => store.close());
  app.addHook('preValidation', async (req: FastifyRequest, reply: FastifyReply) => {
    const projectId = req.auth?.projectId;
    if (!projectId) return;
    const count = await countRequest(store, projectId, max, req.log);
    if (!count) return;
    reply.header('ratelimit-limit', limit);
    reply.header('ratelimit-remaining', String(count.remaining));
    reply.header('ratelimit-reset', String(count.resetSeconds));
    if (count.over) throw tooManyRequests(`Rate limit of ${max} requests per minute exceeded.`, count.resetSeconds);
  });
}
