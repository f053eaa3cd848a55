/**
 * The contact writes consent features make (signup/, privacy/) as the contacts feature's own
 * functions, so no other feature reaches into the contacts repositories: a sign-up's create-or-add
 * data, a confirmed double opt-in, and an erasure's delete of the row.
 */
import type { Executor, Trx } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import * as repo from './contacts.repo.ts';
import * as writes from './contacts-write.repo.ts';

/**
 * Creates the contact, or gives the one with that email the keys of `row.data` it lacks, in one
 * statement of the caller's transaction: stored values win, so a public sign-up never overwrites.
 */
export function upsertContactAddingDataIn(
  deps: Pick<Deps, 'dialect'>,
  trx: Trx,
  row: writes.NewContactRow,
): Promise<repo.ContactRow & { inserted: boolean }> {
  return writes.upsertContactAddingData(trx, deps.dialect, row);
}

/** Records that the contact confirmed a double opt-in at `at`; false when the project has no such contact. */
export function markContactConfirmedIn(trx: Trx, projectId: string, contactId: string, at: Date): Promise<boolean> {
  return writes.updateContactConfirmedAt(trx, projectId, contactId, at);
}

/** The contact's row read through `db` (the caller's transaction sees its own writes), or undefined. */
export function findContactRow(db: Executor, projectId: string, id: string): Promise<repo.ContactRow | undefined> {
  return repo.findContact(db, projectId, id);
}

/** Deletes the contact's row in the caller's transaction (its dependent rows go by cascade); the row, or undefined. */
export function deleteContactRowIn(trx: Trx, projectId: string, id: string): Promise<repo.ContactRow | undefined> {
  return repo.deleteContactReturning(trx, projectId, id);
}
