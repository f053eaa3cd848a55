/**
 * Jobs on PostgreSQL through Graphile Worker: SKIP LOCKED claiming, LISTEN/NOTIFY wake-ups, cron with
 * exactly-once scheduling across processes, job keys, and enqueue inside the caller's transaction
 * (add_job is a SQL function, so it commits or rolls back with the caller's writes).
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  type TaskList as GraphileTaskList,
  Logger,
  parseCronItems,
  type Runner,
  run,
  runMigrations,
  runOnce,
} from 'graphile-worker';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../db/index.ts';
import {
  type CronEntry,
  DEFAULT_MAX_ATTEMPTS,
  type EnqueueOptions,
  type Jobs,
  lastPerJobKey,
  PermanentJobError,
  type TaskList,
} from './types.ts';

export interface GraphileJobsOptions {
  db: Db;
  pgPool: pg.Pool;
  tasks: () => TaskList;
  cron: CronEntry[];
  log: FastifyBaseLogger;
  concurrency: number;
}

/** Installs or upgrades Graphile Worker's own schema. */
export async function migrateGraphile(pgPool: pg.Pool, log: FastifyBaseLogger): Promise<void> {
  await runMigrations({ pgPool, logger: toGraphileLogger(log) });
}

/** Creates the Graphile-backed Jobs; nothing runs until start() or drain(). */
export function createGraphileJobs(opts: GraphileJobsOptions): Jobs {
  const logger = toGraphileLogger(opts.log);
  let runner: Runner | undefined;

  // A permanent failure ends the job here: the handler recorded the outcome on its row, the log
  // records the failure, and returning completes the job so Graphile does not retry it.
  const taskList = (): GraphileTaskList =>
    Object.fromEntries(
      Object.entries(opts.tasks()).map(([name, handler]) => [
        name,
        async (payload: unknown, helpers) => {
          const context = { jobId: String(helpers.job.id), attempt: helpers.job.attempts };
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
    async enqueueMany(specs, options = {}) {
      if (specs.length === 0) return;
      const rows = lastPerJobKey(specs).map((s) => toJobSpec(s.name, s.payload, s.options));
      await sql`select 1 from graphile_worker.add_jobs(
          array(select json_populate_recordset(null::graphile_worker.job_spec, ${JSON.stringify(rows)}::json)),
          false
        )`.execute(options.trx ?? opts.db);
    },
    async start() {
      if (runner) return;
      runner = await run({
        pgPool: opts.pgPool,
        taskList: taskList(),
        parsedCronItems: parseCronItems(
          opts.cron.map((c) => ({ task: c.task, match: c.pattern, payload: c.payload ?? {}, identifier: c.task })),
        ),
        concurrency: opts.concurrency,
        noHandleSignals: true,
        pollInterval: 1000,
        logger,
      });
    },
    async stop() {
      const r = runner;
      runner = undefined;
      await r?.stop();
    },
    async drain() {
      await runOnce({ pgPool: opts.pgPool, taskList: taskList(), noHandleSignals: true, logger });
    },
  };
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
