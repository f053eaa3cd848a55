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
import { type CronEntry, DEFAULT_MAX_ATTEMPTS, type Jobs, type TaskList } from './types.ts';

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

  const taskList = (): GraphileTaskList =>
    Object.fromEntries(
      Object.entries(opts.tasks()).map(([name, handler]) => [
        name,
        async (payload: unknown) => handler((payload ?? {}) as Record<string, unknown>),
      ]),
    );

  return {
    async enqueue(name, payload, options = {}) {
      await sql`select graphile_worker.add_job(
          ${name}::text,
          ${JSON.stringify(payload)}::json,
          run_at => ${options.runAt?.toISOString() ?? null}::timestamptz,
          max_attempts => ${options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS}::int,
          job_key => ${options.jobKey ?? null}::text
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
}

function toGraphileLogger(log: FastifyBaseLogger): Logger {
  return new Logger((scope) => (level, message, meta) => {
    const fields = { ...scope, ...meta };
    if (level === 'error') log.error(fields, message);
    else if (level === 'warning') log.warn(fields, message);
    else log.debug(fields, message);
  });
}
