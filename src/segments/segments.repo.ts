/** SQL for segments and their member rows. Every statement is scoped by project_id. */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../db/index.ts';
import { deleteProjectRow, findProjectRow, updateProjectRow } from '../db/project-rows.ts';
import type { SegmentsTable } from '../db/schema.ts';

export type SegmentRow = Selectable<SegmentsTable>;
export type NewSegment = Insertable<SegmentsTable>;
/** The columns a patch may change (never the id, the project or the type). */
export type SegmentPatch = Omit<Updateable<SegmentsTable>, 'id' | 'projectId' | 'type' | 'createdAt'>;

/** One segment of the project, or undefined. */
export async function findSegment(db: Executor, projectId: string, id: string): Promise<SegmentRow | undefined> {
  return findProjectRow(db, 'segments', projectId, id);
}

/** Every segment of the project, oldest first (a project has few). */
export async function listSegments(db: Executor, projectId: string): Promise<SegmentRow[]> {
  return db.selectFrom('segments').selectAll().where('projectId', '=', projectId).orderBy('id').execute();
}

/** The project's DYNAMIC segments that track membership. */
export async function listTrackedSegments(db: Executor, projectId: string): Promise<SegmentRow[]> {
  return db
    .selectFrom('segments')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('type', '=', 'DYNAMIC')
    .where('trackMembership', '=', true)
    .orderBy('id')
    .execute();
}

/** Every tracked DYNAMIC segment of every project, for the periodic backstop (ids only). */
export async function listAllTrackedSegments(db: Executor): Promise<{ id: string; projectId: string }[]> {
  return db
    .selectFrom('segments')
    .select(['id', 'projectId'])
    .where('type', '=', 'DYNAMIC')
    .where('trackMembership', '=', true)
    .execute();
}

export async function insertSegment(db: Executor, row: NewSegment): Promise<SegmentRow> {
  return db.insertInto('segments').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Applies `patch` to the project's segment; undefined when there is none with that id. */
export async function updateSegment(
  db: Executor,
  projectId: string,
  id: string,
  patch: SegmentPatch,
): Promise<SegmentRow | undefined> {
  return updateProjectRow(db, 'segments', projectId, id, patch);
}

/** Moves the cached count by `delta` (member rows added or removed in the caller's transaction). */
export async function addToMemberCount(db: Executor, projectId: string, id: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await db
    .updateTable('segments')
    .set((eb) => ({ memberCount: eb('memberCount', '+', delta) }))
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .execute();
}

/** Deletes the project's segment (its member rows go with it); false when there was none. */
export async function deleteSegment(db: Executor, projectId: string, id: string): Promise<boolean> {
  return deleteProjectRow(db, 'segments', projectId, id);
}

/**
 * How many of the project's campaigns that are SCHEDULED or SENDING address the segment. It reads
 * the campaigns table directly (a one-column read, not campaign logic): the campaigns feature is
 * built beside this one, and this is the contract's one rule between them (DELETE answers 409).
 */
export async function countActiveCampaignsUsing(db: Executor, projectId: string, segmentId: string): Promise<number> {
  const row = await db
    .selectFrom('campaigns')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('projectId', '=', projectId)
    .where('segmentId', '=', segmentId)
    .where('status', 'in', ['SCHEDULED', 'SENDING'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Makes the contacts members; returns the ids that were not members before (a replay inserts nothing). */
export async function insertMembers(
  db: Executor,
  seg: { projectId: string; id: string },
  contactIds: readonly string[],
  now: Date,
): Promise<string[]> {
  if (contactIds.length === 0) return [];
  const rows = await db
    .insertInto('segmentMembers')
    .values(contactIds.map((contactId) => ({ segmentId: seg.id, contactId, projectId: seg.projectId, createdAt: now })))
    .onConflict((oc) => oc.columns(['segmentId', 'contactId']).doNothing())
    .returning('contactId')
    .execute();
  return rows.map((r) => r.contactId);
}

/** Removes the contacts from the segment; returns the ids that were members. */
export async function deleteMembers(
  db: Executor,
  seg: { projectId: string; id: string },
  contactIds: readonly string[],
): Promise<string[]> {
  if (contactIds.length === 0) return [];
  const rows = await db
    .deleteFrom('segmentMembers')
    .where('projectId', '=', seg.projectId)
    .where('segmentId', '=', seg.id)
    .where('contactId', 'in', contactIds)
    .returning('contactId')
    .execute();
  return rows.map((r) => r.contactId);
}

/** Which of `contactIds` are members. */
export async function findMemberIds(db: Executor, segmentId: string, contactIds: readonly string[]): Promise<string[]> {
  if (contactIds.length === 0) return [];
  const rows = await db
    .selectFrom('segmentMembers')
    .select('contactId')
    .where('segmentId', '=', segmentId)
    .where('contactId', 'in', contactIds)
    .execute();
  return rows.map((r) => r.contactId);
}

/** Member ids in (`after`, `upTo`] (the primary key's range: one slice of a compute). */
export async function listMemberIdsBetween(
  db: Executor,
  segmentId: string,
  range: { after: string; upTo: string },
): Promise<string[]> {
  const rows = await db
    .selectFrom('segmentMembers')
    .select('contactId')
    .where('segmentId', '=', segmentId)
    .where('contactId', '>', range.after)
    .where('contactId', '<=', range.upTo)
    .execute();
  return rows.map((r) => r.contactId);
}

/** How many member rows the segment has (the primary key's prefix). */
export async function countMembers(db: Executor, segmentId: string): Promise<number> {
  const row = await db
    .selectFrom('segmentMembers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('segmentId', '=', segmentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
