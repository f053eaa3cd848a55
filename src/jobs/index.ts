/** Picks the job backend that fits the database: Graphile Worker on PostgreSQL, the jobs table on SQLite. */
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import { createGraphileJobs } from './graphile.ts';
import { createSqliteJobs } from './sqlite-runner.ts';
import type { CronEntry, Jobs, TaskList } from './types.ts';

export interface JobsOptions {
  tasks: () => TaskList;
  cron: CronEntry[];
  clock: Clock;
  log: FastifyBaseLogger;
  concurrency: number;
  /** Lease and run-time limits of the SQLite runner (Graphile Worker has its own). */
  leaseMs: number;
  maxRunMs: number;
}

export function createJobs(handle: DatabaseHandle, opts: JobsOptions): Jobs {
  if (handle.pgPool) return createGraphileJobs({ ...opts, db: handle.db, pgPool: handle.pgPool });
  return createSqliteJobs({ ...opts, db: handle.db, dialect: handle.dialect });
}
