/**
 * Everything services need, built once per process (or per test) and passed explicitly. This file
 * builds the infrastructure only; whatever names a feature (its state, jobs, event listeners, usage
 * lookups) is handed in by the composition root, src/composition.ts, so nothing here imports a feature.
 */
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import pino from 'pino';
import type { Config } from './config.ts';
import type { ContactWatcher } from './contacts/contact-watchers.ts';
import type { FieldTypeCache } from './contacts/fields/field-type-cache.ts';
import type { FieldUsageLookup } from './contacts/fields/field-usage.ts';
import type { SearchIndexer } from './contacts/search-index.ts';
import type { DialectSql } from './db/dialect.ts';
import { type Db, openDatabase } from './db/index.ts';
import { migrateToLatest, withMigrationLock } from './db/migrate.ts';
import { type ChangeFeed, createChangeFeed } from './db/notify.ts';
import type { EventUsageLookup } from './events/event-usage.ts';
import type { EventListener } from './events/events.service.ts';
import type { RateStore } from './http/rate-limit.ts';
import { migrateGraphile } from './jobs/graphile.ts';
import { createJobs } from './jobs/index.ts';
import type { CronEntry, Jobs, TaskList } from './jobs/types.ts';
import { type Batches, createBatches } from './lib/batcher.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { createResolver, type DnsResolver } from './lib/resolver.ts';
import { createTransport } from './mail/transports/index.ts';
import type { Transport } from './mail/types.ts';
import type { KeyCache } from './projects/key-cache.ts';
import { loadSecrets, type Secrets } from './secrets.ts';
import type { TrackedSegmentsCache } from './segments/tracked-cache.ts';
import type { DeliveryWaker } from './sending/sending.jobs.ts';
import type { TemplateUsageLookup } from './templates/template-usage.ts';
import type { WorkflowTriggerCache } from './workflows/trigger-cache.ts';
import type { WorkflowWaker } from './workflows/waker.ts';

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
  /** API-key lookups, invalidated through `changes`. */
  keyCache: KeyCache;
  /** Recorded custom field keys per project, invalidated through `changes`. */
  fieldTypes: FieldTypeCache;
  /** Keeps the deferred email search index caught up (SQLite). */
  searchIndex: SearchIndexer;
  /** Run by recordEvents inside the transaction that stores events. */
  eventListeners: readonly EventListener[];
  /** Told which contacts a contact write changed (contacts/contact-watchers.ts). */
  contactWatchers: readonly ContactWatcher[];
  /** Which projects have segments that track membership, invalidated through `changes`. */
  trackedSegments: TrackedSegmentsCache;
  /** Which workflows each project's events start and which events its waits want, invalidated through `changes`. */
  workflowTriggers: WorkflowTriggerCache;
  /** Wakes the workflow engine once a transaction that made executions due commits (workflows/waker.ts). */
  workflowWaker: WorkflowWaker;
  /** Where custom fields are referenced (segments, campaigns, workflows). */
  fieldUsage: readonly FieldUsageLookup[];
  /** Where templates are referenced (campaigns, workflows). */
  templateUsage: readonly TemplateUsageLookup[];
  /** Where event names are referenced (segments, workflows). */
  eventUsage: readonly EventUsageLookup[];
  /** Invalid API keys per client IP and minute, in this process (http/auth.ts). */
  apiKeyFailures: RateStore;
  /** Wakes delivery after outbox rows were stored (sending/sending.jobs.ts). */
  deliveryWaker: DeliveryWaker;
  /** Where outgoing mail goes (MAIL_TRANSPORT): capture, SMTP pool or SES. */
  transport: Transport;
}

/** The process-wide state features keep, built on the infrastructure. */
export type FeatureState = Pick<
  Deps,
  | 'keyCache'
  | 'fieldTypes'
  | 'searchIndex'
  | 'apiKeyFailures'
  | 'deliveryWaker'
  | 'trackedSegments'
  | 'workflowTriggers'
  | 'workflowWaker'
>;

/** The infrastructure the feature state is built on. */
export type CoreDeps = Omit<
  Deps,
  keyof FeatureState | 'jobs' | 'eventListeners' | 'contactWatchers' | 'fieldUsage' | 'templateUsage' | 'eventUsage'
>;

/** What the composition root hands in: every part that names a feature. The functions taking `Deps` get them complete. */
export interface Wiring {
  state(core: CoreDeps): FeatureState;
  /** Handlers by job name. */
  tasks(deps: Deps): TaskList;
  cron: CronEntry[];
  eventListeners(deps: Deps): EventListener[];
  contactWatchers(deps: Deps): ContactWatcher[];
  fieldUsage(deps: Deps): FieldUsageLookup[];
  templateUsage(deps: Deps): TemplateUsageLookup[];
  eventUsage(deps: Deps): EventUsageLookup[];
}

export interface DepsOptions {
  clock?: Clock;
  log?: FastifyBaseLogger;
  /** Run migrations before returning (default true). */
  migrate?: boolean;
  /** Replaces the configured mail transport (tests); closed with the deps. */
  transport?: Transport;
}

/** Opens the database, builds the infrastructure and the wiring's parts on it, and migrates. */
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
  const deps = {
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
  } as Deps;
  deps.changes = createChangeFeed(handle, config.databaseUrl, log);
  Object.assign(deps, wiring.state(deps));
  deps.jobs = createJobs(handle, {
    tasks: () => wiring.tasks(deps),
    cron: wiring.cron,
    clock: deps.clock,
    log,
    concurrency: config.workerConcurrency,
    leaseMs: config.jobLeaseMs,
    maxRunMs: config.jobMaxRunMs,
  });
  deps.eventListeners = wiring.eventListeners(deps);
  deps.contactWatchers = wiring.contactWatchers(deps);
  deps.fieldUsage = wiring.fieldUsage(deps);
  deps.templateUsage = wiring.templateUsage(deps);
  deps.eventUsage = wiring.eventUsage(deps);
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
