/**
 * Erasure (beyond.md §3): a contact and everything that names it go in one transaction, its emails
 * stay as anonymous statistics, and its address stays only as a hash that keeps mail from it
 * (src/privacy/erased.ts) until it confirms a new sign-up (`liftErasure`).
 */
import { recordActivity } from '../activity/activity.service.ts';
import { deleteContactRowIn, findContactRow } from '../contacts/contact-consent.service.ts';
import { lockContactsIn } from '../contacts/contact-update.service.ts';
import { toContactView } from '../contacts/contact-view.ts';
import type { Trx } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import { eraseEmails } from '../emails/transitions.ts';
import { notFound } from '../errors.ts';
import { newId } from '../lib/ids.ts';
import { ERASED_REASON, emailHash } from './erased.ts';
import * as repo from './privacy.repo.ts';
import type { ErasureResult } from './privacy.schemas.ts';

type Erased = ErasureResult['data']['erased'];

/** Emails scrubbed per statement: well under both databases' limits on bound values. */
const SCRUB_PAGE = 500;

/**
 * Erases one contact of the project; 404 CONTACT_NOT_FOUND otherwise. In one transaction: its events
 * and workflow executions (with their step runs) are deleted, the contact is deleted as DELETE
 * /contacts/:id deletes it (segment memberships, topic choices and pending confirmations go by
 * cascade; the counters, search index and `contact.deleted` webhook follow), every email to it or
 * about it keeps only its status and times, its address leaves the suppression list and the capture
 * outbox, and the address's hash is recorded so nothing mails it again. The activity log keeps the
 * counts, without the address.
 */
export async function eraseContact(
  deps: Pick<Deps, 'db' | 'dialect' | 'clock' | 'webhooks' | 'suppressionRules'>,
  projectId: string,
  contactId: string,
): Promise<Erased> {
  const announce = await deps.webhooks.wants(deps.db, projectId, ['contact.deleted']);
  return deps.db.transaction().execute(async (trx) => {
    // Writers of this contact (an event, a wait) wait for the erasure, then find it gone.
    await lockContactsIn(deps, trx, projectId, [contactId]);
    if (!(await findContactRow(trx, projectId, contactId))) throw notFound('CONTACT');
    const now = deps.clock.now();
    const events = await repo.deleteContactRows(trx, 'events', projectId, contactId);
    const executions = await repo.deleteContactRows(trx, 'workflowExecutions', projectId, contactId);
    const gone = await deleteContactRowIn(trx, projectId, contactId);
    // A concurrent erasure or delete took it first: this one rolls back.
    if (!gone) throw notFound('CONTACT');
    const address = gone.email;
    const emails =
      (await scrubAll(trx, projectId, { contactId }, address, now)) +
      (await scrubAll(trx, projectId, { email: address }, address, now));
    await repo.forgetFeedItems(trx, projectId, contactId);
    await repo.deleteCapturedTo(trx, projectId, address);
    await repo.deleteSuppression(trx, projectId, address);
    const hash = emailHash(address);
    await repo.insertErasedAddress(trx, projectId, hash, now, newId());
    // The cached rules learn the erased address (the deleted address rule is confirmed away on a hit).
    await deps.suppressionRules.added(trx, projectId, [{ kind: 'erased', value: hash, expiresAt: null }]);
    if (announce)
      await deps.webhooks.announce(trx, projectId, [{ type: 'contact.deleted', data: toContactView(gone) }]);
    const erased = { events, executions, emails };
    await recordActivity(
      trx,
      { projectId, type: 'contact.erased', resourceType: 'contact', resourceId: contactId, data: erased },
      now,
    );
    return erased;
  });
}

/**
 * Scrubs every email still matching `by`, a page at a time (a scrubbed row no longer matches);
 * answers how many. Captured copies of mail about the contact sent to another address go too.
 */
async function scrubAll(
  trx: Trx,
  projectId: string,
  by: { contactId: string } | { email: string },
  address: string,
  now: Date,
): Promise<number> {
  let n = 0;
  for (;;) {
    const page = await repo.listEmailsToScrub(trx, projectId, by, SCRUB_PAGE);
    if (page.length === 0) return n;
    const ids = page.map((r) => r.id);
    await eraseEmails(trx, ids, ERASED_REASON, now);
    // Copies to the address itself go by its own index afterwards; only the rare others by id here.
    const elsewhere = page.filter((r) => r.toEmail.toLowerCase() !== address).map((r) => r.id);
    await repo.deleteCapturedOf(trx, projectId, elsewhere);
    n += page.length;
  }
}

/**
 * Lets an erased address be mailed again: called in the transaction of a confirmed sign-up (the
 * address asked for mail itself). A no-op for an address that was never erased.
 */
export async function liftErasure(trx: Trx, projectId: string, email: string): Promise<void> {
  await repo.deleteErasedAddress(trx, projectId, emailHash(email));
}
