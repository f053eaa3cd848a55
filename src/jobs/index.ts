/** Picks the job backend that fits the database: Graphile Worker on PostgreSQL, the jobs table on SQLite. */
import type { DatabaseHandle } from '../db/index.ts';
import { createGraphileJobs } from './graphile.ts';
import { createSqliteJobs } from './sqlite-runner.ts';
import type { Jobs, JobsOptions } from './types.ts';

export type { JobsOptions };

export function createJobs(handle: DatabaseHandle, opts: JobsOptions): Jobs {
  if (handle.pgPool) return createGraphileJobs({ ...opts, db: handle.db, pgPool: handle.pgPool });
  return createSqliteJobs({ ...opts, db: handle.db, dialect: handle.dialect });
}
