/** SQL for the project activity log (resource changes the activity feed reports besides mail events). */

import { toJson } from '../db/codecs.ts';
import type { Executor } from '../db/index.ts';
import { newId } from '../lib/ids.ts';

export interface NewActivity {
  projectId: string;
  type: string;
  resourceType: string;
  resourceId: string;
  data: Record<string, unknown>;
}

export async function insertActivity(db: Executor, a: NewActivity, now: Date): Promise<void> {
  await db
    .insertInto('activityLog')
    .values({
      id: newId(),
      projectId: a.projectId,
      type: a.type,
      resourceType: a.resourceType,
      resourceId: a.resourceId,
      data: toJson(a.data),
      createdAt: now,
    })
    .execute();
}

export async function listActivity(db: Executor, projectId: string, limit: number) {
  return db
    .selectFrom('activityLog')
    .selectAll()
    .where('projectId', '=', projectId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
