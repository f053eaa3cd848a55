/** Everything services need, built once per process (or per test) and passed explicitly. */
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import pino from 'pino';
import type { Config } from './config.ts';
import { createFieldTypeCache, type FieldTypeCache } from './contacts/fields/field-type-cache.ts';
import { createSearchIndexer, type SearchIndexer } from './contacts/search-index.ts';
import type { DialectSql } from './db/dialect.ts';
import { type Db, openDatabase } from './db/index.ts';
import { migrateToLatest, withMigrationLock } from './db/migrate.ts';
import { type ChangeFeed, createChangeFeed } from './db/notify.ts';
import { memoryStore, type RateStore } from './http/rate-limit.ts';
import { migrateGraphile } from './jobs/graphile.ts';
import { createJobs } from './jobs/index.ts';
import { cronEntries, taskList } from './jobs/registry.ts';
import type { Jobs, TaskList } from './jobs/types.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { createResolver, type DnsResolver } from './lib/resolver.ts';
import { createKeyCache, type KeyCache } from './projects/key-cache.ts';
import { loadSecrets, type Secrets } from './secrets.ts';

export interface Deps {
  config: Config;
  db: Db;
  /** Reads outside transactions (see DatabaseHandle.reader). */
  reader: Db;
  dialect: DialectSql;
  pgPool?: pg.Pool;
  jobs: Jobs;
  clock: Clock;
  log: FastifyBaseLogger;
  secrets: Secrets;
  /** The DNS resolver (DNS_SERVERS) shared by domain verification and address verification. */
  dns: DnsResolver;
  /** The same servers without a cache, for checks a user forces ("verify now"). */
  dnsFresh: DnsResolver;
  /** Cross-process change notices (LISTEN/NOTIFY on PostgreSQL). */
  changes: ChangeFeed;
  /** API-key lookups, invalidated through `changes`. */
  keyCache: KeyCache;
  /** Recorded custom field keys per project, invalidated through `changes`. */
  fieldTypes: FieldTypeCache;
  /** Keeps the deferred email search index caught up (SQLite). */
  searchIndex: SearchIndexer;
  /** Invalid API keys per client IP and minute, in this process (http/auth.ts). */
  apiKeyFailures: RateStore;
}

export interface DepsOptions {
  clock?: Clock;
  log?: FastifyBaseLogger;
  /** Replaces the registry's task list (tests that need a task of their own). */
  tasks?: (deps: Deps) => TaskList;
  /** Run migrations before returning (default true). */
  migrate?: boolean;
}

/** Opens the database, migrates it, and wires the job backend that fits it. */
export async function createDeps(
  config: Config,
  options: DepsOptions = {},
): Promise<Deps & { close(): Promise<void> }> {
  const log = options.log ?? createLogger(config.logLevel);
  const handle = openDatabase(config);
  // An idle client losing its connection must be logged, not crash the process.
  handle.pgPool?.on('error', (err) => log.error({ err }, 'postgres pool error'));
  handle.pgPool?.on('connect', (client) => client.on('error', (err) => log.error({ err }, 'postgres client error')));
  const deps = {
    config,
    db: handle.db,
    reader: handle.reader,
    dialect: handle.dialect,
    pgPool: handle.pgPool,
    clock: options.clock ?? systemClock,
    log,
    secrets: loadSecrets(config),
    dns: createResolver({ servers: config.dnsServers, timeoutMs: config.dnsTimeoutMs }),
    dnsFresh: createResolver({ servers: config.dnsServers, timeoutMs: config.dnsTimeoutMs, cacheTtlMs: 0 }),
    apiKeyFailures: memoryStore(),
  } as Deps;
  deps.changes = createChangeFeed(handle, config.databaseUrl, log);
  deps.keyCache = createKeyCache(deps.changes);
  deps.fieldTypes = createFieldTypeCache(deps.changes);
  deps.searchIndex = createSearchIndexer(deps);
  deps.jobs = createJobs(handle, {
    tasks: () => (options.tasks ?? taskList)(deps),
    cron: cronEntries,
    clock: deps.clock,
    log,
    concurrency: config.workerConcurrency,
  });
  try {
    if (options.migrate !== false) await migrate(deps);
  } catch (err) {
    await deps.changes.close();
    await handle.close();
    throw err;
  }
  return Object.assign(deps, {
    async close() {
      await deps.jobs.stop();
      await deps.searchIndex.stop();
      await deps.changes.close();
      await handle.close();
    },
  });
}

/** Applies our migrations and, on PostgreSQL, Graphile Worker's. */
export async function migrate(deps: Pick<Deps, 'db' | 'dialect' | 'pgPool' | 'log'>): Promise<string[]> {
  return withMigrationLock(deps.pgPool, async () => {
    const applied = await migrateToLatest(deps.db, deps.dialect);
    if (deps.pgPool) await migrateGraphile(deps.pgPool, deps.log);
    return applied;
  });
}

/** The process logger (pino); credentials never reach the log. */
export function createLogger(level: string): FastifyBaseLogger {
  return pino({
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  });
}
