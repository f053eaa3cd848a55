/**
 * Everything services need, built once per process (or per test) and passed explicitly. This file
 * builds the infrastructure only; whatever names a feature (its state, jobs, event listeners, usage
 * lookups) is handed in by the composition root, src/composition.ts. Of features it imports only the
 * types of their state and hooks, from files that import no service (so none of them leads back here).
 */
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import pino from 'pino';
import type { Config } from './config.ts';
import type { ContactWatcher } from './contacts/contact-watchers.ts';
import type { SearchIndexer } from './contacts/search-index.ts';
import type { DialectSql } from './db/dialect.ts';
import { type Db, openDatabase } from './db/index.ts';
import { migrateToLatest, withMigrationLock } from './db/migrate.ts';
import { type ChangeFeed, createChangeFeed } from './db/notify.ts';
import { type CacheRegistry, createCacheRegistry, type ProjectCache } from './db/project-cache.ts';
import type { VerifiedDomainCache } from './domains/verified-cache.ts';
import type { EventListener } from './events/event-listener.ts';
import type { RateStore } from './http/rate-limit.ts';
import { migrateGraphile } from './jobs/graphile.ts';
import { createJobs } from './jobs/index.ts';
import type { CronEntry, Jobs, TaskList } from './jobs/types.ts';
import type { Waker } from './jobs/waker.ts';
import { type Batches, createBatches } from './lib/batcher.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { createResolver, type DnsResolver } from './lib/resolver.ts';
import type { UsageLookup } from './lib/usage.ts';
import { createTransport } from './mail/transports/index.ts';
import type { Transport } from './mail/types.ts';
import type { KeyCache } from './projects/key-cache.ts';
import { loadSecrets, type Secrets } from './secrets.ts';
import type { TrackedSet } from './segments/tracked-cache.ts';
import type { TopicCache } from './topics/topic-cache.ts';
import type { ProjectTransports } from './transports/senders.ts';
import type { Announcer } from './webhooks/webhook-types.ts';
import type { WorkflowTriggers } from './workflows/trigger-cache.ts';

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
  /** The process's write batches (lib/batcher.ts): calls sharing one transaction. */
  batches: Batches;
  /** Every cache of the process (db/project-cache.ts): one call forgets a project in all of them. */
  caches: CacheRegistry;
  /** API-key lookups and sending settings, forgotten through `changes`. */
  keyCache: KeyCache;
  /** Recorded custom field keys per project, forgotten through `changes`. */
  fieldTypes: ProjectCache<Set<string>>;
  /** Each project's topics (ids, names, defaults), forgotten through `changes`. */
  topics: TopicCache;
  /** Each project's VERIFIED sending domains, forgotten through `changes`. */
  verifiedDomains: VerifiedDomainCache;
  /** Keeps the deferred email search index caught up (SQLite). */
  searchIndex: SearchIndexer;
  /** Run by recordEvents inside the transaction that stores events. */
  eventListeners: readonly EventListener[];
  /** Told which contacts a contact write changed (contacts/contact-watchers.ts). */
  contactWatchers: readonly ContactWatcher[];
  /** Which projects have segments that track membership, forgotten through `changes`. */
  trackedSegments: ProjectCache<TrackedSet>;
  /** Which workflows each project's events start and which events its waits want, forgotten through `changes`. */
  workflowTriggers: ProjectCache<WorkflowTriggers>;
  /** Wakes the workflow engine once a transaction that made executions due commits (workflows/waker.ts). */
  workflowWaker: Waker;
  /** Where custom fields are referenced (segments, campaigns, workflows). */
  fieldUsage: readonly UsageLookup[];
  /** Where templates are referenced (campaigns, workflows). */
  templateUsage: readonly UsageLookup[];
  /** Where event names are referenced (segments, workflows). */
  eventUsage: readonly UsageLookup[];
  /** Invalid API keys per client IP and minute, in this process (http/auth.ts). */
  apiKeyFailures: RateStore;
  /** Wakes delivery once stored outbox rows have committed (jobs/waker.ts). */
  deliveryWaker: Waker;
  /** Projects this process saw at their send rate, until their window ends (sending/rate.ts). */
  sendRateBlocks: Map<string, number>;
  /** Where outgoing mail goes (MAIL_TRANSPORT): capture, SMTP pool or SES. */
  transport: Transport;
  /** Projects' own transports (beyond.md §7): their definitions, forgotten through `changes`, and this process's pools. */
  transports: ProjectTransports;
  /** Writes event-webhook messages in the transaction of the change that causes them (webhooks/webhook-types.ts). */
  webhooks: Announcer;
  /** Wakes webhook delivery once stored messages have committed (jobs/waker.ts). */
  webhookWaker: Waker;
}

/** The process-wide state features keep, built on the infrastructure. */
export type FeatureState = Pick<
  Deps,
  | 'keyCache'
  | 'fieldTypes'
  | 'topics'
  | 'verifiedDomains'
  | 'searchIndex'
  | 'apiKeyFailures'
  | 'deliveryWaker'
  | 'sendRateBlocks'
  | 'transports'
  | 'trackedSegments'
  | 'workflowTriggers'
  | 'workflowWaker'
  | 'webhooks'
  | 'webhookWaker'
>;

/** What features hand one another: event listeners, contact watchers and usage lookups. */
export type Hooks = Pick<Deps, 'eventListeners' | 'contactWatchers' | 'fieldUsage' | 'templateUsage' | 'eventUsage'>;

/** The infrastructure: everything that names no feature. */
export type CoreDeps = Omit<Deps, keyof FeatureState | keyof Hooks>;

/** What the hooks are built on: the infrastructure and the feature state. */
export type HookDeps = CoreDeps & FeatureState;

/** What the composition root hands in: every part that names a feature, each built on what precedes it. */
export interface Wiring {
  /** Caches (defined on `core.caches`), wakers and indexers. */
  state(core: CoreDeps): FeatureState;
  hooks(deps: HookDeps): Hooks;
  /** Handlers by job name. */
  tasks(deps: Deps): TaskList;
  cron: CronEntry[];
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
    transport: options.transport ?? createTransport(config, handle.db, clock),
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
    await deps.transport.close();
    await deps.changes.close();
    await handle.close();
    throw err;
  }
  return Object.assign(deps, {
    async close() {
      await deps.jobs.stop();
      await deps.searchIndex.stop();
      await deps.transport.close();
      await deps.transports.close();
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
