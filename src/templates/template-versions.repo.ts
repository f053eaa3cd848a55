/** SQL for template_versions: each saved content of a template. Every statement is scoped by project_id. */
import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../db/index.ts';
import type { TemplateVersionsTable } from '../db/schema.ts';

export type TemplateVersionRow = Selectable<TemplateVersionsTable>;
export type NewTemplateVersion = Insertable<TemplateVersionsTable>;

export async function insertVersion(db: Executor, row: NewTemplateVersion): Promise<void> {
  await db.insertInto('templateVersions').values(row).execute();
}

/** One version of the project's template, or undefined. */
export async function findVersion(
  db: Executor,
  projectId: string,
  templateId: string,
  version: number,
): Promise<TemplateVersionRow | undefined> {
  return db
    .selectFrom('templateVersions')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('templateId', '=', templateId)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** One page of the template's versions, newest first, without their bodies. */
export async function listVersions(
  db: Executor,
  projectId: string,
  templateId: string,
  page: { offset: number; limit: number },
) {
  return db
    .selectFrom('templateVersions')
    .select(['version', 'createdAt', 'createdByType', 'createdByUserId', 'createdByEmail', 'subject', 'format'])
    .where('projectId', '=', projectId)
    .where('templateId', '=', templateId)
    .orderBy('version', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countVersions(db: Executor, projectId: string, templateId: string): Promise<number> {
  const row = await db
    .selectFrom('templateVersions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('projectId', '=', projectId)
    .where('templateId', '=', templateId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
