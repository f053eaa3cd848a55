/** SQL of SCHEDULE fan-outs (workflow_fanouts job rows); their cursor and counts move through src/jobs/job-rows.ts. */
import type { Executor } from '../db/index.ts';

/** A fan-out for one fire time, queued; a second one for the same fire time is left out. */
export async function insertFanout(
  db: Executor,
  row: { id: string; projectId: string; workflowId: string; fireAt: Date; maxContactId: string; now: Date },
): Promise<void> {
  await db
    .insertInto('workflowFanouts')
    .values({
      id: row.id,
      projectId: row.projectId,
      workflowId: row.workflowId,
      fireAt: row.fireAt,
      status: 'queued',
      maxContactId: row.maxContactId,
      createdAt: row.now,
      updatedAt: row.now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function findFanout(db: Executor, id: string) {
  return db.selectFrom('workflowFanouts').selectAll().where('id', '=', id).executeTakeFirst();
}
