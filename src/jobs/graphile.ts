/**
 * Jobs on PostgreSQL through Graphile Worker: SKIP LOCKED claiming, LISTEN/NOTIFY wake-ups, cron with
 * exactly-once scheduling across processes, job keys, and enqueue inside the caller's transaction
 * (add_job is a SQL function, so it commits or rolls back with the caller's writes).
 */
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import {
  type TaskList as GraphileTaskList,
  Logger,
  parseCronItems,
  type Runner,
  run,
  runMigrations,
  runOnce,
  type WorkerEvents,
} from 'graphile-worker';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../db/index.ts';
import {
  DEFAULT_MAX_ATTEMPTS,
  type EnqueueOptions,
  type Jobs,
  type JobsOptions,
  lastPerJobKey,
  PermanentJobError,
} from './types.ts';

export interface GraphileJobsOptions extends Pick<JobsOptions, 'tasks' | 'cron' | 'log' | 'concurrency'> {
  db: Db;
  pgPool: pg.Pool;
}

/** Installs or upgrades Graphile Worker's own schema. */
export async function migrateGraphile(pgPool: pg.Pool, log: FastifyBaseLogger): Promise<void> {
  await runMigrations({ pgPool, logger: toGraphileLogger(log) });
}

/** Pause before a runner that stopped by itself is started again (and between tries after that). */
const RESTART_MS = 1000;

/**
 * How the runner records a job's outcome. Graphile's default fires `complete_jobs` and `fail_jobs`
 * without awaiting them: a database connection cut while one is under way (a failover,
 * pg_terminate_backend) was an unhandled rejection, which ends the whole process, and a drain or a
 * stop could return before the last outcome was written. Batched (0 ms delay, so no later), a
 * failure is handled (Graphile stops the runner, and start() below starts a new one) and stopping
 * waits for the outcomes.
 */
const RECORD_OUTCOMES = { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } };

/** Creates the Graphile-backed Jobs; nothing runs until start() or drain(). */
export function createGraphileJobs(opts: GraphileJobsOptions): Jobs {
  const logger = toGraphileLogger(opts.log);
  let runner: Runner | undefined;
  let wanted = false;
  let restart: NodeJS.Timeout | undefined;
  let stopping: AbortController | undefined;

  // A permanent failure ends the job here: the handler recorded the outcome on its row, the log
  // records the failure, and returning completes the job so Graphile does not retry it.
  const taskList = (signal?: AbortSignal): GraphileTaskList =>
    Object.fromEntries(
      Object.entries(opts.tasks()).map(([name, handler]) => [
        name,
        async (payload: unknown, helpers) => {
          const context = { jobId: String(helpers.job.id), attempt: helpers.job.attempts, signal };
          try {
            await handler((payload ?? {}) as Record<string, unknown>, context);
          } catch (err) {
            if (!(err instanceof PermanentJobError)) throw err;
            opts.log.error({ job: name, ...context, err: err.message }, 'job failed permanently; not retried');
          }
        },
      ]),
    );

  const jobs: Jobs = {
    async enqueue(name, payload, options = {}) {
      await jobs.enqueueMany([{ name, payload, options }], { trx: options.trx });
    },
    // add_jobs is a SQL function as well: one statement, in the caller's transaction when given one.
    // A run_at already past on the database's clock (ours ran behind, or a test's clock is set in the
    // past) becomes now(): the queue orders by run_at, so a past time would put the job ahead of every
    // job waiting, and a job that comes back to look again (a campaign's finish) would starve for good
    // the job it waits for (delivery).
    async enqueueMany(specs, options = {}) {
      if (specs.length === 0) return;
      const rows = lastPerJobKey(specs).map((s) => toJobSpec(s.name, s.payload, s.options));
      await sql`select 1 from graphile_worker.add_jobs(
          array(select json_populate_recordset(null::graphile_worker.job_spec, (
            select json_agg(case when e->>'run_at' is null then e
              else jsonb_set(e, '{run_at}', to_jsonb(greatest((e->>'run_at')::timestamptz, now()))) end)
            from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) e))),
          false
        )`.execute(options.trx ?? opts.db);
    },
    async start() {
      if (wanted) return;
      wanted = true;
      await startRunner();
    },
    async stop() {
      wanted = false;
      clearTimeout(restart);
      stopping?.abort();
      const r = runner;
      runner = undefined;
      await r?.stop();
    },
    async drain() {
      await runOnce({
        pgPool: opts.pgPool,
        taskList: taskList(),
        noHandleSignals: true,
        logger,
        preset: RECORD_OUTCOMES,
      });
    },
  };

  async function startRunner(): Promise<void> {
    // Aborted once this runner starts to stop, whoever stops it: its long jobs wind down after the
    // work in hand (a runner Graphile stopped by itself is then replaced sooner, too).
    const winding = new AbortController();
    const events: WorkerEvents = new EventEmitter();
    events.on('pool:gracefulShutdown', () => winding.abort());
    const r = await run({
      pgPool: opts.pgPool,
      taskList: taskList(winding.signal),
      events,
      parsedCronItems: parseCronItems(
        opts.cron.map((c) => ({ task: c.task, match: c.pattern, payload: c.payload ?? {}, identifier: c.task })),
      ),
      concurrency: opts.concurrency,
      noHandleSignals: true,
      pollInterval: 1000,
      logger,
      preset: RECORD_OUTCOMES,
    });
    if (!wanted) return r.stop(); // stop() came while this one was starting
    runner = r;
    stopping = winding;
    // Graphile ends a runner for good on errors it cannot recover from (an outcome it could not
    // record, a lost cron connection). A process up without a runner would take no job again: once
    // this one has wound down, a new one starts. A job whose outcome was lost stays locked; the
    // sweeps find its work again from the rows (and its handler is safe to run twice).
    r.promise
      .catch((err: unknown) => opts.log.error({ err }, 'job runner stopped by an error'))
      .then(() => {
        if (runner !== r || !wanted) return;
        runner = undefined;
        opts.log.warn('job runner stopped by itself; starting a new one');
        scheduleRestart();
      });
  }

  function scheduleRestart(): void {
    restart = setTimeout(() => {
      startRunner().then(
        () => runner && opts.log.warn('job runner started again'),
        (err: unknown) => {
          opts.log.error({ err }, 'job runner could not start; trying again');
          if (wanted) scheduleRestart();
        },
      );
    }, RESTART_MS);
  }

  return jobs;
}

/** A row of graphile_worker.job_spec. */
function toJobSpec(name: string, payload: Record<string, unknown>, options: Omit<EnqueueOptions, 'trx'> = {}) {
  return {
    identifier: name,
    payload,
    run_at: options.runAt?.toISOString() ?? null,
    max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    job_key: options.jobKey ?? null,
  };
}

function toGraphileLogger(log: FastifyBaseLogger): Logger {
  return new Logger((scope) => (level, message, meta) => {
    const fields = { ...scope, ...meta };
    if (level === 'error') log.error(fields, message);
    else if (level === 'warning') log.warn(fields, message);
    else log.debug(fields, message);
  });
}
