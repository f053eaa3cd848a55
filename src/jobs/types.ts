/** The one job interface every feature uses, whichever backend (SQLite runner or Graphile Worker) runs it. */
import type { Executor } from '../db/index.ts';

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

export interface Jobs {
  enqueue(name: string, payload: Record<string, unknown>, options?: EnqueueOptions): Promise<void>;
  /** Starts polling and the cron scheduler (a `serve` or `worker` process). */
  start(): Promise<void>;
  /** Stops taking work and waits for running jobs to finish. */
  stop(): Promise<void>;
  /** Runs every due job (and the ones they enqueue) until none is due; for tests and one-shot runs. */
  drain(): Promise<void>;
}

/** A job handler; it must be safe to run twice (re-read state from rows, never trust the payload's copy). */
export type TaskHandler = (payload: Record<string, unknown>) => Promise<void>;
export type TaskList = Record<string, TaskHandler>;

/** A recurring job: standard 5-field cron pattern in UTC. */
export interface CronEntry {
  task: string;
  pattern: string;
  payload?: Record<string, unknown>;
}

export const DEFAULT_MAX_ATTEMPTS = 10;

/** Exponential backoff used by the SQLite runner, close to Graphile's (exp(min(attempts, 10)) seconds). */
export function retryDelayMs(attempts: number): number {
  return Math.round(Math.exp(Math.min(attempts, 10)) * 1000);
}
