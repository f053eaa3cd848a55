/**
 * Per-project rate limit (RATE_LIMIT_PER_MINUTE, default 1000/min). Counted after authentication, so
 * the key is the project whether the caller used a key or a session. Counters live in process, or in
 * Redis when REDIS_URL is set so that every API process shares them.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { tooManyRequests } from '../errors.ts';

/** Registers the limiter on every route; requests with no project (health, signup, login) pass freely. */
export async function registerRateLimit(app: FastifyInstance, config: Pick<Config, 'rateLimitPerMinute' | 'redisUrl'>) {
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: true,
    hook: 'preValidation',
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    enableDraftSpec: true,
    redis,
    nameSpace: 'mailwright-rl:',
    // A Redis outage must not take the API down with it; requests pass unlimited meanwhile.
    skipOnError: true,
    keyGenerator: (req) => req.auth?.projectId ?? '',
    allowList: (req) => req.auth === undefined,
    errorResponseBuilder: (_req, context) =>
      tooManyRequests(`Rate limit of ${context.max} requests per minute exceeded.`, context.ttl / 1000),
  });
}
