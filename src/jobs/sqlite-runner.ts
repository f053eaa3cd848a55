/**
 * The embedded job runner on the `jobs` table: jobs survive restarts because they are rows; a job is
 * claimed with a lease that its runner renews while the handler runs, so two loops never run it at
 * once; a sweep takes back jobs whose lease ran out (the worker died, or the handler hung past its
 * run time) and runs them again; failures retry with backoff. Meant for the embedded scale (SQLite);
 * PostgreSQL uses Graphile Worker.
 */

import { hostname } from 'node:os';
import type { DialectSql } from '../db/dialect.ts';
import type { Db } from '../db/index.ts';
import { newId } from '../lib/ids.ts';
import { keepLeaseAlive } from '../lib/lease-keeper.ts';
import { lastMatch, parseCron } from './cron.ts';
import * as repo from './jobs.repo.ts';
import {
  DEFAULT_MAX_ATTEMPTS,
  type Jobs,
  type JobsOptions,
  lastPerJobKey,
  PermanentJobError,
  retryDelayMs,
} from './types.ts';

export interface SqliteJobsOptions extends JobsOptions {
  db: Db;
  dialect: DialectSql;
  pollMs?: number;
}

const CRON_CHECK_MS = 15_000;
const DRAIN_LIMIT = 100_000;

type Claimed = NonNullable<Awaited<ReturnType<typeof repo.claimJob>>>;

/** Creates the SQLite-backed Jobs; nothing runs until start() or drain(). */
export function createSqliteJobs(opts: SqliteJobsOptions): Jobs {
  const { db, clock, log } = opts;
  const worker = `${hostname()}:${process.pid}:${newId().slice(-8)}`;
  const cron = opts.cron.map((c) => ({ ...c, matcher: parseCron(c.pattern) }));
  const active = new Set<Promise<void>>();
  let running = false;
  let stopping = new AbortController();
  let pollTimer: NodeJS.Timeout | undefined;
  let cronTimer: NodeJS.Timeout | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;

  const leaseFrom = (now: Date) => new Date(now.getTime() + opts.leaseMs);

  /** Runs bookkeeping whose failure must not end the process: logged, and the sweep repairs the row. */
  async function guarded(what: string, job: Claimed, fn: () => Promise<unknown>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      log.error(
        { err, job: job.name, jobId: job.id },
        `could not record ${what} of a job; its lease will lapse and it runs again`,
      );
    }
  }

  /** Renews the lease until stopped or until the run time is up. */
  function keepLease(job: Claimed, lock: repo.JobLock): () => void {
    return keepLeaseAlive(
      () => guarded('the lease renewal', job, () => repo.renewJobLease(db, lock, leaseFrom(clock.now()))),
      {
        leaseMs: opts.leaseMs,
        maxMs: opts.maxRunMs,
      },
    );
  }

  /** The handler's outcome, or 'overran' once the run time is up (the handler is left to itself). */
  function withRunLimit(run: Promise<void>): Promise<'done' | 'overran'> {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<'overran'>((resolve) => {
      timer = setTimeout(() => resolve('overran'), opts.maxRunMs);
      timer.unref();
    });
    // A handler that fails after being given up must not become an unhandled rejection.
    run.catch(() => {});
    return Promise.race([run.then(() => 'done' as const), limit]).finally(() => clearTimeout(timer));
  }

  /** Runs one claimed job; `signal` is the runner's stop (none in a drain, which runs to the end, as Graphile's does). */
  async function execute(job: Claimed, signal?: AbortSignal): Promise<void> {
    const handler = opts.tasks()[job.name];
    const lock = { id: job.id, worker, attempt: job.attempts };
    const stopRenewing = keepLease(job, lock);
    try {
      if (!handler) throw new PermanentJobError(`no handler registered for job "${job.name}"`);
      const payload = (typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload) as Record<
        string,
        unknown
      >;
      if ((await withRunLimit(handler(payload, { jobId: job.id, attempt: job.attempts, signal }))) === 'overran') {
        log.error(
          { job: job.name, jobId: job.id, maxRunMs: opts.maxRunMs },
          'job ran past its time; it will be retried',
        );
        return;
      }
      await guarded('the completion', job, () => repo.deleteJob(db, lock));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const retry = job.attempts < job.maxAttempts && !(err instanceof PermanentJobError);
      const runAt = retry ? new Date(clock.now().getTime() + retryDelayMs(job.attempts)) : undefined;
      log.warn(
        { job: job.name, jobId: job.id, attempts: job.attempts, err: message },
        retry ? 'job will retry' : 'job failed',
      );
      await guarded('the failure', job, () => repo.updateJobFailure(db, lock, message, runAt, clock.now()));
    } finally {
      stopRenewing();
    }
  }

  const claim = () => {
    const now = clock.now();
    return repo.claimJob(db, opts.dialect, worker, now, leaseFrom(now));
  };

  // Claims one due job at a time (SQLite serialises writers anyway) and keeps claiming while
  // slots are free; every finished job looks for the next.
  let claiming: Promise<void> | undefined;
  function fill(): void {
    if (!running || claiming || active.size >= opts.concurrency) return;
    claiming = claim()
      .then((job) => {
        claiming = undefined;
        if (!job) return;
        const p: Promise<void> = execute(job, stopping.signal).finally(() => {
          active.delete(p);
          fill();
        });
        active.add(p);
        fill();
      })
      .catch((err) => {
        claiming = undefined;
        log.error({ err }, 'job claim failed');
      });
  }

  function schedulePoll(): void {
    if (!running) return;
    pollTimer = setTimeout(() => {
      fill();
      schedulePoll();
    }, opts.pollMs ?? 500);
  }

  async function checkCron(): Promise<void> {
    const now = clock.now();
    for (const entry of cron) {
      const at = lastMatch(entry.matcher, now, 60);
      if (!at) continue;
      // Claim and enqueue together, so a crash between them cannot lose or double the run.
      await db.transaction().execute(async (trx) => {
        if (await repo.claimCronRun(trx, entry.task, at)) {
          const job = { name: entry.task, payload: entry.payload ?? {}, runAt: now, jobKey: `cron:${entry.task}` };
          await repo.insertJob(trx, { ...job, maxAttempts: DEFAULT_MAX_ATTEMPTS }, now);
        }
      });
    }
  }

  async function sweep(): Promise<void> {
    const taken = await repo.takeBackExpiredJobs(db, clock.now());
    if (taken > 0) log.warn({ taken }, 'took back jobs whose lease ran out');
  }

  function every(ms: number, task: () => Promise<void>, what: string, set: (t: NodeJS.Timeout) => void): void {
    if (!running) return;
    set(
      setTimeout(() => {
        task()
          .catch((err) => log.error({ err }, `${what} failed`))
          .finally(() => every(ms, task, what, set));
      }, ms),
    );
  }

  const enqueueMany: Jobs['enqueueMany'] = async (specs, options = {}) => {
    const now = clock.now();
    const jobs = lastPerJobKey(specs).map((s) => ({
      name: s.name,
      payload: s.payload,
      // A time already past is now, as on Graphile (jobs/graphile.ts): never ahead of the jobs waiting.
      runAt: s.options?.runAt && s.options.runAt > now ? s.options.runAt : now,
      maxAttempts: s.options?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      jobKey: s.options?.jobKey,
    }));
    await repo.insertJobs(options.trx ?? db, jobs, now);
    // A look for them at once, even from inside a transaction: the claim runs on the one writer
    // connection, so it waits for that transaction to end and sees the rows if it committed (a
    // rolled-back enqueue costs one empty look). Waiting for the next poll cost each queued job up
    // to 500 ms (a CSV import started a quarter of a second late on average).
    setImmediate(fill);
  };

  return {
    enqueue: (name, payload, options = {}) => enqueueMany([{ name, payload, options }], { trx: options.trx }),
    enqueueMany,
    async start() {
      if (running) return;
      await sweep();
      running = true;
      stopping = new AbortController();
      await checkCron();
      fill();
      schedulePoll();
      every(CRON_CHECK_MS, checkCron, 'cron check', (t) => {
        cronTimer = t;
      });
      every(Math.max(50, Math.floor(opts.leaseMs / 2)), sweep, 'job sweep', (t) => {
        sweepTimer = t;
      });
    },
    async stop() {
      running = false;
      stopping.abort();
      clearTimeout(pollTimer);
      clearTimeout(cronTimer);
      clearTimeout(sweepTimer);
      // A claim in flight may still hand over a job (already locked): wait for it, then for every job.
      await claiming;
      await Promise.allSettled([...active]);
    },
    async drain() {
      await sweep();
      for (let i = 0; i < DRAIN_LIMIT; i++) {
        const job = await claim();
        if (!job) return;
        await execute(job);
      }
      throw new Error(`drain ran ${DRAIN_LIMIT} jobs without emptying the queue`);
    },
  };
}
