/**
 * The due-rows worker, one loop for every due-row table (due-row-tables.ts: outbox emails, workflow
 * executions, webhook messages): it claims the due rows under a fenced lease, keeps them leased while
 * they are worked, stops after the rows in hand once the process stops, and comes back at the next
 * due time. A worker killed mid-work loses nothing: its rows fall due again when their lease runs
 * out. The queue job that runs it is only a wake-up.
 *
 * Every claim writes a fresh token on the rows it takes, and each write of that claim (renewal,
 * outcome, hand-back) matches only rows still holding the token (due-rows.repo.ts): a worker whose
 * lease ran out and whose rows were claimed again writes nothing. A kind claims in batches, each
 * worked to its end before the next claim (outbox, executions), or refills its slots as rows finish
 * (webhook messages); it brings its claim's extra conditions, what a claim's rows share, and how
 * one row is worked.
 */
import type { Deps } from '../deps.ts';
import { newId } from '../lib/ids.ts';
import { keepLeaseAlive } from '../lib/lease-keeper.ts';
import { inPool } from '../lib/pool.ts';
import type { Waker } from './waker.ts';

/** One claim of due rows. */
export interface DueClaim {
  now: Date;
  leaseUntil: Date;
  /** A fresh token per claim, written on its rows: the fence of every write of the claim. */
  token: string;
  limit: number;
}

/** A claim's lease as last renewed: rows worked after it ended may belong to another worker. */
export interface BatchLease {
  until: Date;
}

export interface DueRowsKind<Row, Batch> {
  leaseMs: number;
  /** Rows one claim takes at most. */
  batchSize: number;
  /** Rows worked at once. */
  concurrency: number;
  claim(claim: DueClaim): Promise<Row[]>;
  /** Extends the lease of the rows still in hand to `until`, fenced to `claim`. */
  renew(rows: Row[], claim: DueClaim, until: Date): Promise<void>;
  /** What the claim's rows share, and which of them to work (the kind may set some aside). */
  begin(rows: Row[], claim: DueClaim, lease: BatchLease): Promise<{ rows: Row[]; batch: Batch }>;
  /**
   * Works one row: true when it was done, false when it is left for a later claim. Records its own
   * failures. `release` frees the row's slot before the work ends (while its outcome is written, its
   * lease still renewed); the end of the work frees it anyway.
   */
  work(row: Row, batch: Batch, release: () => void): Promise<boolean>;
  /** A claim short of full took everything due: stop (a wake-up brings the run back for rows made due since). */
  stopWhenShort: boolean;
  /**
   * Claims again while rows are in work, once `minFree` of the `concurrency` slots are free, instead
   * of after the batch in hand: a slow row then holds only its own slot, never a batch. A claim takes
   * no more rows than slots are free; after a short one (all that may go now is in hand), the next
   * waits until a quarter of the rows in work have freed their slots, or `pollMs`.
   */
  refill?: { minFree: number; pollMs: number };
}

export interface DueRowsRun {
  claimed: number;
  done: number;
}

/**
 * Works due rows until none is due or in work, `budgetMs` has passed or `signal` aborts (then after
 * the rows in hand). Each claim's leases are renewed while its rows are worked, so a slow row is not
 * handed to another worker while it is still being worked here. A row whose work throws ends the run
 * with that error once the rows in hand are done.
 */
export async function workDueRows<Row, Batch>(
  deps: Pick<Deps, 'clock' | 'log'>,
  kind: DueRowsKind<Row, Batch>,
  budgetMs: number,
  signal?: AbortSignal,
): Promise<DueRowsRun> {
  const started = Date.now();
  const out: DueRowsRun = { claimed: 0, done: 0 };
  const slots = slotCounter();
  const inWork = new Set<Promise<void>>();
  const failure: { err?: unknown } = {};
  // Without refill a claim waits until the batch before it is done, and may take a whole batch.
  const room = kind.refill ? kind.concurrency : kind.batchSize;
  const minFree = kind.refill?.minFree ?? room;
  try {
    while (Date.now() - started < budgetMs && !signal?.aborted && !('err' in failure)) {
      if (slots.inUse > 0 && room - slots.inUse < minFree) {
        await slots.released(1);
        continue;
      }
      const now = deps.clock.now();
      const limit = Math.min(kind.batchSize, room - slots.inUse);
      const claim: DueClaim = { now, leaseUntil: new Date(now.getTime() + kind.leaseMs), token: newId(), limit };
      const claimed = await kind.claim(claim);
      out.claimed += claimed.length;
      if (claimed.length === 0 && slots.inUse === 0) break;
      if (claimed.length > 0) {
        const { worked } = await workClaimed(deps, kind, claim, claimed, { slots, out, failure });
        inWork.add(worked);
        void worked.finally(() => inWork.delete(worked));
      }
      const short = claimed.length < limit;
      if (short && kind.stopWhenShort) break;
      if (short && kind.refill) await slots.released(Math.max(1, Math.ceil(slots.inUse / 4)), kind.refill.pollMs);
    }
  } finally {
    await Promise.all(inWork);
  }
  if ('err' in failure) throw failure.err;
  return out;
}

/**
 * Begins a claim's rows and sets them to work, their leases renewed meanwhile; `worked` resolves (never
 * rejects) once all are done.
 */
async function workClaimed<Row, Batch>(
  deps: Pick<Deps, 'clock' | 'log'>,
  kind: DueRowsKind<Row, Batch>,
  claim: DueClaim,
  claimed: Row[],
  run: { slots: ReturnType<typeof slotCounter>; out: DueRowsRun; failure: { err?: unknown } },
): Promise<{ worked: Promise<void> }> {
  const lease: BatchLease = { until: claim.leaseUntil };
  const { rows, batch } = await kind.begin(claimed, claim, lease);
  run.slots.take(rows.length);
  const pending = new Set(rows);
  const stop = keepLeaseAlive(
    async () => {
      if (pending.size === 0) return;
      const until = new Date(deps.clock.now().getTime() + kind.leaseMs);
      try {
        await kind.renew([...pending], claim, until);
        lease.until = until;
      } catch (err) {
        deps.log.warn({ err }, 'lease renewal failed');
      }
    },
    { leaseMs: kind.leaseMs },
  );
  const work = async (row: Row) => {
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      run.slots.release();
    };
    try {
      if (await kind.work(row, batch, release)) run.out.done++;
    } catch (err) {
      if (!('err' in run.failure)) run.failure.err = err;
    } finally {
      pending.delete(row);
      release();
    }
  };
  return { worked: inPool(rows, kind.concurrency, work).finally(stop) };
}

/** The rows a run has in hand (claimed, not yet released), and a wait for some of them to be released. */
function slotCounter() {
  let inUse = 0;
  let released = 0;
  const waiters = new Set<() => void>();
  return {
    get inUse() {
      return inUse;
    },
    take(n: number) {
      inUse += n;
    },
    release() {
      inUse--;
      released++;
      for (const wake of [...waiters]) wake();
    },
    /** Resolves once `n` more rows are released, none is in hand, or `ms` has passed. */
    async released(n: number, ms = Number.POSITIVE_INFINITY) {
      const target = released + n;
      const deadline = Date.now() + ms;
      while (released < target && inUse > 0 && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            waiters.delete(wake);
            resolve();
          };
          const timer = Number.isFinite(ms) ? setTimeout(wake, deadline - Date.now()) : undefined;
          waiters.add(wake);
        });
      }
    },
  };
}

/** A run longer than this hands over to a fresh job, so other jobs get their turn. */
const RUN_BUDGET_MS = 20_000;
/** A run that claimed nothing comes back no sooner than this: the queue's clock may run ahead of ours. */
const IDLE_RETRY_MS = 1000;

export interface WakeUpJob {
  /** Marks a going run to look again, or enqueues a run; brings the run back at the next due time (jobs/waker.ts). */
  waker: Pick<Waker, 'whileRunning' | 'wakeAt'>;
  /** One pass over the due rows within `budgetMs`. */
  pass(budgetMs: number, signal?: AbortSignal): Promise<DueRowsRun>;
  /** How long a pass that saw no wake-up waits for one before the run ends. */
  lingerMs?: number;
  nextDueAt(): Promise<Date | undefined>;
}

/**
 * The queue handler of a due-rows kind: passes over the due rows while wake-ups keep arriving (up to
 * the run budget), then enqueues itself for the next due time (a retry, a delay's end, another
 * worker's lease running out). A minutely cron run of the same job is the backstop for a lost wake-up.
 */
export async function runThenComeBack(deps: Pick<Deps, 'clock'>, job: WakeUpJob, signal?: AbortSignal): Promise<void> {
  const deadline = Date.now() + RUN_BUDGET_MS;
  const run = await job.waker.whileRunning(
    () => job.pass(deadline - Date.now(), signal),
    (a, b) => ({ claimed: a.claimed + b.claimed, done: a.done + b.done }),
    { deadline, lingerMs: job.lingerMs, signal },
  );
  const due = await job.nextDueAt();
  if (!due) return;
  const now = deps.clock.now().getTime();
  const earliest = run.claimed === 0 ? now + IDLE_RETRY_MS : now;
  await job.waker.wakeAt(new Date(Math.max(due.getTime(), earliest)));
}
