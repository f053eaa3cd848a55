/**
 * Compiles a checked filter tree into one SQL condition over `contacts` (PLACEHOLDER: the filter
 * language is being written; until then only the empty AND group compiles).
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import type { DialectSql } from '../../db/dialect.ts';
import type { FilterEnv, FilterGroup } from './tree.ts';

export interface CompileContext {
  dialect: DialectSql;
  projectId: string;
}

/** The SQL condition selecting the contacts `tree` matches (a tree that passed checkFilter). */
export function compileFilter(tree: FilterGroup, _env: FilterEnv, _ctx: CompileContext): Expression<SqlBool> {
  if (tree.conditions.length === 0) return sql<SqlBool>`${sql.lit(tree.logic === 'AND')}`;
  throw new Error('compileFilter: not written yet');
}
