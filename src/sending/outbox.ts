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
