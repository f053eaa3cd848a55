// Invariant: each project has one request budget per minute (RATE_LIMIT_PER_MINUTE), spent by every
// request scoped to it whether it came with a key or a session, announced in RateLimit-* headers and
// enforced with a 429 envelope plus Retry-After; requests with no project are never limited; with
// REDIS_URL set, every API process draws on the same budget.

import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { expectError, probeRoutes } from './support.ts';

const LIMIT = 5;
const REDIS_URL = 'redis://127.0.0.1:6379/15';

/** True when something accepts TCP connections on the port within half a second. */
function reachable(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host, timeout: 500 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

// In CI a missing Redis must fail the shared-budget test, not skip it.
const runRedis = (await reachable(6379)) || Boolean(process.env.CI);

describe.each(DIALECTS)('per-project rate limit on %s', (dialect) => {
  const t = useTestEnv({ dialect, env: { RATE_LIMIT_PER_MINUTE: String(LIMIT) }, app: { plugins: [probeRoutes] } });
  const hit = (authorization: string, app = t.app) => app.inject({ url: '/probe', headers: { authorization } });

  it('announces the limit, the remaining budget and the reset on every project request', async () => {
    const p = await t.make.project();
    const first = await hit(p.auth);
    const second = await hit(p.auth);
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-limit']).toBe(String(LIMIT));
    expect(first.headers['ratelimit-remaining']).toBe(String(LIMIT - 1));
    expect(second.headers['ratelimit-remaining']).toBe(String(LIMIT - 2));
    const reset = Number(first.headers['ratelimit-reset']);
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(60);
  });

  it('answers the request after the budget with 429 RATE_LIMIT_EXCEEDED and Retry-After', async () => {
    const p = await t.make.project();
    for (let i = 0; i < LIMIT; i++) {
      expect((await hit(p.auth)).statusCode).toBe(200);
    }
    const res = await hit(p.auth);
    expectError(res, 429, 'RATE_LIMIT_EXCEEDED');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(res.headers['ratelimit-remaining']).toBe('0');
  });

  it('counts the public key against the same project budget as the secret key', async () => {
    const p = await t.make.project();
    for (let i = 0; i < LIMIT; i++) {
      await t.app.inject({ method: 'POST', url: '/probe-track', headers: { authorization: `Bearer ${p.publicKey}` } });
    }
    expectError(await hit(p.auth), 429, 'RATE_LIMIT_EXCEEDED');
  });

  it('gives a second project its own budget', async () => {
    const busy = await t.make.project();
    const idle = await t.make.project();
    for (let i = 0; i <= LIMIT; i++) await hit(busy.auth);
    const res = await hit(idle.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['ratelimit-remaining']).toBe(String(LIMIT - 1));
  });

  it('counts session requests to a project toward the same budget as its key', async () => {
    const p = await t.make.project();
    const session = { cookie: p.owner.cookie, 'x-project-id': p.id };
    for (let i = 0; i < 3; i++) await hit(p.auth);
    const viaSession = await t.app.inject({ url: '/probe', headers: session });
    expect(viaSession.statusCode).toBe(200);
    expect(viaSession.headers['ratelimit-remaining']).toBe(String(LIMIT - 4));
    await t.app.inject({ url: '/probe', headers: session });
    expectError(await t.app.inject({ url: '/probe', headers: session }), 429, 'RATE_LIMIT_EXCEEDED');
    expectError(await hit(p.auth), 429, 'RATE_LIMIT_EXCEEDED');
  });

  it('never limits requests that are not scoped to a project', async () => {
    for (let i = 0; i < LIMIT * 3; i++) {
      const res = await t.app.inject({ url: '/health' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBeUndefined();
    }
  });

  it('does not spend the budget on requests that fail authentication', async () => {
    for (let i = 0; i < LIMIT * 2; i++) {
      expectError(await hit('Bearer sk_nope'), 401, 'INVALID_API_KEY');
    }
    const p = await t.make.project();
    expect((await hit(p.auth)).statusCode).toBe(200);
  });

  it('keeps a separate budget in each process when no Redis is configured', async () => {
    const p = await t.make.project();
    const other = await buildApp(t.deps, { plugins: [probeRoutes] });
    try {
      for (let i = 0; i < LIMIT; i++) await hit(p.auth);
      const res = await hit(p.auth, other);
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-remaining']).toBe(String(LIMIT - 1));
    } finally {
      await other.close();
    }
  });
});

describe.runIf(runRedis).each(DIALECTS)('rate limit shared through Redis on %s', (dialect) => {
  const t = useTestEnv({
    dialect,
    env: { RATE_LIMIT_PER_MINUTE: String(LIMIT), REDIS_URL },
    app: { plugins: [probeRoutes] },
  });
  const hit = (authorization: string, app = t.app) => app.inject({ url: '/probe', headers: { authorization } });

  it('makes two app instances draw on one budget per project', async () => {
    // A fresh project id (UUIDv7) is a fresh Redis key, so earlier runs cannot interfere.
    const p = await t.make.project();
    const other = await buildApp(t.deps, { plugins: [probeRoutes] });
    try {
      const apps = [t.app, other];
      for (let i = 0; i < LIMIT; i++) {
        const res = await hit(p.auth, apps[i % 2]!);
        expect(res.statusCode).toBe(200);
        expect(res.headers['ratelimit-remaining']).toBe(String(LIMIT - 1 - i));
      }
      expectError(await hit(p.auth), 429, 'RATE_LIMIT_EXCEEDED');
      expectError(await hit(p.auth, other), 429, 'RATE_LIMIT_EXCEEDED');
    } finally {
      await other.close();
    }
  });
});
