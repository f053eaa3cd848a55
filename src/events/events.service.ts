/**
 * Event rows: what happened to a contact, by name (`contact.subscribed`, tracked events, …). An event
 * exists exactly when the change that caused it commits: writers pass their transaction as `db`, and
 * the listeners given at composition (segment membership, workflow triggers) run inside that same
 * transaction, so what they derive commits or rolls back with the event.
 */

import { fromJson } from '../db/codecs.ts';
import type { Executor, Trx } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import type { EventListener, StoredEvent } from './event-listener.ts';
import { findEventSince as findEventRowSince, insertEvents } from './events.repo.ts';

export interface NewEvent {
  projectId: string;
  contactId: string | null;
  name: string;
  data?: Record<string, unknown>;
  /** When it happened; default: now. */
  at?: Date;
}

export type { EventListener, StoredEvent } from './event-listener.ts';

export interface EventDeps {
  db: Executor;
  clock: Clock;
  eventListeners: readonly EventListener[];
}

/** Stores one event (and runs the listeners); returns its id. */
export async function recordEvent(deps: EventDeps, event: NewEvent): Promise<string> {
  const [id] = await recordEvents(deps, [event]);
  return id!;
}

/**
 * Stores several events in one statement and runs every listener on them, in the caller's
 * transaction (or in a new one when `db` is not a transaction); returns their ids in order.
 */
export async function recordEvents(deps: EventDeps, events: NewEvent[]): Promise<string[]> {
  if (events.length === 0) return [];
  const now = deps.clock.now();
  const rows = events.map(
    (e): StoredEvent => ({
      id: newId(),
      projectId: e.projectId,
      contactId: e.contactId,
      name: e.name,
      data: e.data ?? {},
      createdAt: e.at ?? now,
    }),
  );
  const store = async (trx: Trx) => {
    await insertEvents(trx, rows);
    for (const listener of deps.eventListeners) await listener(trx, rows);
  };
  if (deps.db.isTransaction) await store(deps.db as Trx);
  else await deps.db.transaction().execute(store);
  return rows.map((r) => r.id);
}

/** The event name for a subscription change. */
export function subscriptionEventName(subscribed: boolean): 'contact.subscribed' | 'contact.unsubscribed' {
  return subscribed ? 'contact.subscribed' : 'contact.unsubscribed';
}

/** Prefixes of the names the service emits itself (decisions.md "Events, workflows"). */
const SYSTEM_PREFIXES = ['email.', 'contact.', 'segment.'];

/** True for a name the service emits (`email.sent`, `contact.subscribed`, `segment.<slug>.entry` …), any case. */
export function isSystemEventName(name: string): boolean {
  const lower = name.toLowerCase();
  return SYSTEM_PREFIXES.some((p) => lower.startsWith(p));
}

/** The contact's first event named `name` stored at or after `since` (read through `db`), as listeners see events. */
export async function findEventSince(
  db: Executor,
  target: { projectId: string; contactId: string },
  name: string,
  since: Date,
): Promise<StoredEvent | undefined> {
  const row = await findEventRowSince(db, target.projectId, target.contactId, name, since);
  if (!row) return undefined;
  return { ...row, data: fromJson<Record<string, unknown>>(row.data) ?? {}, createdAt: new Date(row.createdAt) };
}
