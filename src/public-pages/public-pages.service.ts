/**
 * The subscription links of sent emails: a signed token names a project and one of its contacts;
 * reading a link never changes anything, and acting on it goes through the contacts service, so the
 * subscription events are recorded exactly as for PATCH /contacts/:id (only on a real change).
 */
import { updateContact } from '../contacts/contact-update.service.ts';
import type { ContactView } from '../contacts/contacts.schemas.ts';
import { type WriteDeps as ContactWriteDeps, getContact } from '../contacts/contacts.service.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { readSubscriptionToken, type SubscriptionToken } from '../mail/links.ts';
import { getSendSettings } from '../projects/projects.service.ts';
import type { TopicDef } from '../topics/topic-cache.ts';
import { topicDefs } from '../topics/topics.service.ts';
import type { PageContact } from './pages.ts';
import { resolveLocale } from './strings.ts';

type ReadDeps = Pick<Deps, 'reader' | 'secrets' | 'config' | 'keyCache' | 'topics'>;
type WriteDeps = ContactWriteDeps & Pick<Deps, 'secrets' | 'keyCache'>;

/** The event `source` of a change made through a subscription link. */
export const LINK_SOURCE = 'link';

/** The token's payload when its signature holds and its fields have the shape we sign. */
function readToken(deps: Pick<Deps, 'secrets'>, token: string): SubscriptionToken | undefined {
  const t = readSubscriptionToken(deps.secrets.signingSecret, token);
  if (!t || typeof t.p !== 'string' || typeof t.c !== 'string') return undefined;
  if (t.e !== undefined && typeof t.e !== 'string') return undefined;
  if (t.t !== undefined && typeof t.t !== 'string') return undefined;
  return t;
}

/** The topic a link names, while it is a topic of the project (a deleted one's link acts on the whole subscription). */
async function linkTopic(deps: ReadDeps, t: SubscriptionToken): Promise<TopicDef | undefined> {
  if (t.t === undefined) return undefined;
  return (await topicDefs(deps, t.p)).find((topic) => topic.id === t.t);
}

/** Undefined for the contact-not-found error (deleted, or not the token's project's); anything else rethrown. */
async function unlessGone<T>(work: Promise<T>): Promise<T | undefined> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof AppError && err.code === 'CONTACT_NOT_FOUND') return undefined;
    throw err;
  }
}

/** The page of a contact, in its data.locale or else the project's default locale (a gone project: English). */
async function toPageContact(
  deps: ReadDeps,
  t: SubscriptionToken,
  contact: ContactView,
  token: string,
): Promise<PageContact> {
  const own = contact.data.locale;
  const locale =
    typeof own === 'string' ? own : (await getSendSettings(deps, t.p).catch(() => undefined))?.defaultLocale;
  const defs = await topicDefs(deps, t.p);
  const topic = defs.find((d) => d.id === t.t);
  const topics = defs
    .filter((d) => d.public)
    .map((d) => ({ id: d.id, name: d.name, description: d.description, subscribed: contact.topics.includes(d.id) }));
  return {
    email: contact.email,
    subscribed: contact.subscribed,
    locale: resolveLocale(locale),
    token,
    topic: topic && { id: topic.id, name: topic.name },
    topics,
  };
}

/**
 * The contact a subscription link names, as its pages show it; undefined when the token is not
 * ours (tampered, another purpose) or the project no longer has that contact. Reads only.
 */
export async function openSubscriptionLink(deps: ReadDeps, token: string): Promise<PageContact | undefined> {
  const t = readToken(deps, token);
  if (!t) return undefined;
  const contact = await unlessGone(getContact(deps, t.p, t.c));
  return contact && toPageContact(deps, t, contact, token);
}

/**
 * Sets the subscription of the contact a link names (unsubscribe or resubscribe). Idempotent: the
 * event is recorded only when the state changes, with the email the link came in when it names one.
 * Undefined, and nothing written, when the link names no contact of its project.
 */
export async function setSubscriptionByLink(
  deps: WriteDeps,
  token: string,
  subscribed: boolean,
): Promise<PageContact | undefined> {
  const t = readToken(deps, token);
  if (!t) return undefined;
  const eventData = t.e ? { emailId: t.e } : {};
  const topic = await linkTopic(deps, t);
  // A topic link leaves or rejoins that topic only; rejoining also resubscribes a contact that had left everything.
  const change = topic
    ? { topics: { [topic.id]: subscribed }, ...(subscribed && { subscribed: true }) }
    : { subscribed };
  const contact = await unlessGone(updateContact(deps, t.p, t.c, change, { source: LINK_SOURCE, eventData }));
  return contact && toPageContact(deps, t, contact, token);
}

/**
 * Saves the preference center's form: each public topic the page showed (`shown`) is chosen when its
 * box (`topic:<id>`) is ticked and left otherwise; ticking any resubscribes a contact that had left
 * everything. `action=unsubscribe-all` unsubscribes from everything instead. Undefined, nothing
 * written, when the link names no contact of its project.
 */
export async function savePreferencesByLink(
  deps: WriteDeps,
  token: string,
  form: Record<string, unknown>,
): Promise<PageContact | undefined> {
  const t = readToken(deps, token);
  if (!t) return undefined;
  const opts = { source: LINK_SOURCE, eventData: t.e ? { emailId: t.e } : {} };
  if (form.action === 'unsubscribe-all') {
    const contact = await unlessGone(updateContact(deps, t.p, t.c, { subscribed: false }, opts));
    return contact && { ...(await toPageContact(deps, t, contact, token)), saved: true };
  }
  const shown = new Set(typeof form.shown === 'string' ? form.shown.split(',') : []);
  const publicIds = (await topicDefs(deps, t.p)).filter((d) => d.public && shown.has(d.id)).map((d) => d.id);
  const topics = Object.fromEntries(publicIds.map((id) => [id, form[`topic:${id}`] === '1']));
  const any = Object.values(topics).some(Boolean);
  const contact = await unlessGone(updateContact(deps, t.p, t.c, { topics, ...(any && { subscribed: true }) }, opts));
  return contact && { ...(await toPageContact(deps, t, contact, token)), saved: true };
}
