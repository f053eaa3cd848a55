/** SQL for templates. Every statement is scoped by project_id. */
import { type Insertable, type Selectable, type SqlBool, sql, type Updateable } from 'kysely';
import { likeContaining } from '../db/dialect.ts';
import type { Executor } from '../db/index.ts';
import { deleteProjectRow, findProjectRow, updateProjectRow } from '../db/project-rows.ts';
import type { EmailType, TemplatesTable } from '../db/schema.ts';

export type TemplateRow = Selectable<TemplatesTable>;
export type NewTemplate = Insertable<TemplatesTable>;
/** The columns a patch may change (never the id or the project). */
export type TemplatePatch = Omit<Updateable<TemplatesTable>, 'id' | 'projectId' | 'createdAt'>;

export interface TemplateFilter {
  type?: EmailType;
  /** Substring of the name or subject, any case. */
  term?: string;
}

/** One template of the project, or undefined. */
export async function findTemplate(db: Executor, projectId: string, id: string): Promise<TemplateRow | undefined> {
  return findProjectRow(db, 'templates', projectId, id);
}

// lower() on both sides and LIKE with an explicit escape: case-insensitive on both databases.
function matching(term: string) {
  const pattern = likeContaining(term);
  return sql<SqlBool>`(lower(templates.name) like ${pattern} escape '\\' or lower(templates.subject) like ${pattern} escape '\\')`;
}

function filtered(db: Executor, projectId: string, filter: TemplateFilter) {
  return db
    .selectFrom('templates')
    .where('projectId', '=', projectId)
    .$if(filter.type !== undefined, (q) => q.where('type', '=', filter.type!))
    .$if(filter.term !== undefined, (q) => q.where(matching(filter.term!)));
}

/** One page of the project's templates, newest first (ids are UUIDv7, so id order is creation order). */
export async function listTemplates(
  db: Executor,
  projectId: string,
  filter: TemplateFilter,
  page: { offset: number; limit: number },
): Promise<TemplateRow[]> {
  return filtered(db, projectId, filter)
    .selectAll()
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many of the project's templates match the filter. */
export async function countTemplates(db: Executor, projectId: string, filter: TemplateFilter): Promise<number> {
  const row = await filtered(db, projectId, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertTemplate(db: Executor, row: NewTemplate): Promise<TemplateRow> {
  return db.insertInto('templates').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Applies `patch` to the project's template; undefined when there is none with that id. */
export async function updateTemplate(
  db: Executor,
  projectId: string,
  id: string,
  patch: TemplatePatch,
): Promise<TemplateRow | undefined> {
  return updateProjectRow(db, 'templates', projectId, id, patch);
}

/** Deletes the project's template; false when there was none with that id. */
export async function deleteTemplate(db: Executor, projectId: string, id: string): Promise<boolean> {
  return deleteProjectRow(db, 'templates', projectId, id);
}

/**
 * Applies `patch` to the template only while its content is still at `version` (no one saved in
 * between): undefined when another save came first or the template is gone.
 */
export async function updateTemplateAtVersion(
  db: Executor,
  projectId: string,
  id: string,
  version: number,
  patch: TemplatePatch,
): Promise<TemplateRow | undefined> {
  return db
    .updateTable('templates')
    .set(patch)
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}
