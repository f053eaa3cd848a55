/**
 * POST /v1/track (and its dashboard alias POST /events/track): upserts the contact and stores the
 * event in one transaction, with the event listeners (workflow triggers, segment membership) running
 * inside it, so the contact change, the event and whatever the listeners derive commit together or
 * not at all. Tracks arriving in one event-loop turn share that transaction (one commit; on PostgreSQL
 * one upsert statement and one insert for all), batched by lib/batcher.ts: should the group fail,
 * each runs again in a transaction of its own, so only the failing one fails. On PostgreSQL a group
 * nothing hears (`unheard`) needs no transaction: its contacts and events are one statement.
 */
import { anyWatcherWatches } from '../contacts/contact-watchers.ts';
import { prepareUpsert, upsertContact, type WriteDeps } from '../contacts/contacts.service.ts';
import { toDataPatch } from '../contacts/data-rules.ts';
import {
  afterUpsertsCommitted,
  type PreparedUpsert,
  upsertPreparedIn,
  upsertWithEvents,
  WRITE_TYPES,
} from '../contacts/grouped-upserts.ts';
import type { Deps } from '../deps.ts';
import { invalid } from '../errors.ts';
import { allOk, type BatchOptions, batchKind } from '../lib/batcher.ts';
import { newId } from '../lib/ids.ts';
import { anyListenerHears } from './event-listener.ts';
import type { TrackBody, TrackResult } from './events.schemas.ts';
import { isSystemEventName, type NewEvent, recordEvent, recordEvents } from './events.service.ts';

type TrackDeps = WriteDeps & Pick<Deps, 'batches'>;
type Tracked = TrackResult['data'];

/** The trimmed event name; 422 on `event` when empty or a system name. */
export function trackableEventName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw invalid('event', 'must not be blank');
  if (isSystemEventName(name)) {
    throw invalid('event', 'names starting with "email.", "contact." or "segment." are reserved for system events');
  }
  return name;
}

/** One checked track: the contact write and the event, ready to store. */
interface TrackCall {
  projectId: string;
  body: TrackBody;
  prepared: PreparedUpsert;
  event: Omit<NewEvent, 'contactId' | 'at'> & { at: Date };
}

/**
 * Tracks `body.event` for the contact `body.email`: creates it (subscribed unless `body.subscribed`
 * is false) or patches it with `body.data` under the custom field rules, and stores the event with the
 * payload's values unwrapped (`{ value, persistent: false }` lands on the event, not the contact).
 * Nothing is written when the name or the email is refused (422).
 */
export async function trackEvent(deps: TrackDeps, projectId: string, body: TrackBody): Promise<Tracked> {
  const name = trackableEventName(body.event);
  const prepared = await prepareUpsert(deps, projectId, body, { subscribedOnCreate: true });
  const patch = toDataPatch(body.data ?? {});
  const event = { projectId, name, data: { ...patch.set, ...patch.transient }, at: deps.clock.now() };
  const call = { projectId, body, prepared, event };
  return prepared.groupable ? deps.batches.add(tracks, deps, call) : trackAlone(deps, call);
}

/** A subscription change or a new field: the contact write's own path, with the event in its transaction. */
async function trackAlone(deps: TrackDeps, call: TrackCall): Promise<Tracked> {
  let eventId = '';
  const saved = await upsertContact(deps, call.projectId, call.body, {
    subscribedOnCreate: true,
    source: 'track',
    alsoInTransaction: async (trx, contact) => {
      eventId = await recordEvent({ ...deps, db: trx }, { ...call.event, contactId: contact.id });
    },
  });
  return { contact: saved.contact.id, event: eventId, timestamp: call.event.at.toISOString() };
}

/** Tracks of distinct contacts sharing one transaction (one upsert statement on PostgreSQL). */
const tracks = batchKind(
  (deps: TrackDeps): BatchOptions<TrackCall, Tracked> => ({
    max: 100,
    key: (c) => `${c.projectId}\n${c.prepared.email}`,
    group: async (calls) => allOk(await trackGroup(deps, calls)),
    alone: async (call) => (await trackGroup(deps, [call]))[0]!,
  }),
);

/**
 * Whether a group's writes are heard by nothing that must write with them: no event listener acting
 * on its events, no contact watcher, no endpoint taking contact writes. Then, where the dialect
 * groups upserts (PostgreSQL), the contacts and events go in as one statement, with no transaction
 * (four round trips become one). The caches answer from memory after the first ask.
 */
async function unheard(deps: TrackDeps, calls: TrackCall[]): Promise<boolean> {
  if (!deps.dialect.groupedUpserts) return false;
  for (const projectId of new Set(calls.map((c) => c.projectId))) {
    const names = [...new Set(calls.flatMap((c) => (c.projectId === projectId ? [c.event.name] : [])))];
    if (await anyListenerHears(deps.eventListeners, deps.db, projectId, names)) return false;
    if (await anyWatcherWatches(deps, deps.db, projectId)) return false;
    if (await deps.webhooks.wants(deps.db, projectId, WRITE_TYPES)) return false;
  }
  return true;
}

/** An unheard group (see `unheard`): its contacts and events in one statement. */
async function trackUnheard(deps: TrackDeps, calls: TrackCall[]): Promise<Tracked[]> {
  const events = calls.map((c) => ({
    id: newId(),
    projectId: c.projectId,
    email: c.prepared.email,
    name: c.event.name,
    data: c.event.data ?? {},
    createdAt: c.event.at,
  }));
  const saved = await upsertWithEvents(
    deps,
    calls.map((c) => c.prepared),
    events,
  );
  return calls.map((c, i) => ({ contact: saved[i]!.id, event: events[i]!.id, timestamp: c.event.at.toISOString() }));
}

/** One transaction for a group of tracks (distinct contacts); listeners get each project's events together. */
async function trackGroup(deps: TrackDeps, calls: TrackCall[]): Promise<Tracked[]> {
  if (await unheard(deps, calls)) return trackUnheard(deps, calls);
  const { saved, eventIds } = await deps.db.transaction().execute(async (trx) => {
    const saved = await upsertPreparedIn(
      deps,
      trx,
      calls.map((c) => c.prepared),
    );
    const eventIds = new Array<string>(calls.length);
    for (const projectId of new Set(calls.map((c) => c.projectId))) {
      const mine = calls.flatMap((c, i) => (c.projectId === projectId ? [i] : []));
      const events = mine.map((i) => ({ ...calls[i]!.event, contactId: saved[i]!.contact.id }));
      const ids = await recordEvents({ ...deps, db: trx }, events);
      mine.forEach((i, k) => {
        eventIds[i] = ids[k]!;
      });
    }
    return { saved, eventIds };
  });
  afterUpsertsCommitted(
    deps,
    saved.some((s) => s.inserted),
  );
  return calls.map((c, i) => ({
    contact: saved[i]!.contact.id,
    event: eventIds[i]!,
    timestamp: c.event.at.toISOString(),
  }));
}
