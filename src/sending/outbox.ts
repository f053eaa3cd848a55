/**
 * The outbox as other features use it (campaign fan-outs, workflow steps, account mail): rows stored
 * PENDING are delivery's to send. Delivery is woken after the rows commit: `enqueueEmail` commits its
 * own write and wakes it; `enqueueEmails` writes in the caller's transaction, and the caller calls
 * `wakeDelivery` once that transaction has committed (a wake before the commit could find nothing).
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
  await deps.deliveryWaker.poke();
}

/**
 * Stores emails without attachments in `trx`, one statement. With `skipDuplicates`, a row that would
 * break a unique index (a campaign's recipient already has its row) is left out. Answers the ids stored.
 */
export function enqueueEmails(
  deps: Pick<Deps, 'clock'>,
  trx: Executor,
  emails: StoredEmail[],
  opts: { skipDuplicates?: boolean } = {},
): Promise<string[]> {
  return insertEmails(trx, emails, deps.clock.now(), opts);
}

/** Wakes delivery for rows a committed transaction stored. */
export function wakeDelivery(deps: Pick<Deps, 'deliveryWaker'>): Promise<void> {
  return deps.deliveryWaker.poke();
}
