/** The API shape of contacts, from their rows. */
import { fromJson, toBool } from '../db/codecs.ts';
import type { Executor } from '../db/index.ts';
import * as repo from './contacts.repo.ts';
import type { ContactView } from './contacts.schemas.ts';

/**
 * The API shape of a contact row (booleans and JSON decoded the same way on both databases), with
 * `topics` still empty: topics/topic-choices.service.ts `withTopics` fills them in.
 */
export function toContactView(row: repo.ContactRow): ContactView {
  return {
    id: row.id,
    email: row.email,
    subscribed: toBool(row.subscribed),
    data: fromJson<Record<string, unknown>>(row.data) ?? {},
    topics: [],
    confirmedAt: row.confirmedAt ? new Date(row.confirmedAt).toISOString() : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The views of the project's contacts among `ids`, read through `db` (a writer's transaction sees its own writes). */
export async function contactViewsIn(db: Executor, projectId: string, ids: readonly string[]): Promise<ContactView[]> {
  return (await repo.findContactsByIds(db, projectId, [...new Set(ids)])).map(toContactView);
}
