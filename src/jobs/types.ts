/** The one job interface every feature uses, whichever backend (SQLite runner or Graphile Worker) runs it. */
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';

export interface EnqueueOptions {
  /** Not before this time; default now. */
  runAt?: Date;
  /** At most one pending job per key: enqueueing again replaces the pending job's payload and time. */
  jobKey?: string;
  /** Attempts before the job is marked failed; default 10 (Graphile's default is 25). */
  maxAttempts?: number;
  /** Enqueue inside this transaction, so the job exists only if the caller's writes commit. */
  trx?: Executor;
}

/** One job of a bulk enqueue. */
export interface JobSpec {
  name: string;
  payload: Record<string, unknown>;
  options?: Omit<EnqueueOptions, 'trx'>;
}

export interface Jobs {
  enqueue(name: string, payload: Record<string, unknown>, options?: EnqueueOptions): Promise<void>;
  /**
   * Enqueues many jobs in one statement (one transaction): all or none. Of several specs with the
   * same job key, the last one counts.
   */
  enqueueMany(specs: JobSpec[], options?: { trx?: Executor }): Promise<void>;
  /** Starts polling and the cron scheduler (a `serve` or `worker` process). */
  start(): Promise<void>;
  /** Stops taking work and waits for running jobs to finish. */
  stop(): Promise<void>;
  /** Runs every due job (and the ones they enqueue) until none is due; for tests and one-shot runs. */
  drain(): Promise<void>;
}

/** What a handler knows about the run it is in. */
export interface JobContext {
  /** The queue's id of the job (SQLite `jobs.id`, Graphile's job id). */
  jobId: string;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /**
   * Aborted once the runner starts to stop (the process got SIGTERM). stop() waits for running jobs,
   * so a long run should take no new work then and return; what it leaves is found again from the rows.
   */
  signal?: AbortSignal;
}

/** A job handler; it must be safe to run twice (re-read state from rows, never trust the payload's copy). */
export type TaskHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;
export type TaskList = Record<string, TaskHandler>;

/** A recurring job: standard 5-field cron pattern in UTC. */
export interface CronEntry {
  task: string;
  pattern: string;
  payload?: Record<string, unknown>;
}

export const DEFAULT_MAX_ATTEMPTS = 10;

/**
 * Thrown by a handler for a failure no retry can fix (a file that cannot be parsed, a row that no
 * longer makes sense): the job is not retried. The handler records the outcome on its own row first.
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** The specs with, per job key, only the last one (both backends refuse a key twice in one statement). */
export function lastPerJobKey(specs: JobSpec[]): JobSpec[] {
  const lastIndex = new Map<string, number>();
  specs.forEach((s, i) => {
    if (s.options?.jobKey) lastIndex.set(s.options.jobKey, i);
  });
  return specs.filter((s, i) => !s.options?.jobKey || lastIndex.get(s.options.jobKey) === i);
}

/** Exponential backoff used by the SQLite runner, close to Graphile's (exp(min(attempts, 10)) seconds). */
export function retryDelayMs(attempts: number): number {
  return Math.round(Math.exp(Math.min(attempts, 10)) * 1000);
}

/** What either backend is built with. */
export interface JobsOptions {
  /** Handlers by job name, read when a job runs (they are built on the deps that hold the jobs). */
  tasks: () => TaskList;
  cron: CronEntry[];
  clock: Clock;
  log: FastifyBaseLogger;
  concurrency: number;
  /** How long a claim of the SQLite runner holds unless renewed (Graphile Worker has its own). */
  leaseMs: number;
  /** A handler running longer stops renewing: its job is taken back once the lease runs out (SQLite runner). */
  maxRunMs: number;
}
