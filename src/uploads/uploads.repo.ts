/** SQL for upload rows. Every read or change on behalf of a project filters by project_id. */
import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../db/index.ts';
import type { UploadsTable } from '../db/uploads-tables.ts';

export type UploadRow = Selectable<UploadsTable>;

export async function insertUpload(db: Executor, row: Insertable<UploadsTable>): Promise<UploadRow> {
  return db.insertInto('uploads').values(row).returningAll().executeTakeFirstOrThrow();
}

/** One upload by id, whatever its project: serving is public, the URL is in emails already sent. */
export async function findUploadForServing(db: Executor, id: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The project's uploads, newest first, keyset below `beforeId`; `limit + 1` rows tell whether more exist. */
export async function listUploads(
  db: Executor,
  projectId: string,
  opts: { beforeId?: string; limit: number },
): Promise<UploadRow[]> {
  let q = db.selectFrom('uploads').selectAll().where('projectId', '=', projectId);
  if (opts.beforeId) q = q.where('id', '<', opts.beforeId);
  return q
    .orderBy('id', 'desc')
    .limit(opts.limit + 1)
    .execute();
}

export async function countUploads(db: Executor, projectId: string): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('projectId', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes the project's upload and returns it; undefined when it is not the project's (or already gone). */
export async function deleteUpload(db: Executor, projectId: string, id: string): Promise<UploadRow | undefined> {
  return db
    .deleteFrom('uploads')
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Where each of the project's uploads is stored (read before the project, and by cascade these rows, is deleted). */
export async function listStoredFiles(db: Executor, projectId: string) {
  return db.selectFrom('uploads').select(['backend', 'storageKey']).where('projectId', '=', projectId).execute();
}
