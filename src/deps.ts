/**
 * Everything services need, built once per process (or per test) and passed explicitly. This file
 * builds the infrastructure (`CoreDeps`) and names no feature. What features add (their caches,
 * wakers and indexers on `FeatureState`, their hooks for one another on `FeatureHooks`) each feature
 * declares beside the code that builds it, by augmenting the interfaces below, the way Fastify's
 * decorators are typed:
 *
 *   declare module '../deps.ts' { interface FeatureState { keyCache: KeyCache } }
 *
 * The composition root (src/composition.ts) builds every declared part; one it leaves out is a type
 * error there.
 */
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import pino from 'pino';
import type { Config } from './config.ts';
import type { DialectSql } from './db/dialect.ts';
import { type Db, openDatabase } from './db/index.ts';
import { migrateToLatest, withMigrationLock } from './db/migrate.ts';
import { type ChangeFeed, createChangeFeed } from './db/notify.ts';
import { type CacheRegistry, createCacheRegistry } from './db/project-cache.ts';
import { memoryStore, type RateStore } from './http/rate-limit.ts';
import { migrateGraphile } from './jobs/graphile.ts';
import { createJobs } from './jobs/index.ts';
import type { CronEntry, Jobs, TaskList } from './jobs/types.ts';
import { type Batches, createBatches } from './lib/batcher.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { createResolver, type DnsResolver } from './lib/resolver.ts';
import { createServerTransport } from './mail/transports/index.ts';
import type { Transport } from './mail/types.ts';
import { loadSecrets, type Secrets } from './secrets.ts';

/** The infrastructure: everything that names no feature. */
export interface CoreDeps {
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
  /** The process's write batches (lib/batcher.ts): calls sharing one transaction. */
  batches: Batches;
  /** Every cache of the process (db/project-cache.ts): one call forgets a project in all of them. */
  caches: CacheRegistry;
  /** Invalid API keys per client IP and minute, in this process (http/auth.ts, SMTP submission). */
  apiKeyFailures: RateStore;
  /** Where outgoing mail goes (MAIL_TRANSPORT): capture, SMTP pool or SES. */
  transport: Transport;
}

/**
 * The process-wide state features keep (caches, wakers, indexers), each built on the core. Its
 * fields are declared by the features that build them (see the top of this file).
 */
// biome-ignore lint/suspicious/noEmptyInterface: the features' module augmentations fill it.
export interface FeatureState {}

/**
 * What features hand one another (event listeners, contact watchers, usage lookups), built on the core
 * and the state. Its fields are declared by the features that call them (see the top of this file).
 */
// biome-ignore lint/suspicious/noEmptyInterface: the features' module augmentations fill it.
export interface FeatureHooks {}

/** What the hooks are built on: the infrastructure and the feature state. */
export type HookDeps = CoreDeps & FeatureState;

/** What services take (`Pick<Deps, …>` says which parts): the core and every feature's parts. */
export type Deps = CoreDeps & FeatureState & FeatureHooks;

/** What the composition root hands in: every part that names a feature, each built on what precedes it. */
export interface Wiring {
  /** Caches (defined on `core.caches`), wakers and indexers. */
  state(core: CoreDeps): FeatureState;
  hooks(deps: HookDeps): FeatureHooks;
  /** Handlers by job name. */
  tasks(deps: Deps): TaskList;
  cron: CronEntry[];
  /** Ends what the state holds open; run after the jobs stop, before the transport and the database close. */
  stop(deps: Deps): Promise<void>;
}

export interface DepsOptions {
  clock?: Clock;
  log?: FastifyBaseLogger;
  /** Run migrations before returning (default true). */
  migrate?: boolean;
  /** Replaces the configured mail transport (tests); closed with the deps. */
  transport?: Transport;
}

/**
 * Opens the database, builds the infrastructure, then the wiring's state, hooks and task handlers in
 * that order, and migrates.
 */
export async function assembleDeps(
  config: Config,
  wiring: Wiring,
  options: DepsOptions = {},
): Promise<Deps & { close(): Promise<void> }> {
  const log = options.log ?? createLogger(config.logLevel);
  const handle = openDatabase(config);
  // An idle client losing its connection must be logged, not crash the process.
  handle.pgPool?.on('error', (err) => log.error({ err }, 'postgres pool error'));
  handle.pgPool?.on('connect', (client) => client.on('error', (err) => log.error({ err }, 'postgres client error')));
  const clock = options.clock ?? systemClock;
  const changes = createChangeFeed(handle, config.databaseUrl, log);
  // Jobs can be enqueued from the start; the runner looks its handlers up when it runs a job, and
  // they are built last, on the complete deps (no job runs before `start` or `drain`).
  let tasks: TaskList = {};
  const core: CoreDeps = {
    config,
    db: handle.db,
    reader: handle.reader,
    dialect: handle.dialect,
    pgPool: handle.pgPool,
    clock,
    log,
    batches: createBatches(),
    secrets: loadSecrets(config),
    dns: createResolver({ servers: config.dnsServers, timeoutMs: config.dnsTimeoutMs }),
    dnsFresh: createResolver({ servers: config.dnsServers, timeoutMs: config.dnsTimeoutMs, cacheTtlMs: 0 }),
    apiKeyFailures: memoryStore(),
    transport: options.transport ?? createServerTransport(config, handle.db, clock),
    changes,
    caches: createCacheRegistry(changes),
    jobs: createJobs(handle, {
      tasks: () => tasks,
      cron: wiring.cron,
      clock,
      log,
      concurrency: config.workerConcurrency,
      leaseMs: config.jobLeaseMs,
      maxRunMs: config.jobMaxRunMs,
    }),
  };
  const stateful: HookDeps = { ...core, ...wiring.state(core) };
  const deps: Deps = { ...stateful, ...wiring.hooks(stateful) };
  tasks = wiring.tasks(deps);
  try {
    if (options.migrate !== false) await migrate(deps);
  } catch (err) {
    await wiring.stop(deps);
    await deps.transport.close();
    await deps.changes.close();
    await handle.close();
    throw err;
  }
  return Object.assign(deps, {
    async close() {
      await deps.jobs.stop();
      await wiring.stop(deps);
      await deps.transport.close();
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
