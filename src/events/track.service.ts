/**
 * POST /v1/track (and its dashboard alias POST /events/track): upserts the contact and stores the
 * event in one transaction, with the event listeners (workflow triggers, segment membership) running
 * inside it, so the contact change, the event and whatever the listeners derive commit together or
 * not at all. The path is kept short: one transaction holding the contact upsert and the event insert.
 */
import { upsertContact } from '../contacts/contacts.service.ts';
import { toDataPatch } from '../contacts/data-rules.ts';
import type { Deps } from '../deps.ts';
import { invalid } from '../errors.ts';
import type { TrackBody, TrackResult } from './events.schemas.ts';
import { isSystemEventName, recordEvent } from './events.service.ts';

type TrackDeps = Pick<
  Deps,
  'db' | 'reader' | 'dialect' | 'clock' | 'fieldTypes' | 'config' | 'searchIndex' | 'eventListeners'
>;

/** The trimmed event name; 422 on `event` when empty or a system name. */
export function trackableEventName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw invalid('event', 'must not be blank');
  if (isSystemEventName(name)) {
    throw invalid('event', 'names starting with "email.", "contact." or "segment." are reserved for system events');
  }
  return name;
}

/**
 * Tracks `body.event` for the contact `body.email`: creates it (subscribed unless `body.subscribed`
 * is false) or patches it with `body.data` under the custom field rules, and stores the event with the
 * payload's values unwrapped (`{ value, persistent: false }` lands on the event, not the contact).
 * Nothing is written when the name or the email is refused (422).
 */
export async function trackEvent(deps: TrackDeps, projectId: string, body: TrackBody): Promise<TrackResult['data']> {
  const name = trackableEventName(body.event);
  const patch = toDataPatch(body.data ?? {});
  const data = { ...patch.set, ...patch.transient };
  const at = deps.clock.now();
  let eventId = '';
  const saved = await upsertContact(
    deps,
    projectId,
    { email: body.email, subscribed: body.subscribed, data: body.data },
    {
      subscribedOnCreate: true,
      source: 'track',
      alsoInTransaction: async (trx, contact) => {
        eventId = await recordEvent({ ...deps, db: trx }, { projectId, contactId: contact.id, name, data, at });
      },
    },
  );
  return { contact: saved.contact.id, event: eventId, timestamp: at.toISOString() };
}
