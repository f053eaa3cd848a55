/**
 * The subscription links of sent emails: a signed token names a project and one of its contacts;
 * reading a link never changes anything, and acting on it goes through the contacts service, so the
 * subscription events are recorded exactly as for PATCH /contacts/:id (only on a real change).
 */
import { updateContact } from '../contacts/contact-update.service.ts';
import { type WriteDeps as ContactWriteDeps, getContact } from '../contacts/contacts.service.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { readSubscriptionToken, type SubscriptionToken } from '../mail/links.ts';
import { getSendSettings } from '../projects/projects.service.ts';
import type { PageContact } from './pages.ts';
import { resolveLocale } from './strings.ts';

type ReadDeps = Pick<Deps, 'reader' | 'secrets' | 'config' | 'keyCache'>;
type WriteDeps = ContactWriteDeps & Pick<Deps, 'secrets' | 'keyCache'>;

/** The event `source` of a change made through a subscription link. */
export const LINK_SOURCE = 'link';

/** The token's payload when its signature holds and its fields have the shape we sign. */
function readToken(deps: Pick<Deps, 'secrets'>, token: string): SubscriptionToken | undefined {
  const t = readSubscriptionToken(deps.secrets.signingSecret, token);
  if (!t || typeof t.p !== 'string' || typeof t.c !== 'string') return undefined;
  if (t.e !== undefined && typeof t.e !== 'string') return undefined;
  return t;
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
  projectId: string,
  contact: { email: string; subscribed: boolean; data: Record<string, unknown> },
  token: string,
): Promise<PageContact> {
  const own = contact.data.locale;
  const locale =
    typeof own === 'string' ? own : (await getSendSettings(deps, projectId).catch(() => undefined))?.defaultLocale;
  return { email: contact.email, subscribed: contact.subscribed, locale: resolveLocale(locale), token };
}

/**
 * The contact a subscription link names, as its pages show it; undefined when the token is not
 * ours (tampered, another purpose) or the project no longer has that contact. Reads only.
 */
export async function openSubscriptionLink(deps: ReadDeps, token: string): Promise<PageContact | undefined> {
  const t = readToken(deps, token);
  if (!t) return undefined;
  const contact = await unlessGone(getContact(deps, t.p, t.c));
  return contact && toPageContact(deps, t.p, contact, token);
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
  const contact = await unlessGone(updateContact(deps, t.p, t.c, { subscribed }, { source: LINK_SOURCE, eventData }));
  return contact && toPageContact(deps, t.p, contact, token);
}
