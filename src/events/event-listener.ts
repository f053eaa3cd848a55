/** The hook events give other features: listeners handed in at composition (src/composition.ts). */
import type { Trx } from '../db/index.ts';
import type { NewEventRow } from './events.repo.ts';

/** An event as stored, handed to listeners. */
export type StoredEvent = NewEventRow;

/**
 * Reacts to events inside the transaction that stores them. Whatever it writes through `trx` commits
 * with the events; a throw rolls the events and the caller's change back. Keep it short (it holds the
 * write lock) and enqueue a job, with `{ trx }`, for anything slow.
 */
export type EventListener = (trx: Trx, events: readonly StoredEvent[]) => Promise<void>;
