/**
 * SQL of a contact's data rights: the pages an export reads (each one index range of the contact's
 * rows), what an erasure deletes or scrubs, and the erased addresses' hashes. Every query is scoped
 * to the project.
 */
import { sql } from 'kysely';
import type { Executor } from '../db/index.ts';

// ---- Export pages ----

export function listPendingConfirmations(db: Executor, projectId: string, contactId: string) {
  return db
    .selectFrom('pendingConfirmations')
    .select(['id', 'email', 'topics', 'createdAt', 'expiresAt', 'confirmedAt'])
    .where('projectId', '=', projectId)
    .where('contactId', '=', contactId)
    .orderBy('id')
    .execute();
}

/** Where an events page ends: the last row's key in events_contact_name_idx order. */
export interface EventKey {
  name: string;
  createdAt: string;
  id: string;
}

/**
 * The next `limit` events of the contact after `after`, by (name, createdAt, id): the order of
 * events_contact_name_idx, so each page is one index range however many events the contact has.
 */
export function listEventsPage(
  db: Executor,
  projectId: string,
  contactId: string,
  after: EventKey | undefined,
  limit: number,
) {
  return db
    .selectFrom('events')
    .select(['id', 'name', 'data', 'createdAt'])
    .where('contactId', '=', contactId)
    .where('projectId', '=', projectId)
    .$if(after !== undefined, (q) =>
      q.where((eb) =>
        eb(eb.refTuple('name', 'createdAt', 'id'), '>', eb.tuple(after!.name, after!.createdAt, after!.id)),
      ),
    )
    .orderBy('name')
    .orderBy('createdAt')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The next `limit` emails of the contact after the id `afterId`, oldest first (emails_contact_idx). */
export function listEmailsPage(db: Executor, projectId: string, contactId: string, afterId: string, limit: number) {
  return db
    .selectFrom('emails')
    .select([
      'id',
      'status',
      'subject',
      'sourceType',
      'sourceId',
      'createdAt',
      'sentAt',
      'deliveredAt',
      'openedAt',
      'clickedAt',
      'bouncedAt',
      'complainedAt',
    ])
    .where('contactId', '=', contactId)
    .where('id', '>', afterId)
    .where('projectId', '=', projectId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The next `limit` workflow executions of the contact after `afterId`, oldest first (workflow_executions_contact_idx). */
export function listExecutionsPage(db: Executor, projectId: string, contactId: string, afterId: string, limit: number) {
  return db
    .selectFrom('workflowExecutions')
    .select(['id', 'workflowId', 'status', 'startedAt', 'endedAt', 'exitReason'])
    .where('contactId', '=', contactId)
    .where('id', '>', afterId)
    .where('projectId', '=', projectId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

// ---- Erasure ----

/**
 * Deletes the contact's rows of `table`: events (their counter and feed triggers subtract them) or
 * workflow executions (their step runs go by cascade). Answers how many.
 */
export async function deleteContactRows(
  db: Executor,
  table: 'events' | 'workflowExecutions',
  projectId: string,
  contactId: string,
): Promise<number> {
  const r = await db
    .deleteFrom(table)
    .where(sql.ref('contactId'), '=', contactId)
    .where(sql.ref('projectId'), '=', projectId)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * The next `limit` emails still carrying the contact or the address (`email`, lower-cased): each
 * through its own index (emails_contact_idx, emails_project_recipient_idx). A scrubbed row matches
 * neither any more, so calling this again after scrubbing a page reads the next one.
 */
export async function listEmailsToScrub(
  db: Executor,
  projectId: string,
  by: { contactId: string } | { email: string },
  limit: number,
): Promise<Array<{ id: string; toEmail: string }>> {
  let q = db.selectFrom('emails').select(['id', 'toEmail']).where('projectId', '=', projectId);
  q =
    'contactId' in by
      ? q.where('contactId', '=', by.contactId)
      : q.where(sql`lower(${sql.ref('toEmail')})`, '=', by.email);
  return q.orderBy('id').limit(limit).execute();
}

/** Deletes what the capture transport kept of mail to `email` (captured_messages_to_idx). */
export async function deleteCapturedTo(db: Executor, projectId: string, email: string): Promise<void> {
  await db.deleteFrom('capturedMessages').where('projectId', '=', projectId).where('toEmail', '=', email).execute();
}

/** Deletes what the capture transport kept of the listed emails (a workflow's mail about the contact sent elsewhere). */
export async function deleteCapturedOf(db: Executor, projectId: string, emailIds: string[]): Promise<void> {
  if (emailIds.length === 0) return;
  await db.deleteFrom('capturedMessages').where('projectId', '=', projectId).where('emailId', 'in', emailIds).execute();
}

/**
 * The contact's activity items: its workflow items go (their executions are gone; the feed's count
 * trigger subtracts them), its suppressed-email items stay with their kept emails, unlinked.
 */
export async function forgetFeedItems(db: Executor, projectId: string, contactId: string): Promise<void> {
  await db
    .deleteFrom('activityFeed')
    .where('projectId', '=', projectId)
    .where('contactId', '=', contactId)
    .where('type', '<>', 'email.suppressed')
    .execute();
  await db
    .updateTable('activityFeed')
    .set({ contactId: null })
    .where('projectId', '=', projectId)
    .where('contactId', '=', contactId)
    .execute();
}

/** Takes the address off the suppression list: its hash in erased_addresses holds it back now. */
export async function deleteSuppression(db: Executor, projectId: string, email: string): Promise<void> {
  await db.deleteFrom('suppressions').where('projectId', '=', projectId).where('email', '=', email).execute();
}

// ---- Erased addresses ----

/** Records the erased address's hash; a hash erased before keeps its id (the ERASED rule's). */
export async function insertErasedAddress(
  db: Executor,
  projectId: string,
  emailHash: string,
  at: Date,
  id: string,
): Promise<void> {
  await db
    .insertInto('erasedAddresses')
    .values({ projectId, emailHash, erasedAt: at, id })
    .onConflict((oc) => oc.columns(['projectId', 'emailHash']).doUpdateSet({ erasedAt: at }))
    .execute();
}

export async function deleteErasedAddress(db: Executor, projectId: string, emailHash: string): Promise<void> {
  await db
    .deleteFrom('erasedAddresses')
    .where('projectId', '=', projectId)
    .where('emailHash', '=', emailHash)
    .execute();
}

/** Those of `hashes` erased in the project, each with its ERASED rule's id (erased_addresses_key). */
export async function findErasedHashes(
  db: Executor,
  projectId: string,
  hashes: string[],
): Promise<Map<string, string>> {
  if (hashes.length === 0) return new Map();
  const rows = await db
    .selectFrom('erasedAddresses')
    .select(['emailHash', 'id'])
    .where('projectId', '=', projectId)
    .where('emailHash', 'in', hashes)
    .execute();
  return new Map(rows.map((r) => [r.emailHash, r.id]));
}

/** One erased address of the project by its rule id. */
export function findErasedById(db: Executor, projectId: string, id: string) {
  return db
    .selectFrom('erasedAddresses')
    .select(['id', 'emailHash', 'erasedAt'])
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The project's erased addresses newest first after the id `after` (erased_addresses_project_id_uq),
 * at most `limit`; only `hash` when given.
 */
export function listErasedPage(
  db: Executor,
  projectId: string,
  page: { after?: string; limit: number; hash?: string },
) {
  return db
    .selectFrom('erasedAddresses')
    .select(['id', 'emailHash', 'erasedAt'])
    .where('projectId', '=', projectId)
    .$if(page.hash !== undefined, (q) => q.where('emailHash', '=', page.hash!))
    .$if(page.after !== undefined, (q) => q.where('id', '<', page.after!))
    .orderBy('id', 'desc')
    .limit(page.limit)
    .execute();
}

/** The project's erased addresses (only `hash` when given), counted up to `cap`. */
export async function countErased(db: Executor, projectId: string, cap: number, hash?: string): Promise<number> {
  const row = await db
    .selectFrom(
      db
        .selectFrom('erasedAddresses')
        .select('id')
        .where('projectId', '=', projectId)
        .$if(hash !== undefined, (q) => q.where('emailHash', '=', hash!))
        .limit(cap)
        .as('e'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The next `limit` erased hashes of the project after `after`, in hash order (the primary key). */
export async function listErasedHashes(db: Executor, projectId: string, after: string, limit: number) {
  const rows = await db
    .selectFrom('erasedAddresses')
    .select('emailHash')
    .where('projectId', '=', projectId)
    .where('emailHash', '>', after)
    .orderBy('emailHash')
    .limit(limit)
    .execute();
  return rows.map((r) => r.emailHash);
}

/** Those of `ids` that are the project's pending confirmations, with the address each was for. */
export function findConfirmations(db: Executor, projectId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('pendingConfirmations')
    .select(['id', 'email'])
    .where('projectId', '=', projectId)
    .where('id', 'in', ids)
    .execute();
}
