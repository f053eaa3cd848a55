/**
 * The due-rows worker: rows that carry their own due time (outbox emails, workflow executions, and
 * next webhook deliveries) are worked by claiming the due ones in batches under a fenced lease,
 * keeping the batch leased while it is worked, stopping after the batch in hand once the process
 * stops, and coming back at the next due time. A worker killed mid-batch loses nothing: its rows
 * fall due again when their lease runs out. The queue job that runs it is only a wake-up.
 *
 * Every claim writes a fresh token on the rows it takes, and each write of that claim (renewal,
 * outcome, hand-back) matches only rows still holding the token: a worker whose lease ran out and
 * whose rows were claimed again writes nothing. Each kind brings its claim, renewal and fence, what a
 * batch shares, and how one row is worked.
 */
import type { Deps } from '../deps.ts';
import { newId } from '../lib/ids.ts';
import { keepLeaseAlive } from '../lib/lease-keeper.ts';
import { inPool } from '../lib/pool.ts';
import type { Waker } from './waker.ts';

/** One claim of a batch. */
export interface DueClaim {
  now: Date;
  leaseUntil: Date;
  /** A fresh token per claim, written on its rows: the fence of every write of the claim. */
  token: string;
  limit: number;
}

/** The batch's lease as last renewed: rows worked after it ended may belong to another worker. */
export interface BatchLease {
  until: Date;
}

export interface DueRowsKind<Row, Batch> {
  leaseMs: number;
  batchSize: number;
  /** Rows of a batch worked at once. */
  concurrency: number;
  claim(claim: DueClaim): Promise<Row[]>;
  /** Extends the lease of the rows still in hand to `until`, fenced to `claim`. */
  renew(rows: Row[], claim: DueClaim, until: Date): Promise<void>;
  /** What the batch's rows share, and which of them to work (the kind may set some aside). */
  begin(rows: Row[], claim: DueClaim, lease: BatchLease): Promise<{ rows: Row[]; batch: Batch }>;
  /** Works one row: true when it was done, false when it is left for a later claim. Records its own failures. */
  work(row: Row, batch: Batch): Promise<boolean>;
  /** A batch short of full took everything due: stop (a wake-up brings the run back for rows made due since). */
  stopWhenShort: boolean;
}

export interface DueRowsRun {
  claimed: number;
  done: number;
}

/**
 * Works due rows until none is due, `budgetMs` has passed or `signal` aborts (then after the batch in
 * hand). The batch's leases are renewed while it is worked, so a slow row is not handed to another
 * worker while it is still being worked here.
 */
export async function workDueRows<Row, Batch>(
  deps: Pick<Deps, 'clock' | 'log'>,
  kind: DueRowsKind<Row, Batch>,
  budgetMs: number,
  signal?: AbortSignal,
): Promise<DueRowsRun> {
  const started = Date.now();
  const out: DueRowsRun = { claimed: 0, done: 0 };
  while (Date.now() - started < budgetMs && !signal?.aborted) {
    const now = deps.clock.now();
    const claim: DueClaim = {
      now,
      leaseUntil: new Date(now.getTime() + kind.leaseMs),
      token: newId(),
      limit: kind.batchSize,
    };
    const claimed = await kind.claim(claim);
    if (claimed.length === 0) break;
    out.claimed += claimed.length;
    const lease: BatchLease = { until: claim.leaseUntil };
    const { rows, batch } = await kind.begin(claimed, claim, lease);
    const pending = new Set(rows);
    const stop = keepLeaseAlive(
      async () => {
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
    try {
      await inPool(rows, kind.concurrency, async (row) => {
        try {
          if (await kind.work(row, batch)) out.done++;
        } finally {
          pending.delete(row);
        }
      });
    } finally {
      stop();
    }
    if (kind.stopWhenShort && claimed.length < kind.batchSize) break;
  }
  return out;
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
