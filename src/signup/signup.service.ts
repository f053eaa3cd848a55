/**
 * Sign-up (beyond.md §2): POST /v1/subscribe, the hosted form's post, and a confirmation sent to an
 * existing contact. The answer never depends on whether the address was known: a new and a known
 * address go through the same statements (one upsert that only adds missing data keys, then either
 * the subscription or a pending confirmation with its email in the outbox, never sent in the request).
 */

import { upsertContactAddingDataIn } from '../contacts/contact-consent.service.ts';
import { contactViewsIn } from '../contacts/contact-view.ts';
import { contactsChanged } from '../contacts/contact-watchers.ts';
import type { ContactView } from '../contacts/contacts.schemas.ts';
import { getContact, requireEmail, setContactSubscription, type WriteDeps } from '../contacts/contacts.service.ts';
import { fieldTypesOf, toDataPatch } from '../contacts/data-rules.ts';
import { newFieldTypes, recordFieldTypes, rememberFieldTypes } from '../contacts/fields/fields.service.ts';
import { savedAnnouncements, WRITE_TYPES } from '../contacts/grouped-upserts.ts';
import type { Trx } from '../db/index.ts';
import type { FieldType } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { tooManyRequests } from '../errors.ts';
import { newId } from '../lib/ids.ts';
import { getSignupProject } from '../projects/projects.service.ts';
import { applyTopicChoicesIn, withTopicsOne } from '../topics/topic-choices.service.ts';
import { requireTopicIds } from '../topics/topics.service.ts';
import { confirmationSender, MAX_CONFIRMATIONS, queueConfirmationIn } from './confirmations.service.ts';
import type { SubscribeBody, SubscribeStatus } from './signup.schemas.ts';

export type SignupDeps = WriteDeps & Pick<Deps, 'secrets' | 'deliveryWaker'>;

/** The event `source` of a subscription made by a sign-up without double opt-in. */
export const SIGNUP_SOURCE = 'signup';

/** True when the honeypot field was filled in (a bot): anything but absent, null or blank. */
export function isHoneypot(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

/**
 * Signs `input.email` up: creates or finds the contact (adding only the data keys it lacks), then
 * subscribes it (and to the topics) or, with double opt-in, stores a pending confirmation and queues
 * its email (at most 3 an address per 24 h; past that nothing is stored, the answer is the same).
 * A honeypot answers the same and stores nothing. 422 for a bad email or an unknown topic.
 */
export async function subscribe(deps: SignupDeps, projectId: string, input: SubscribeBody): Promise<SubscribeStatus> {
  const project = await getSignupProject(deps, projectId);
  const status: SubscribeStatus = project.doubleOptIn ? 'CONFIRMATION_SENT' : 'SUBSCRIBED';
  if (isHoneypot(input.website)) return status;
  const email = requireEmail(input.email);
  const topics = [...new Set(input.topics ?? [])];
  await requireTopicIds(deps, projectId, topics, 'topics');
  // A sign-up adds, never removes: nulls and transient values of `data` are not for it.
  const data = toDataPatch(input.data ?? {}).set;
  const types = await newFieldTypes(deps, projectId, fieldTypesOf(data));
  const sender = project.doubleOptIn ? await confirmationSender(deps, project) : undefined;
  const inserted = await deps.db.transaction().execute(async (trx) => {
    const saved = await saveContactIn(deps, trx, projectId, { email, data, types });
    if (sender) await queueConfirmationIn(deps, trx, sender, saved.contact, topics);
    else {
      await setContactSubscription({ ...deps, db: trx }, projectId, saved.contact.id, true, SIGNUP_SOURCE);
      const choices = Object.fromEntries(topics.map((id) => [id, true]));
      await applyTopicChoicesIn(deps, trx, projectId, saved.contact.id, choices, { source: SIGNUP_SOURCE });
    }
    await announceIn(deps, trx, projectId, saved.contact.id, saved.inserted);
    return saved.inserted;
  });
  rememberFieldTypes(deps, projectId, types);
  if (inserted) deps.searchIndex.poke();
  return status;
}

/**
 * The contact of a sign-up in `trx`: a new one starts unsubscribed (the sign-up's own subscription
 * or confirmation decides), a known one gets the keys of `data` it lacks; field types recorded and
 * watchers told, as every contact write does.
 */
async function saveContactIn(
  deps: SignupDeps,
  trx: Trx,
  projectId: string,
  input: { email: string; data: Record<string, unknown>; types: { key: string; type: FieldType }[] },
): Promise<{ contact: ContactView; inserted: boolean }> {
  const now = deps.clock.now();
  const row = { id: newId(), projectId, email: input.email, subscribed: false, data: JSON.stringify(input.data) };
  const saved = await upsertContactAddingDataIn(deps, trx, { ...row, createdAt: now, updatedAt: now });
  await recordFieldTypes({ db: trx, clock: deps.clock }, projectId, input.types);
  await contactsChanged(deps, trx, projectId, [saved.id]);
  const [contact] = await contactViewsIn(trx, projectId, [saved.id]);
  return { contact: contact!, inserted: saved.inserted };
}

/** Tells endpoints listening to contact writes about the contact as the sign-up left it. */
async function announceIn(deps: SignupDeps, trx: Trx, projectId: string, contactId: string, inserted: boolean) {
  if (!(await deps.webhooks.wants(trx, projectId, WRITE_TYPES))) return;
  const [view] = await contactViewsIn(trx, projectId, [contactId]);
  const contact = await withTopicsOne(deps, trx, projectId, view!);
  await deps.webhooks.announce(trx, projectId, savedAnnouncements([{ contact, inserted }]));
}

/**
 * POST /contacts/:id/confirmation: sends the project's confirmation email to one of its contacts.
 * 404 CONTACT_NOT_FOUND (another project's id too); 409 without signupFrom; 429 once the address had
 * 3 confirmation emails in 24 hours (an authenticated caller is told, unlike a public sign-up).
 */
export async function sendConfirmationTo(deps: SignupDeps, projectId: string, contactId: string): Promise<void> {
  const contact = await getContact(deps, projectId, contactId);
  const sender = await confirmationSender(deps, await getSignupProject(deps, projectId));
  const r = await deps.db.transaction().execute((trx) => queueConfirmationIn(deps, trx, sender, contact, []));
  if (!r.queued) {
    const message = `At most ${MAX_CONFIRMATIONS} confirmation emails per address per 24 hours.`;
    throw tooManyRequests(message, r.retryAfterSeconds);
  }
}
