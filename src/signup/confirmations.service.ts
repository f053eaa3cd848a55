/**
 * Double opt-in confirmations: storing a pending confirmation with its email (at most 3 an address
 * per 24 hours), reading one for its page, and applying it once: the contact is subscribed, to the
 * topics asked for, `contact.subscribed` with `{ source: "double-opt-in" }` when that changed its
 * subscription, `confirmedAt` set, and an erasure of the address lifted (it asked to come back).
 */

import { markContactConfirmedIn } from '../contacts/contact-consent.service.ts';
import { lockContactsIn, prepareUpdate, updateContactIn } from '../contacts/contact-update.service.ts';
import type { ContactView } from '../contacts/contacts.schemas.ts';
import { getContact, type WriteDeps } from '../contacts/contacts.service.ts';
import { fromJson } from '../db/codecs.ts';
import type { Trx } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import { enqueue } from '../emails/enqueue.ts';
import { AppError, conflict } from '../errors.ts';
import { newId } from '../lib/ids.ts';
import { liftErasure } from '../privacy/erasure.service.ts';
import { getSignupProject, type SignupProject } from '../projects/projects.service.ts';
import { type Locale, resolveLocale } from '../public-pages/strings.ts';
import { getTemplateRow } from '../templates/templates.service.ts';
import { applyTopicChoicesIn } from '../topics/topic-choices.service.ts';
import { readConfirmToken } from './confirm-link.ts';
import { type ConfirmationSender, composeConfirmation } from './confirmation-mail.ts';
import * as repo from './signup.repo.ts';

/** How long a confirmation link is valid (beyond.md §2). */
export const CONFIRMATION_VALID_MS = 7 * 24 * 60 * 60 * 1000;
/** Confirmation emails an address may be sent per window. */
export const MAX_CONFIRMATIONS = 3;
export const CONFIRMATION_WINDOW_MS = 24 * 60 * 60 * 1000;

export const DOUBLE_OPT_IN_SOURCE = 'double-opt-in';

type QueueDeps = Pick<Deps, 'dialect' | 'clock' | 'config' | 'secrets' | 'deliveryWaker'>;

/**
 * The sender of the project's confirmations; 409 when it has no `signupFrom`. A confirmation
 * template deleted since it was chosen leaves the built-in text in its place, so mail still goes out.
 */
export async function confirmationSender(
  deps: Pick<Deps, 'reader'>,
  project: SignupProject,
): Promise<ConfirmationSender> {
  const { signupFrom } = project;
  if (!signupFrom) throw conflict('The project has no signupFrom, the sender of confirmation mail; set it first.');
  const template = project.confirmationTemplateId
    ? await getTemplateRow(deps, project.id, project.confirmationTemplateId).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'TEMPLATE_NOT_FOUND') return undefined;
        throw err;
      })
    : undefined;
  return { project: { ...project, signupFrom }, template };
}

export type Queued = { queued: true } | { queued: false; retryAfterSeconds: number };

/**
 * In the caller's transaction: stores a pending confirmation for `contact` with `topics` and its
 * email in the outbox (delivery wakes when `trx` commits), unless the address already had
 * MAX_CONFIRMATIONS in the window; then nothing is stored and the answer says when one frees up.
 * The contact's row is locked first, so concurrent requests for one address count each other.
 */
export async function queueConfirmationIn(
  deps: QueueDeps,
  trx: Trx,
  sender: ConfirmationSender,
  contact: ContactView,
  topics: string[],
): Promise<Queued> {
  const projectId = sender.project.id;
  const now = deps.clock.now();
  await lockContactsIn(deps, trx, projectId, [contact.id]);
  const since = new Date(now.getTime() - CONFIRMATION_WINDOW_MS);
  const recent = await repo.listRecentPending(trx, projectId, contact.email, since, MAX_CONFIRMATIONS);
  const id = newId();
  // Composed even when it will not be sent: a refused sign-up costs what a sent one does (no timing tells).
  const email = await composeConfirmation(deps, sender, contact, id, newId());
  if (recent.length >= MAX_CONFIRMATIONS) {
    const frees = new Date(recent[0]!).getTime() + CONFIRMATION_WINDOW_MS;
    return { queued: false, retryAfterSeconds: Math.max(1, (frees - now.getTime()) / 1000) };
  }
  const expiresAt = new Date(now.getTime() + CONFIRMATION_VALID_MS);
  const pending = { id, projectId, contactId: contact.id, email: contact.email, topics, createdAt: now, expiresAt };
  await repo.insertPending(trx, pending);
  await enqueue(deps, trx, [email]);
  return { queued: true };
}

/** What the /confirm pages show. */
export interface ConfirmationPage {
  state: 'pending' | 'confirmed';
  email: string;
  projectName: string;
  locale: Locale;
  token: string;
}

type PageDeps = Pick<Deps, 'reader' | 'secrets' | 'topics'>;

async function toPage(deps: PageDeps, row: repo.PendingRow, token: string): Promise<ConfirmationPage | undefined> {
  const project = await getSignupProject(deps, row.projectId).catch(() => undefined);
  if (!project) return undefined;
  const contact = await getContact(deps, row.projectId, row.contactId).catch(() => undefined);
  const own = contact?.data.locale;
  return {
    state: row.confirmedAt ? 'confirmed' : 'pending',
    email: row.email,
    projectName: project.name,
    locale: resolveLocale(typeof own === 'string' ? own : project.defaultLocale),
    token,
  };
}

/** The pending confirmation a token names, for its page; undefined when altered, unknown, or expired unconfirmed. Reads only. */
export async function openConfirmation(
  deps: PageDeps & Pick<Deps, 'clock'>,
  token: string,
): Promise<ConfirmationPage | undefined> {
  const t = readConfirmToken(deps.secrets.signingSecret, token);
  const row = t && (await repo.findPending(deps.reader, t.p, t.i));
  if (!row) return undefined;
  // A confirmed link keeps saying so; an unconfirmed one dies with its expiry.
  if (!row.confirmedAt && new Date(row.expiresAt) <= deps.clock.now()) return undefined;
  return toPage(deps, row, token);
}

/**
 * Applies the confirmation a token names, once: of concurrent or repeated posts one claims the row
 * and writes; the others change nothing and get the confirmed page. Undefined (nothing written) for
 * an altered, unknown or expired token.
 */
export async function confirmByToken(deps: WriteDeps & PageDeps, token: string): Promise<ConfirmationPage | undefined> {
  const t = readConfirmToken(deps.secrets.signingSecret, token);
  if (!t) return undefined;
  const now = deps.clock.now();
  const update = await prepareUpdate(deps, t.p, { subscribed: true });
  await deps.db.transaction().execute(async (trx) => {
    const row = await repo.claimPending(trx, t.p, t.i, now);
    if (!row) return;
    const target = { projectId: row.projectId, id: row.contactId };
    await markContactConfirmedIn(trx, target.projectId, target.id, now);
    const choices = Object.fromEntries(fromJson<string[]>(row.topics).map((id) => [id, true]));
    // Topics deleted since the sign-up are left out by applyTopicChoicesIn.
    await applyTopicChoicesIn(deps, trx, target.projectId, target.id, choices, { source: DOUBLE_OPT_IN_SOURCE });
    await updateContactIn(deps, trx, target, update, { source: DOUBLE_OPT_IN_SOURCE });
    await liftErasure(trx, target.projectId, row.email);
  });
  const row = await repo.findPending(deps.db, t.p, t.i);
  return row?.confirmedAt ? toPage(deps, row, token) : undefined;
}

/** How long after its link expired a pending confirmation is kept (its confirmed page still shows meanwhile). */
const KEEP_EXPIRED_MS = 30 * 24 * 3600_000;

/** Deletes pending confirmations whose link expired more than 30 days ago (the hourly maintenance prune). */
export async function prunePendingConfirmations(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  return repo.deletePendingExpiredBefore(deps.db, new Date(deps.clock.now().getTime() - KEEP_EXPIRED_MS));
}
