/** Settings of the server process: where it listens and stores data, and the limits each request meets. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Static, Type } from 'typebox';
import { type Env, Setting } from './settings.ts';

export const DatabaseKind = Type.Enum(['sqlite', 'postgres']);
export type DatabaseKind = Static<typeof DatabaseKind>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export const ServerSettings = Type.Object({
  port: Setting.int('PORT', 3000, 0, 65535),
  host: Setting.text('HOST', '0.0.0.0'),
  dataDir: Setting.path('DATA_DIR', './data'),
  /** PostgreSQL connection string; undefined on SQLite. */
  databaseUrl: Setting.optionalText('DATABASE_URL', {
    pattern: '^(postgres(ql)?://|sqlite:)',
    problem: 'must be a postgres:// URL (or sqlite:<path>; leave unset for DATA_DIR/mailwright.db)',
    quote: false,
  }),
  /** Derived: PostgreSQL for a postgres:// DATABASE_URL, else SQLite. */
  databaseKind: DatabaseKind,
  /** Derived: the SQLite file (a sqlite: DATABASE_URL, or DATA_DIR/mailwright.db); undefined on PostgreSQL. */
  sqlitePath: Type.Optional(Type.String()),
  /** Connections in the PostgreSQL pool of each process (Graphile Worker shares it). */
  pgPoolSize: Setting.int('DATABASE_POOL_SIZE', 10, 2, 500),
  /** The public address used in links; default http://localhost:PORT. */
  baseUrl: Setting.url('BASE_URL'),
  /** The built dashboard (index.html and assets/); served at `/` when present. */
  webDistDir: Setting.path('WEB_DIST_DIR', fileURLToPath(new URL('../../web/dist', import.meta.url))),
  redisUrl: Setting.optionalText('REDIS_URL', {
    pattern: '^rediss?://',
    problem: 'must be a redis:// URL',
    quote: false,
  }),
  logLevel: Setting.choice('LOG_LEVEL', LOG_LEVELS, 'info'),
  trustProxy: Setting.flag('TRUST_PROXY', false),
  rateLimitPerMinute: Setting.int('RATE_LIMIT_PER_MINUTE', 1000, 1, 1_000_000),
  /** Invalid API keys one client IP may send per minute before further invalid ones get 429. */
  apiKeyFailuresPerMinute: Setting.int('API_KEY_FAILURES_PER_MINUTE', 20, 1, 1_000_000),
  /** JSON bodies nested deeper than this many containers are refused with 422 (http/input-guard.ts). */
  bodyMaxDepth: Setting.int('BODY_MAX_DEPTH', 32, 2, 256),
  /** JSON body objects with more keys than this are refused with 422. */
  bodyMaxKeys: Setting.int('BODY_MAX_KEYS', 1000, 10, 10_000),
  /** Bearer token /metrics requires; unset: /metrics answers loopback clients only. */
  metricsToken: Setting.secret('METRICS_TOKEN', 16),
  /**
   * How far the JS heap may grow past what the last full collection kept before V8 collects again,
   * in percent (main.ts); 0 leaves V8's own factor, which grows up to 4x while allocation is fast.
   * Derived as 0 when NODE_OPTIONS gives node its own --heap-growing-percent.
   */
  heapGrowingPercent: Setting.int('HEAP_GROWING_PERCENT', 50, 0, 1000),
});
export type ServerConfig = Static<typeof ServerSettings>;

/**
 * Derives the database kind and SQLite path from DATABASE_URL, and the default base URL from PORT. A
 * --heap-growing-percent in NODE_OPTIONS wins over HEAP_GROWING_PERCENT (main.ts then sets none).
 */
export function finishServer(c: ServerConfig, env: Env): void {
  if (env.NODE_OPTIONS?.includes('heap-growing-percent')) c.heapGrowingPercent = 0;
  const url = c.databaseUrl;
  c.databaseKind = url && /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
  if (c.databaseKind === 'sqlite') {
    c.sqlitePath = url ? path.resolve(url.slice('sqlite:'.length)) : path.join(c.dataDir, 'mailwright.db');
    c.databaseUrl = undefined;
  } else c.sqlitePath = undefined;
  c.baseUrl ??= `http://localhost:${c.port}`;
}
