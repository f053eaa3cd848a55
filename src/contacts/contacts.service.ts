/** Contacts: upsert by email, read, patch, delete, list and lookup. The custom field rules live in data-rules.ts. */
import { fromJson, toBool } from '../db/codecs.ts';
import type { Deps } from '../deps.ts';
import { conflict, type FieldError, invalid, invalidFields, notFound } from '../errors.ts';
import { recordEvent, subscriptionEventName } from '../events/events.service.ts';
import { type CursorPage, decodeCursor, toCursorPage } from '../http/pagination.ts';
import { newId } from '../lib/ids.ts';
import * as repo from './contacts.repo.ts';
import { toDataPatch } from './data-rules.ts';
import { normalizeEmail } from './email.ts';
import { recordFieldTypes } from './fields/fields.service.ts';

type WriteDeps = Pick<Deps, 'db' | 'dialect' | 'clock'>;

export interface ContactView {
  id: string;
  email: string;
  subscribed: boolean;
  data: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** The API shape of a contact row (booleans and JSON decoded the same way on both databases). */
export function toContactView(row: repo.ContactRow): ContactView {
  return {
    id: row.id,
    email: row.email,
    subscribed: toBool(row.subscribed),
    data: fromJson<Record<string, unknown>>(row.data) ?? {},
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The normalised email, or 422 on `field`. */
function requireEmail(input: string, field = 'email'): string {
  const email = normalizeEmail(input);
  if (!email) throw invalid(field, 'must be a valid email address', 'INVALID_EMAIL');
  return email;
}

export interface UpsertInput {
  email: string;
  subscribed?: boolean;
  data?: Record<string, unknown>;
}

export interface UpsertResult {
  contact: ContactView;
  isNew: boolean;
  /** `{ value, persistent: false }` values of the payload, for rendering this request only (rule 5). */
  transient: Record<string, unknown>;
}

/**
 * Creates the contact or patches the one with that email (upsert by email). A new contact is
 * subscribed unless `input.subscribed` or `subscribedOnCreate` says otherwise; an existing one
 * changes subscription only when `input.subscribed` is given, and a change records
 * contact.subscribed / contact.unsubscribed. Race-free: insert-or-nothing, then conditional updates.
 */
export async function upsertContact(
  deps: WriteDeps,
  projectId: string,
  input: UpsertInput,
  opts: { subscribedOnCreate?: boolean; source?: string } = {},
): Promise<UpsertResult> {
  const email = requireEmail(input.email);
  const patch = toDataPatch(input.data ?? {});
  return deps.db.transaction().execute(async (trx) => {
    const tx = { db: trx, clock: deps.clock };
    const now = deps.clock.now();
    const subscribed = input.subscribed ?? opts.subscribedOnCreate ?? true;
    const row = {
      id: newId(),
      projectId,
      email,
      subscribed,
      data: JSON.stringify(patch.set),
      createdAt: now,
      updatedAt: now,
    };
    const created = await repo.insertContactIfAbsent(trx, row);
    await recordFieldTypes(tx, projectId, patch.set);
    if (created) return { contact: toContactView(created), isNew: true, transient: patch.transient };

    const changed =
      input.subscribed === undefined
        ? undefined
        : await repo.updateSubscribedIfChanged(trx, projectId, { email }, input.subscribed, now);
    const updated = await repo.patchContact(trx, deps.dialect, projectId, { email }, { ...patch, now });
    // Only a delete racing between the two statements gets here; the caller may simply retry.
    if (!updated) throw conflict('The contact was deleted while being updated; retry the request.');
    if (changed) {
      await recordEvent(tx, {
        projectId,
        contactId: updated.id,
        name: subscriptionEventName(input.subscribed!),
        data: { source: opts.source ?? 'api' },
      });
    }
    return { contact: toContactView(updated), isNew: false, transient: patch.transient };
  });
}

/** One contact of the project; 404 CONTACT_NOT_FOUND otherwise (another project's id included). */
export async function getContact(deps: Pick<Deps, 'db'>, projectId: string, id: string): Promise<ContactView> {
  const row = await repo.findContact(deps.db, projectId, id);
  if (!row) throw notFound('CONTACT');
  return toContactView(row);
}

export interface UpdateInput {
  email?: string;
  subscribed?: boolean;
  data?: Record<string, unknown>;
}

/** Patches email, subscription and data of one contact. 404 when absent; 409 when the new email is taken. */
export async function updateContact(
  deps: WriteDeps,
  projectId: string,
  id: string,
  input: UpdateInput,
): Promise<ContactView> {
  const email = input.email === undefined ? undefined : requireEmail(input.email);
  const patch = toDataPatch(input.data ?? {});
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const tx = { db: trx, clock: deps.clock };
      const now = deps.clock.now();
      const changed =
        input.subscribed === undefined
          ? undefined
          : await repo.updateSubscribedIfChanged(trx, projectId, { id }, input.subscribed, now);
      const row = await repo.patchContact(trx, deps.dialect, projectId, { id }, { ...patch, email, now });
      if (!row) throw notFound('CONTACT');
      if (changed) {
        const name = subscriptionEventName(input.subscribed!);
        await recordEvent(tx, { projectId, contactId: id, name, data: { source: 'api' } });
      }
      await recordFieldTypes(tx, projectId, patch.set);
      return toContactView(row);
    });
  } catch (err) {
    if (deps.dialect.isUniqueViolation(err)) throw conflict('Another contact of this project has that email.');
    throw err;
  }
}

/** Deletes one contact; 404 when it is not the project's. */
export async function deleteContact(deps: Pick<Deps, 'db'>, projectId: string, id: string): Promise<void> {
  if (!(await repo.deleteContact(deps.db, projectId, id))) throw notFound('CONTACT');
}

/** A cursor page of contacts, newest first; `search` is a case-insensitive substring of the email. */
export async function listContacts(
  deps: Pick<Deps, 'db'>,
  projectId: string,
  query: { limit: number; cursor?: string; search?: string },
): Promise<CursorPage<ContactView>> {
  const beforeId = decodeCursor(query.cursor);
  const search = query.search?.trim() || undefined;
  const rows = await repo.listContacts(deps.db, projectId, { beforeId, limit: query.limit, search });
  return toCursorPage(
    rows,
    query.limit,
    beforeId === undefined,
    () => repo.countContacts(deps.db, projectId, search),
    toContactView,
  );
}

/** Which of `emails` are contacts of the project (one query). 422 listing every malformed address. */
export async function lookupContacts(
  deps: Pick<Deps, 'db'>,
  projectId: string,
  emails: string[],
): Promise<{ found: { email: string; id: string }[]; notFound: string[] }> {
  const errors: FieldError[] = [];
  const wanted = new Set<string>();
  emails.forEach((raw, i) => {
    const email = normalizeEmail(raw);
    if (email) wanted.add(email);
    else errors.push({ field: `emails.${i}`, message: 'must be a valid email address', code: 'INVALID_EMAIL' });
  });
  if (errors.length > 0) throw invalidFields(errors);
  const rows = await repo.findContactsByEmail(deps.db, projectId, [...wanted]);
  const ids = new Map(rows.map((r) => [r.email, r.id]));
  const found: { email: string; id: string }[] = [];
  const missing: string[] = [];
  for (const email of wanted) {
    const id = ids.get(email);
    if (id) found.push({ email, id });
    else missing.push(email);
  }
  return { found, notFound: missing };
}
