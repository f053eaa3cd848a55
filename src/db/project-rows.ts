/** Statements every project-owned table shares, written once instead of per repo. */
import { type Selectable, sql, type Updateable } from 'kysely';
import type { Database } from './schema.ts';
import type { Executor } from './types.ts';

/** The tables whose rows belong to one project and are named by an `id`. */
export type ProjectRowTable = {
  [T in keyof Database]: Database[T] extends { projectId: unknown; id: unknown } ? T : never;
}[keyof Database];

/**
 * Deletes the project's row `id` from `table`; false when the project has none (another project's row
 * with that id is never touched). References go through sql.ref because the table is a union here.
 */
export async function deleteProjectRow(
  db: Executor,
  table: ProjectRowTable,
  projectId: string,
  id: string,
): Promise<boolean> {
  const r = await db
    .deleteFrom(table)
    .where(sql.ref('projectId'), '=', projectId)
    .where(sql.ref('id'), '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The project's row `id` of `table`, or undefined (also when the id is another project's). */
export async function findProjectRow<T extends ProjectRowTable>(
  db: Executor,
  table: T,
  projectId: string,
  id: string,
): Promise<Selectable<Database[T]> | undefined> {
  const row = await db
    .selectFrom(table as ProjectRowTable)
    .selectAll()
    .where(sql.ref('projectId'), '=', projectId)
    .where(sql.ref('id'), '=', id)
    .executeTakeFirst();
  // The select is built on the union of tables; the row is the one table's.
  return row as Selectable<Database[T]> | undefined;
}

/** Applies `patch` to the project's row `id` of `table`; the row after the change, or undefined when the project has none. */
export async function updateProjectRow<T extends ProjectRowTable>(
  db: Executor,
  table: T,
  projectId: string,
  id: string,
  patch: Updateable<Database[T]>,
): Promise<Selectable<Database[T]> | undefined> {
  const row = await db
    .updateTable(table as ProjectRowTable)
    // The update is built on the union of tables; the patch is the one table's.
    .set(patch as Updateable<Database[ProjectRowTable]>)
    .where(sql.ref('projectId'), '=', projectId)
    .where(sql.ref('id'), '=', id)
    .returningAll()
    .executeTakeFirst();
  return row as Selectable<Database[T]> | undefined;
}
