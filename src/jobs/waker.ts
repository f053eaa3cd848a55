/**
 * Wakes the worker of a due-rows kind (the outbox's delivery, the workflow engine, webhook
 * delivery). The one design: a wake is a notice that reaches the worker once the rows it announces have
 * committed. A writer inside a transaction calls `wake(trx)`, which publishes the notice on the change
 * feed in that transaction: on PostgreSQL every process receives it when the transaction commits
 * (LISTEN/NOTIFY), and a notice for a rolled-back write never arrives; on SQLite (one process) it is
 * delivered at once, but the claim then waits for the one writer, so it still sees committed rows (a
 * rolled-back write costs one empty look). A writer whose rows have committed
 * already (an autocommitted insert) calls `wake()`, which hands the same notice to this process
 * directly instead of a round trip through the database.
 *
 * A process receiving a notice marks its going run to look again; otherwise it enqueues the kind's
 * job, concurrent notices sharing one enqueue. No queue row is written in the writer's transaction,
 * so concurrent writers never wait on one another's wake-up. The run comes back at the next due time
 * under a second job key (`wakeAt`), so a wake-up never replaces the timer nor the timer a wake-up; a
 * minutely cron run is the backstop for a notice lost with a connection or a crashed process.
 */
import type { Executor } from '../db/index.ts';
import type { ChangeFeed } from '../db/notify.ts';
import { createPokedRunner, type PokedRunner } from '../lib/poked-runner.ts';
import type { Jobs } from './types.ts';

export interface Waker extends Pick<PokedRunner, 'whileRunning' | 'going' | 'poke'> {
  /** The queue job that runs the worker. */
  readonly job: string;
  /** Wakes the worker once `trx` commits; without a transaction, now (the caller's write has committed). */
  wake(trx?: Executor): Promise<void>;
  /** Enqueues a run now (startup: rows a killed process left). */
  wakeNow(): Promise<void>;
  /** Enqueues the run that picks up the next row falling due at `at`. */
  wakeAt(at: Date): Promise<void>;
}

export function createWaker(feed: ChangeFeed, jobs: Jobs, kind: { job: string; channel: string }): Waker {
  const nowKey = `${kind.job}:now`;
  const wakeNow = () => jobs.enqueue(kind.job, {}, { jobKey: nowKey });
  // A lost enqueue delays, never loses: the minutely run finds the due rows.
  const runner = createPokedRunner(() => wakeNow().catch(() => {}));
  feed.subscribe(kind.channel, () => void runner.poke());
  return {
    job: kind.job,
    wake: (trx) => (trx ? feed.publish(kind.channel, '', trx) : runner.poke()),
    wakeNow,
    wakeAt: (at) => jobs.enqueue(kind.job, {}, { jobKey: `${kind.job}:next`, runAt: at }),
    whileRunning: runner.whileRunning,
    going: runner.going,
    poke: runner.poke,
  };
}
