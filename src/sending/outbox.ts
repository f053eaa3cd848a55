/**
 * The outbox as other features use it (campaign fan-outs, workflow steps, account mail): rows stored
 * PENDING are delivery's to send, and delivery is woken when they commit (jobs/waker.ts):
 * `enqueueEmail` commits its own write, then wakes it; `enqueueEmails` writes in the caller's
 * transaction and publishes the wake in it, so the notice arrives with the commit or not at all.
 */
import type { Executor } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import { insertEmail, insertEmails, type StoredEmail } from './outbox.repo.ts';

export type { NewEmail, StoredEmail } from './outbox.repo.ts';

/** Stores one email (with its attachments) and wakes delivery. */
export async function enqueueEmail(
  deps: Pick<Deps, 'db' | 'dialect' | 'clock' | 'deliveryWaker'>,
  email: StoredEmail,
): Promise<void> {
  await insertEmail(deps.db, deps.dialect, email, deps.clock.now());
  await deps.deliveryWaker.wake();
}

/**
 * Stores emails without attachments in `trx`, one statement, and wakes delivery when `trx` commits.
 * With `skipDuplicates`, a row that would break a unique index (a campaign's recipient already has its
 * row) is left out. Answers the ids stored.
 */
export async function enqueueEmails(
  deps: Pick<Deps, 'clock' | 'deliveryWaker'>,
  trx: Executor,
  emails: StoredEmail[],
  opts: { skipDuplicates?: boolean } = {},
): Promise<string[]> {
  const ids = await insertEmails(trx, emails, deps.clock.now(), opts);
  if (ids.length > 0) await deps.deliveryWaker.wake(trx);
  return ids;
}

/**
 * Stores every email or none, then wakes delivery: one statement when none has attachments (one row
 * on the prepared insert /v1/send uses, several as one multi-row insert), one transaction otherwise.
 */
export async function enqueueAll(
  deps: Pick<Deps, 'db' | 'dialect' | 'clock' | 'deliveryWaker'>,
  emails: StoredEmail[],
): Promise<void> {
  const now = deps.clock.now();
  if (emails.length === 1) await insertEmail(deps.db, deps.dialect, emails[0]!, now);
  else if (emails.every((e) => e.attachments.length === 0)) await insertEmails(deps.db, emails, now);
  else {
    await deps.db.transaction().execute(async (trx) => {
      for (const email of emails) await insertEmail(trx, deps.dialect, email, now);
    });
  }
  await deps.deliveryWaker.wake();
}
