/**
 * SQL of the public archive (beyond.md §11): the archive flag, and a project's SENT campaigns that
 * carry it, newest first through campaigns_archive_idx.
 */
import type { Executor } from '../db/index.ts';
import type { CampaignRow } from './campaigns.repo.ts';

/** Sets the archive flag in any state; undefined when the project has no such campaign. */
export async function updateArchive(
  db: Executor,
  projectId: string,
  id: string,
  archive: boolean,
  now: Date,
): Promise<CampaignRow | undefined> {
  return db
    .updateTable('campaigns')
    .set({ archive, updatedAt: now })
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** The project's SENT campaigns on its archive, through campaigns_archive_idx. */
function archived(db: Executor, projectId: string) {
  return db
    .selectFrom('campaigns')
    .where('projectId', '=', projectId)
    .where('archive', '=', true)
    .where('status', '=', 'SENT')
    .where('sentAt', 'is not', null);
}

/** The next `limit` archived campaigns sent before the `before` key (sent_at, id), newest first. */
export async function listArchived(
  db: Executor,
  projectId: string,
  before: { sentAt: string; id: string } | undefined,
  limit: number,
): Promise<CampaignRow[]> {
  return archived(db, projectId)
    .selectAll()
    .$if(before !== undefined, (q) =>
      q.where((eb) => eb(eb.refTuple('sentAt', 'id'), '<', eb.tuple(before!.sentAt, before!.id))),
    )
    .orderBy('sentAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** One archived SENT campaign of the project, or undefined. */
export async function findArchived(db: Executor, projectId: string, id: string): Promise<CampaignRow | undefined> {
  return archived(db, projectId).selectAll().where('id', '=', id).executeTakeFirst();
}
