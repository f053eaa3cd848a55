/**
 * The embedded job runner on the `jobs` table: jobs survive restarts because they are rows, a job is
 * locked before it runs so two loops never run it at once (a lock is released only once its worker is
 * dead), and failures retry with backoff. Meant for one worker process per SQLite database (the
 * embedded scale); PostgreSQL uses Graphile Worker.
 */
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import { lastMatch, parseCron } from './cron.ts';
import * as repo from './jobs.repo.ts';
import { type CronEntry, DEFAULT_MAX_ATTEMPTS, type Jobs, retryDelayMs, type TaskList } from './types.ts';

export interface SqliteJobsOptions {
  db: Db;
  tasks: () => TaskList;
  cron: CronEntry[];
  clock: Clock;
  log: FastifyBaseLogger;
  concurrency: number;
  pollMs?: number;
}

const CRON_CHECK_MS = 15_000;
const DRAIN_LIMIT = 100_000;

/** Runners of this process that have not stopped; a lock naming another worker of this pid is left over. */
const liveWorkers = new Set<string>();

/**
 * Whether the worker named in a lock (`host:pid:suffix`) may still be running. SQLite is one host's file,
 * so a lock from another host name (a container recreated under a new name) is left over too.
 */
export function isWorkerAlive(worker: string): boolean {
  const m = /^(.*):(\d+):[^:]+$/.exec(worker);
  if (!m || m[1] !== hostname()) return false;
  const pid = Number(m[2]);
  // A restarted container often gets its old pid back: then only this process's own runners count.
  if (pid === process.pid) return liveWorkers.has(worker);
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates the SQLite-backed Jobs; nothing runs until start() or drain(). */
export function createSqliteJobs(opts: SqliteJobsOptions): Jobs {
  const { db, clock, log } = opts;
  const worker = `${hostname()}:${process.pid}:${newId().slice(-8)}`;
  liveWorkers.add(worker);
  const cron = opts.cron.map((c) => ({ ...c, matcher: parseCron(c.pattern) }));
  const active = new Set<Promise<void>>();
  let running = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let cronTimer: NodeJS.Timeout | undefined;

  type Claimed = NonNullable<Awaited<ReturnType<typeof repo.claimJob>>>;

  async function execute(job: Claimed): Promise<void> {
    const handler = opts.tasks()[job.name];
    try {
      if (!handler) throw new Error(`no handler registered for job "${job.name}"`);
      const payload = typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload;
      await handler(payload as Record<string, unknown>);
      await repo.deleteJob(db, job.id);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const retry = job.attempts < job.maxAttempts && handler !== undefined;
      const runAt = retry ? new Date(clock.now().getTime() + retryDelayMs(job.attempts)) : undefined;
      log.warn(
        { job: job.name, jobId: job.id, attempts: job.attempts, err: message },
        retry ? 'job will retry' : 'job failed',
      );
      await repo.updateJobFailure(db, job.id, message, runAt, clock.now());
    }
  }

  // Claims one due job at a time (SQLite serialises writers anyway) and keeps claiming while
  // slots are free; every finished job looks for the next.
  let claiming: Promise<void> | undefined;
  function fill(): void {
    if (!running || claiming || active.size >= opts.concurrency) return;
    claiming = repo
      .claimJob(db, worker, clock.now())
      .then((job) => {
        claiming = undefined;
        if (!job) return;
        const p: Promise<void> = execute(job).finally(() => {
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
          await repo.insertJob(
            trx,
            {
              name: entry.task,
              payload: entry.payload ?? {},
              runAt: now,
              maxAttempts: DEFAULT_MAX_ATTEMPTS,
              jobKey: `cron:${entry.task}`,
            },
            now,
          );
        }
      });
    }
  }

  // Only a dead worker's locks are released: another live runner's jobs must not run a second time.
  async function releaseDeadLocks(): Promise<void> {
    const dead = (await repo.listLockOwners(db)).filter((w) => !isWorkerAlive(w));
    const released = await repo.releaseLocks(db, dead);
    if (released > 0) log.warn({ released, workers: dead }, 'released jobs locked by a dead process');
  }

  function scheduleCron(): void {
    if (!running) return;
    cronTimer = setTimeout(() => {
      releaseDeadLocks()
        .then(checkCron)
        .catch((err) => log.error({ err }, 'cron check failed'))
        .finally(scheduleCron);
    }, CRON_CHECK_MS);
  }

  return {
    async enqueue(name, payload, options = {}) {
      const now = clock.now();
      await repo.insertJob(
        options.trx ?? db,
        {
          name,
          payload,
          runAt: options.runAt ?? now,
          maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          jobKey: options.jobKey,
        },
        now,
      );
      // Inside a transaction the row is not visible yet; the next poll picks it up.
      if (!options.trx) setImmediate(fill);
    },
    async start() {
      if (running) return;
      liveWorkers.add(worker);
      await releaseDeadLocks();
      running = true;
      await checkCron();
      fill();
      schedulePoll();
      scheduleCron();
    },
    async stop() {
      running = false;
      clearTimeout(pollTimer);
      clearTimeout(cronTimer);
      // A claim in flight may still hand over a job (already locked): wait for it, then for every job.
      await claiming;
      await Promise.allSettled([...active]);
      liveWorkers.delete(worker);
    },
    async drain() {
      for (let i = 0; i < DRAIN_LIMIT; i++) {
        const job = await repo.claimJob(db, worker, clock.now());
        if (!job) return;
        await execute(job);
      }
      throw new Error(`drain ran ${DRAIN_LIMIT} jobs without emptying the queue`);
    },
  };
}
