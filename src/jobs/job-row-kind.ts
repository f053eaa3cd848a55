/**
 * A job-row kind: one declaration (the table, the queue job, how many runs a row gets, and the step
 * that advances a row) from which everything else about resumable work follows, the same for every
 * feature. Its run claims the row, lets the step work from the row's position, stops quietly when the
 * lease is lost, notes any other error for the queue's retry, and ends the row. A step that stops
 * early because the process is stopping gets the row handed over (released, and its job queued again
 * in the same transaction) so another worker resumes at once. A run that finds the row held by another
 * comes back when that lease ends, in case the holder died. The sweep takes back rows whose run was
 * lost altogether; one cron entry sweeps every kind (sweepJobRowKinds).
 */
import type { Executor } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import {
  claimJobRow,
  finishJobRow,
  handOverJobRow,
  heldUntil,
  type JobOutcome,
  type JobRow,
  type JobRowPolicy,
  type JobRowTable,
  type Lease,
  LeaseLost,
  noteJobRowError,
  sweepJobRows,
} from './job-rows.ts';
import type { TaskList } from './types.ts';

/** What a step is told about its run. */
export interface StepContext {
  /** True once the process is stopping: commit the work in hand, then return false. */
  shouldStop(): boolean;
  /** Overrides the kind's batch size (tests). */
  batchSize?: number;
}

/** Thrown by a step for a failure no retry can fix: the row ends failed with this reason. */
export class JobRowFailure extends Error {
  override name = 'JobRowFailure';
}

/** The infrastructure every kind's run uses. */
export type KindDeps = Pick<Deps, 'db' | 'dialect' | 'clock' | 'config' | 'jobs' | 'log'>;

export interface JobRowKindSpec<T extends JobRowTable, D extends KindDeps> {
  table: T;
  /** The queue job that runs one row; its job key is `<job>:<row id>`, so a row has one pending run. */
  job: string;
  /** The payload field carrying the row's id. */
  idField: string;
  /** Runs (the first one included) before a row that keeps being interrupted fails. */
  maxAttempts: number;
  /** Advances the row from its position in committed steps; false when it stopped early (ctx.shouldStop()). */
  step(deps: D, row: JobRow<T>, lease: Lease<T>, ctx: StepContext): Promise<boolean>;
  /** After this run ended the row: completed, or failed by a JobRowFailure. */
  ended?(deps: D, id: string, outcome: JobOutcome): Promise<void>;
  /** When a run could not claim the row (it ended, ran out of runs, or another run holds it). */
  unclaimed?(deps: D, id: string): Promise<void>;
}

export interface JobRowKind<T extends JobRowTable = JobRowTable, D extends KindDeps = KindDeps> {
  readonly table: T;
  readonly job: string;
  policy(config: KindDeps['config']): JobRowPolicy<T>;
  /** Queues a run of each row (at creation, from the sweep, at a hand-over), in `trx` when given. */
  queue(deps: Pick<Deps, 'jobs'>, ids: string[], trx?: Executor): Promise<void>;
  /** Runs (or resumes) one row; safe to run twice, a no-op once the row has ended. */
  run(deps: D, id: string, ctx?: Partial<StepContext>): Promise<void>;
  /** The queue handler: the job's abort signal (SIGTERM) becomes the step's shouldStop. */
  tasks(deps: D): TaskList;
  /** Takes back rows whose run was lost: re-queued, or failed when out of runs. */
  sweep(deps: KindDeps): Promise<{ requeued: number; failed: number }>;
}

/** A wake-up this long after a held lease ends, so the claim then finds it lapsed. */
const REWAKE_AFTER_MS = 250;

export function defineJobRowKind<T extends JobRowTable, D extends KindDeps>(
  spec: JobRowKindSpec<T, D>,
): JobRowKind<T, D> {
  const jobKey = (id: string) => `${spec.job}:${id}`;
  const policy = (config: KindDeps['config']): JobRowPolicy<T> => ({
    table: spec.table,
    maxAttempts: spec.maxAttempts,
    leaseMs: config.jobLeaseMs,
  });
  const queue = (deps: Pick<Deps, 'jobs'>, ids: string[], trx?: Executor, runAt?: Date) =>
    deps.jobs.enqueueMany(
      ids.map((id) => ({ name: spec.job, payload: { [spec.idField]: id }, options: { jobKey: jobKey(id), runAt } })),
      { trx },
    );

  async function whenUnclaimed(deps: D, id: string): Promise<void> {
    // Another run holds it. If that run died, its lease lapses: look again then, not at the next sweep.
    const until = await heldUntil(deps, policy(deps.config), id);
    if (until) await queue(deps, [id], undefined, new Date(until.getTime() + REWAKE_AFTER_MS));
    await spec.unclaimed?.(deps, id);
  }

  async function end(deps: D, lease: Lease<T>, outcome: JobOutcome): Promise<void> {
    if (await finishJobRow(deps, lease, outcome)) await spec.ended?.(deps, lease.id, outcome);
  }

  async function run(deps: D, id: string, ctx: Partial<StepContext> = {}): Promise<void> {
    const claimed = await claimJobRow(deps, policy(deps.config), id);
    if (!claimed) return whenUnclaimed(deps, id);
    const { row, lease } = claimed;
    const stepCtx: StepContext = { shouldStop: ctx.shouldStop ?? (() => false), batchSize: ctx.batchSize };
    let done: boolean;
    try {
      done = await spec.step(deps, row, lease, stepCtx);
    } catch (err) {
      if (err instanceof LeaseLost) return;
      if (err instanceof JobRowFailure) return end(deps, lease, { status: 'failed', reason: err.message });
      await noteJobRowError(deps, lease, err);
      throw err; // the queue retries; the sweep re-queues a run that was lost altogether
    }
    if (!done) return handOverJobRow(deps, lease, (trx) => queue(deps, [id], trx));
    await end(deps, lease, { status: 'completed' });
  }

  return {
    table: spec.table,
    job: spec.job,
    policy,
    queue: (deps, ids, trx) => queue(deps, ids, trx),
    run,
    tasks: (deps) => ({
      [spec.job]: async (payload, context) => {
        const id = payload[spec.idField];
        if (typeof id === 'string') await run(deps, id, { shouldStop: () => context.signal?.aborted === true });
      },
    }),
    sweep: (deps) => sweepJobRows(deps, policy(deps.config), (ids, trx) => queue(deps, ids, trx)),
  };
}

/** What the composition root needs of a kind, whatever deps its run takes. */
export type RegisteredKind = Pick<JobRowKind, 'job' | 'sweep'> & { tasks(deps: Deps): TaskList };

export const SWEEP_JOB = 'job-rows.sweep';

/** Every kind's queue handler, and the one sweep of every kind (run by a minutely cron entry). */
export function jobRowKindTasks(deps: Deps, kinds: readonly RegisteredKind[]): TaskList {
  return Object.assign({}, ...kinds.map((k) => k.tasks(deps)), {
    [SWEEP_JOB]: async () => {
      for (const kind of kinds) {
        const out = await kind.sweep(deps);
        if (out.requeued + out.failed > 0)
          deps.log.warn({ ...out, job: kind.job }, 'took back job rows whose run was lost');
      }
    },
  });
}
