import type { Executor, Trx } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import { type FieldError, invalid, invalidFields, notFound } from '../errors.ts';
import { recordEvent, subscriptionEventName } from '../events/events.service.ts';
import { newId } from '../lib/ids.ts';
import { applyTopicChoicesIn, withTopicsOne } from '../topics/topic-choices.service.ts';
import { requireTopicIds } from '../topics/topics.service.ts';
import { toContactView } from './contact-view.ts';
import { contactsChanged } from './contact-watchers.ts';
import * as repo from './contacts.repo.ts';
import type { ContactView, LookupResult } from './contacts.schemas.ts';
import * as writes from './contacts-write.repo.ts';
import { fieldTypesOf, toDataPatch } from './data-rules.ts';
import { normalizeEmail } from './email.ts';
import { listContactIdsAfter } from './fields/fields.repo.ts';
import { newFieldTypes, recordFieldTypes, rememberFieldTypes } from './fields/fields.service.ts';
import { type PreparedUpsert, savedAnnouncements, upsertGrouped, WRITE_TYPES } from './grouped-upserts.ts';

export type WriteDeps = Pick<
  Deps,
  | 'db'
  | 'reader'
  | 'dialect'
  | 'clock'
  | 'fieldTypes'
  | 'config'
  | 'searchIndex'
  | 'eventListeners'
  | 'contactWatchers'
  | 'webhooks'
  | 'topics'
>;

/** The normalised email, or 422 on `field`. */
export function requireEmail(input: string, field = 'email'): string {
  const email = normalizeEmail(input);
  if (!email) throw invalid(field, 'must be a valid email address', 'INVALID_EMAIL');
  return email;
}

export interface UpsertInput {
  email: string;
  subscribed?: boolean;
  data?: Record<string, unknown>;
  /** Topic choices to write (beyond.md §1): only the named topics change. */
  topics?: Record<string, boolean>;
}

export interface UpsertResult {
  contact: ContactView;
  isNew: boolean;
  /** `{ value, persistent: false }` values of the payload, for rendering this request only (rule 5). */
  transient: Record<string, unknown>;
}

export interface UpsertOptions {
  /** Subscription of a new contact when `input.subscribed` is absent (default true). */
  subscribedOnCreate?: boolean;
  /** `source` of a subscription event. */
  source?: string;
  /**
   * Runs in the contact write's transaction, after the write, with the saved contact (POST /v1/track
   * stores its event here): whatever it writes through `trx` commits or rolls back with the contact.
   */
  alsoInTransaction?: (trx: Trx, contact: ContactView) => Promise<void>;
}

/**
 * Creates the contact or patches the one with that email (upsert by email). A new contact is
 * subscribed unless `input.subscribed` or `subscribedOnCreate` says otherwise; an existing one
 * changes subscription only when `input.subscribed` is given, and a change records
 * contact.subscribed / contact.unsubscribed. The common case (no subscription given, no new field,
 * nothing else to write) is one statement; otherwise one short transaction.
 */
export async function upsertContact(
  deps: WriteDeps & Pick<Deps, 'batches'>,
  projectId: string,
  input: UpsertInput,
  opts: UpsertOptions = {},
): Promise<UpsertResult> {
  const prepared = await prepareUpsert(deps, projectId, input, opts);
  const { email, patch, types, row } = prepared;
  const now = row.createdAt;
  const topics = input.topics && Object.keys(input.topics).length > 0 ? input.topics : undefined;
  if (topics) await requireTopicIds(deps, projectId, Object.keys(topics), 'topics');
  const announced = await deps.webhooks.wants(deps.db, projectId, WRITE_TYPES);
  // Heard by an endpoint, the write and its messages need a transaction: writes started together share one.
  if (announced && prepared.groupable && !opts.alsoInTransaction && !topics) {
    const saved = await upsertGrouped(deps, prepared);
    const contact = await withTopicsOne(deps, deps.reader, projectId, saved.contact);
    return { contact, isNew: saved.inserted, transient: patch.transient };
  }
  const write = async (db: Executor) => {
    const changed =
      input.subscribed === undefined
        ? undefined
        : await repo.updateSubscribedIfChanged(db, projectId, { email }, input.subscribed, now);
    const saved = await writes.upsertContact(
      db,
      deps.dialect,
      row,
      { ...patch, subscribed: input.subscribed },
      deps.batches,
    );
    await recordFieldTypes({ db, clock: deps.clock }, projectId, types);
    // Before the watchers: a segment tracking `topic.<id>` must see the new choices.
    if (topics) await applyTopicChoicesIn(deps, db as Trx, projectId, saved.id, topics, opts);
    await contactsChanged(deps, db, projectId, [saved.id]);
    if (changed) {
      const name = subscriptionEventName(input.subscribed!);
      await recordEvent(
        { ...deps, db },
        { projectId, contactId: saved.id, name, data: { source: opts.source ?? 'api' } },
      );
    }
    const contact = await withTopicsOne(deps, db, projectId, toContactView(saved));
    if (announced)
      await deps.webhooks.announce(db, projectId, savedAnnouncements([{ contact, inserted: saved.inserted }]));
    if (opts.alsoInTransaction) await opts.alsoInTransaction(db as Trx, contact);
    return { contact, inserted: saved.inserted };
  };
  // Without a subscription change, a new field type or a caller's write there is one statement: no transaction needed.
  const saved =
    input.subscribed === undefined && types.length === 0 && !opts.alsoInTransaction && !announced && !topics
      ? await write(deps.db)
      : await deps.db.transaction().execute(write);
  rememberFieldTypes(deps, projectId, types);
  if (saved.inserted) deps.searchIndex.poke();
  return { contact: saved.contact, isNew: saved.inserted, transient: patch.transient };
}

/** Checks the email (422) and the field cap, and builds the row and data patch of one upsert. */
export async function prepareUpsert(
  deps: Pick<Deps, 'reader' | 'fieldTypes' | 'config' | 'clock'>,
  projectId: string,
  input: UpsertInput,
  opts: Pick<UpsertOptions, 'subscribedOnCreate'> = {},
): Promise<PreparedUpsert> {
  const email = requireEmail(input.email);
  const patch = toDataPatch(input.data ?? {});
  const types = await newFieldTypes(deps, projectId, fieldTypesOf(patch.set));
  const now = deps.clock.now();
  const row = {
    id: newId(),
    projectId,
    email,
    subscribed: input.subscribed ?? opts.subscribedOnCreate ?? true,
    data: JSON.stringify(patch.set),
    createdAt: now,
    updatedAt: now,
  };
  return { email, patch, types, row, groupable: input.subscribed === undefined && types.length === 0 };
}

/** One contact of the project; 404 CONTACT_NOT_FOUND otherwise (another project's id included). */
export async function getContact(
  deps: Pick<Deps, 'reader' | 'topics'>,
  projectId: string,
  id: string,
): Promise<ContactView> {
  const row = await repo.findContact(deps.reader, projectId, id);
  if (!row) throw notFound('CONTACT');
  return withTopicsOne(deps, deps.reader, projectId, toContactView(row));
}

/** Deletes one contact; 404 when it is not the project's. Endpoints subscribed to contact.deleted get its last view. */
export async function deleteContact(deps: Pick<Deps, 'db' | 'webhooks'>, projectId: string, id: string): Promise<void> {
  if (!(await deps.webhooks.wants(deps.db, projectId, ['contact.deleted']))) {
    if (!(await repo.deleteContact(deps.db, projectId, id))) throw notFound('CONTACT');
    return;
  }
  await deps.db.transaction().execute(async (trx) => {
    const gone = await repo.deleteContactReturning(trx, projectId, id);
    if (!gone) throw notFound('CONTACT');
    await deps.webhooks.announce(trx, projectId, [{ type: 'contact.deleted', data: toContactView(gone) }]);
  });
}

/** Which of `emails` are contacts of the project (one query). 422 listing every malformed address. */
export async function lookupContacts(
  deps: Pick<Deps, 'reader' | 'dialect'>,
  projectId: string,
  emails: string[],
): Promise<LookupResult> {
  const errors: FieldError[] = [];
  const wanted = new Set<string>();
  emails.forEach((raw, i) => {
    const email = normalizeEmail(raw);
    if (email) wanted.add(email);
    else errors.push({ field: `emails.${i}`, message: 'must be a valid email address', code: 'INVALID_EMAIL' });
  });
  if (errors.length > 0) throw invalidFields(errors);
  const rows = await repo.findContactsByEmail(deps.reader, deps.dialect, projectId, [...wanted]);
  const ids = new Map(rows.map((r) => [r.email, r.id]));
  const found: LookupResult['found'] = [];
  const missing: string[] = [];
  for (const email of wanted) {
    const id = ids.get(email);
    if (id) found.push({ email, id });
    else missing.push(email);
  }
  return { found, notFound: missing };
}

/**
 * Sets one contact's subscription and records contact.subscribed / contact.unsubscribed when it
 * changed (data `{ ...eventData, source }`); true then. Runs in the caller's transaction when `deps.db`
 * is one (PATCH with its data patch; a hard bounce with the email's status change).
 */
export async function setContactSubscription(
  deps: Pick<Deps, 'db' | 'clock' | 'eventListeners'>,
  projectId: string,
  contactId: string,
  subscribed: boolean,
  source: string,
  eventData: Record<string, unknown> = {},
): Promise<boolean> {
  const changed = await repo.updateSubscribedIfChanged(
    deps.db,
    projectId,
    { id: contactId },
    subscribed,
    deps.clock.now(),
  );
  if (!changed) return false;
  const name = subscriptionEventName(subscribed);
  await recordEvent(deps, { projectId, contactId, name, data: { ...eventData, source } });
  return true;
}

/** The id of the project's contact with that address, if any (`email` any case; malformed: undefined). */
export async function findContactIdByEmail(
  deps: Pick<Deps, 'reader' | 'dialect'>,
  projectId: string,
  email: string,
): Promise<string | undefined> {
  const normal = normalizeEmail(email);
  if (!normal) return undefined;
  const [row] = await repo.findContactsByEmail(deps.reader, deps.dialect, projectId, [normal]);
  return row?.id;
}

/** The project's next `limit` contact ids after `after` (all from the start when undefined), in id order, read in `db`. */
export function contactIdsAfter(db: Executor, projectId: string, after: string | undefined, limit: number) {
  return listContactIdsAfter(db, projectId, after, limit);
}
