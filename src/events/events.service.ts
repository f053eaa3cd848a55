/**
 * Event rows: what happened to a contact, by name (`contact.subscribed`, tracked events, …). Writers
 * pass their transaction as `db`, so an event exists exactly when the change that caused it commits.
 */
import type { Executor } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import { insertEvents } from './events.repo.ts';

export interface NewEvent {
  projectId: string;
  contactId: string | null;
  name: string;
  data?: Record<string, unknown>;
}

/** Stores one event; returns its id. */
export async function recordEvent(deps: { db: Executor; clock: Clock }, event: NewEvent): Promise<string> {
  const [id] = await recordEvents(deps, [event]);
  return id!;
}

/** Stores several events in one statement; returns their ids in order. */
export async function recordEvents(deps: { db: Executor; clock: Clock }, events: NewEvent[]): Promise<string[]> {
  const now = deps.clock.now();
  const rows = events.map((e) => ({ ...e, id: newId(), data: e.data ?? {}, createdAt: now }));
  await insertEvents(deps.db, rows);
  return rows.map((r) => r.id);
}

/** The event name for a subscription change. */
export function subscriptionEventName(subscribed: boolean): 'contact.subscribed' | 'contact.unsubscribed' {
  return subscribed ? 'contact.subscribed' : 'contact.unsubscribed';
}
