/** The hook events give other features: listeners handed in at composition (src/composition.ts). */
import type { Executor, Trx } from '../db/index.ts';
import type { NewEventRow } from './events.repo.ts';

declare module '../deps.ts' {
  interface FeatureHooks {
    /** Run by recordEvents inside the transaction that stores events. */
    eventListeners: readonly EventListener[];
  }
}

/** An event as stored, handed to listeners. */
export type StoredEvent = NewEventRow;

/**
 * Reacts to events inside the transaction that stores them. Whatever it writes through `trx` commits
 * with the events; a throw rolls the events and the caller's change back. Keep it short (it holds the
 * write lock) and enqueue a job, with `{ trx }`, for anything slow.
 */
export type EventListener = ((trx: Trx, events: readonly StoredEvent[]) => Promise<void>) & {
  /**
   * Whether events of these names in the project would make it act (a cache read through `db`, asked
   * before any transaction opens). A writer that finds no listener hearing its events may store them
   * without one (POST /v1/track on PostgreSQL: one statement). A listener without it always hears.
   */
  hears?: (db: Executor, projectId: string, names: readonly string[]) => Promise<boolean>;
};

/** Whether any of `listeners` would act on events of `names` in the project. */
export async function anyListenerHears(
  listeners: readonly EventListener[],
  db: Executor,
  projectId: string,
  names: readonly string[],
): Promise<boolean> {
  for (const listener of listeners) if (!listener.hears || (await listener.hears(db, projectId, names))) return true;
  return false;
}
