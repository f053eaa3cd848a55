/**
 * SQL for evaluating an audience (a compiled filter condition over `contacts`, see
 * filters/compile.ts): count it, page it, walk it by id for a fan-out, or test given contacts. Each
 * is one statement; nothing loads the audience into memory.
 */
import type { Expression, Selectable, SqlBool } from 'kysely';
import { fromJson } from '../db/codecs.ts';
import type { Executor } from '../db/index.ts';
import type { ContactsTable } from '../db/schema.ts';
import type { FilterGroup, SegmentDef } from './filters/tree.ts';

export type AudienceContact = Selectable<ContactsTable>;

/** How many of the project's contacts `where` selects. */
export async function countAudience(db: Executor, projectId: string, where: Expression<SqlBool>): Promise<number> {
  const row = await db
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('contacts.projectId', '=', projectId)
    .where(where)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the audience in id order (oldest first). */
export async function listAudiencePage(
  db: Executor,
  projectId: string,
  where: Expression<SqlBool>,
  page: { offset: number; limit: number },
): Promise<AudienceContact[]> {
  return db
    .selectFrom('contacts')
    .selectAll('contacts')
    .where('contacts.projectId', '=', projectId)
    .where(where)
    .orderBy('contacts.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/**
 * The next `limit` audience contacts with ids in (`after`, `upTo`], in id order: the fan-out's walk,
 * bounded above by the id frozen when sending started. `subscribedOnly` leaves unsubscribed out.
 */
export async function listAudienceAfter(
  db: Executor,
  projectId: string,
  where: Expression<SqlBool>,
  range: { after: string; upTo: string; limit: number; subscribedOnly: boolean },
): Promise<AudienceContact[]> {
  return db
    .selectFrom('contacts')
    .selectAll('contacts')
    .where('contacts.projectId', '=', projectId)
    .where('contacts.id', '>', range.after)
    .where('contacts.id', '<=', range.upTo)
    .$if(range.subscribedOnly, (q) => q.where('contacts.subscribed', '=', true))
    .where(where)
    .orderBy('contacts.id')
    .limit(range.limit)
    .execute();
}

/** Which of `contactIds` (of the project) `where` selects: evaluating single contacts. */
export async function findMatchingContacts(
  db: Executor,
  projectId: string,
  where: Expression<SqlBool>,
  contactIds: readonly string[],
): Promise<string[]> {
  if (contactIds.length === 0) return [];
  const rows = await db
    .selectFrom('contacts')
    .select('contacts.id')
    .where('contacts.projectId', '=', projectId)
    .where('contacts.id', 'in', contactIds)
    .where(where)
    .execute();
  return rows.map((r) => r.id);
}

/** The project's highest contact id, or undefined when it has none (the fan-out's frozen bound). */
export async function findMaxContactId(db: Executor, projectId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('contacts')
    .select('id')
    .where('projectId', '=', projectId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** Every segment of the project as filters reference them (few per project). */
export async function listSegmentDefs(db: Executor, projectId: string): Promise<SegmentDef[]> {
  const rows = await db
    .selectFrom('segments')
    .select(['id', 'name', 'type', 'filter'])
    .where('projectId', '=', projectId)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    type: r.type,
    filter: r.filter === null ? null : fromJson<FilterGroup>(r.filter),
  }));
}
