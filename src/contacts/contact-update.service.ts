/**
 * Updating one contact: checked first (`prepareUpdate`: the email, the field cap), then written in a
 * transaction of its own (`updateContact`, PATCH /contacts/:id) or the caller's (`updateContactIn`,
 * a workflow's UPDATE_CONTACT step, whose move commits with it), with its subscription event, field
 * types and watchers. And the row lock writers take to see each other's work on a contact.
 */
import type { Trx } from '../db/index.ts';
import type { FieldType } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { conflict, notFound } from '../errors.ts';
import { applyTopicChoicesIn, withTopicsOne } from '../topics/topic-choices.service.ts';
import { requireTopicIds } from '../topics/topics.service.ts';
import { toContactView } from './contact-view.ts';
import { contactsChanged } from './contact-watchers.ts';
import * as repo from './contacts.repo.ts';
import type { ContactView } from './contacts.schemas.ts';
import { requireEmail, setContactSubscription, type WriteDeps } from './contacts.service.ts';
import { type DataPatch, fieldTypesOf, toDataPatch } from './data-rules.ts';
import { newFieldTypes, recordFieldTypes, rememberFieldTypes } from './fields/fields.service.ts';

export interface UpdateInput {
  email?: string;
  subscribed?: boolean;
  data?: Record<string, unknown>;
  /** Topic choices (beyond.md §1): only the named topics change. */
  topics?: Record<string, boolean>;
}

/** An update checked and ready to write: see `prepareUpdate`. */
export interface PreparedUpdate {
  email?: string;
  subscribed?: boolean;
  patch: DataPatch;
  /** Topic choices to write, ids checked. */
  topics?: Record<string, boolean>;
  /** Field types the write records (and, once committed, remembers). */
  types: { key: string; type: FieldType }[];
}

/** Checks an update's email (422) and the field cap, before any write. */
export async function prepareUpdate(
  deps: Pick<Deps, 'reader' | 'fieldTypes' | 'config' | 'topics'>,
  projectId: string,
  input: UpdateInput,
): Promise<PreparedUpdate> {
  const email = input.email === undefined ? undefined : requireEmail(input.email);
  const patch = toDataPatch(input.data ?? {});
  if (input.topics) await requireTopicIds(deps, projectId, Object.keys(input.topics), 'topics');
  const types = await newFieldTypes(deps, projectId, fieldTypesOf(patch.set));
  return { email, subscribed: input.subscribed, patch, topics: input.topics, types };
}

/**
 * Writes a prepared update of one contact inside the caller's transaction `trx`: the subscription
 * change and its event, the data patch, the field types; 404 (rolling `trx` back) when absent. Call
 * `afterUpdateCommitted` once `trx` has committed.
 */
export async function updateContactIn(
  deps: WriteDeps,
  trx: Trx,
  target: { projectId: string; id: string },
  update: PreparedUpdate,
  opts: { source?: string; eventData?: Record<string, unknown> } = {},
): Promise<repo.ContactRow> {
  const { projectId, id } = target;
  const tx = { ...deps, db: trx };
  if (update.subscribed !== undefined) {
    const source = opts.source ?? 'api';
    await setContactSubscription(tx, projectId, id, update.subscribed, source, opts.eventData);
  }
  const now = deps.clock.now();
  const updated = await repo.patchContact(
    trx,
    deps.dialect,
    projectId,
    { id },
    { ...update.patch, email: update.email, now },
  );
  if (!updated) throw notFound('CONTACT');
  if (update.topics) await applyTopicChoicesIn(deps, trx, projectId, id, update.topics, opts);
  await recordFieldTypes(tx, projectId, update.types);
  await contactsChanged(deps, trx, projectId, [id]);
  if (await deps.webhooks.wants(trx, projectId, ['contact.updated'])) {
    const view = await withTopicsOne(deps, trx, projectId, toContactView(updated));
    await deps.webhooks.announce(trx, projectId, [{ type: 'contact.updated', data: view }]);
  }
  return updated;
}

/** After an update written by `updateContactIn` committed: its field types are known here. */
export function afterUpdateCommitted(deps: Pick<Deps, 'fieldTypes'>, projectId: string, update: PreparedUpdate): void {
  rememberFieldTypes(deps, projectId, update.types);
}

/**
 * Patches email, subscription and data of one contact. 404 when absent; 409 when the new email is taken.
 * A subscription change records contact.subscribed / contact.unsubscribed with `{ source, ...eventData }`.
 */
export async function updateContact(
  deps: WriteDeps,
  projectId: string,
  id: string,
  input: UpdateInput,
  opts: { source?: string; eventData?: Record<string, unknown> } = {},
): Promise<ContactView> {
  const update = await prepareUpdate(deps, projectId, input);
  try {
    // Not found rolls the transaction back, subscription event included.
    const row = await deps.db
      .transaction()
      .execute((trx) => updateContactIn(deps, trx, { projectId, id }, update, opts));
    afterUpdateCommitted(deps, projectId, update);
    return await withTopicsOne(deps, deps.reader, projectId, toContactView(row));
  } catch (err) {
    if (deps.dialect.isUniqueViolation(err)) throw conflict('Another contact of this project has that email.');
    throw err;
  }
}

/**
 * Locks the contacts' rows in the caller's transaction `trx` until it ends (PostgreSQL; SQLite's one
 * writer serialises anyway). A workflow's wait and an event for the same contact take it, so one of
 * them always sees the other's committed write.
 */
export async function lockContactsIn(
  deps: Pick<Deps, 'dialect'>,
  trx: Trx,
  projectId: string,
  contactIds: string[],
): Promise<void> {
  await repo.lockContacts(trx, deps.dialect, projectId, contactIds);
}
