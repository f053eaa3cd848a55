/** SQL for event rows. */
import { toJson } from '../db/codecs.ts';
import type { Executor } from '../db/index.ts';

export interface NewEventRow {
  id: string;
  projectId: string;
  contactId: string | null;
  name: string;
  data: Record<string, unknown>;
  createdAt: Date;
}

/** Inserts event rows in one statement. */
export async function insertEvents(db: Executor, rows: NewEventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('events')
    .values(
      rows.map((r) => ({
        id: r.id,
        projectId: r.projectId,
        contactId: r.contactId,
        name: r.name,
        data: toJson(r.data),
        createdAt: r.createdAt,
      })),
    )
    .execute();
}

/** A contact's events, oldest first. */
export async function listContactEvents(db: Executor, projectId: string, contactId: string) {
  return db
    .selectFrom('events')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('contactId', '=', contactId)
    .orderBy('id')
    .execute();
}
