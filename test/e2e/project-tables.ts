/**
 * The project tables of a migrated test database, read from the database itself (SQLite's catalogue,
 * PostgreSQL's information_schema), so a test over "every table of a project" cannot miss one that a
 * migration adds.
 */
import { sql } from 'kysely';
import type { Executor } from '../../src/db/index.ts';
import type { Dialect } from '../env.ts';

/** Every table with a `project_id` column, sorted. */
export async function tablesWithProjectId(db: Executor, dialect: Dialect): Promise<string[]> {
  const query =
    dialect === 'sqlite'
      ? sql<{ name: string }>`select m.name from sqlite_master m join pragma_table_info(m.name) c
          where m.type = 'table' and c.name = 'project_id'`
      : sql<{ name: string }>`select c.table_name as name from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.column_name = 'project_id'`;
  return (await query.execute(db)).rows.map((r) => r.name).sort();
}

/** The tables whose rows a delete from `roots` removes: the roots and, transitively, every ON DELETE CASCADE child. */
export async function cascadeClosure(db: Executor, dialect: Dialect, roots: readonly string[]): Promise<string[]> {
  const query =
    dialect === 'sqlite'
      ? sql<{ child: string; parent: string }>`select m.name as child, f."table" as parent
          from sqlite_master m join pragma_foreign_key_list(m.name) f
          where m.type = 'table' and upper(f.on_delete) = 'CASCADE'`
      : sql<{ child: string; parent: string }>`select tc.table_name as child, pk.table_name as parent
          from information_schema.referential_constraints rc
          join information_schema.table_constraints tc
            on tc.constraint_schema = rc.constraint_schema and tc.constraint_name = rc.constraint_name
          join information_schema.table_constraints pk
            on pk.constraint_schema = rc.unique_constraint_schema and pk.constraint_name = rc.unique_constraint_name
          where rc.constraint_schema = current_schema() and rc.delete_rule = 'CASCADE'`;
  const edges = (await query.execute(db)).rows;
  const reached = new Set(roots);
  for (let grew = true; grew; ) {
    grew = false;
    for (const { child, parent } of edges) {
      if (reached.has(parent) && !reached.has(child)) {
        reached.add(child);
        grew = true;
      }
    }
  }
  return [...reached].sort();
}

/** Rows of `table` that belong to the project. */
export async function countProjectRows(db: Executor, table: string, projectId: string): Promise<number> {
  const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
    where project_id = ${projectId}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}
