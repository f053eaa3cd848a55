/**
 * The compiler's value tests (compile.ts): comparisons of a JSON value, in `contacts.data` or in a
 * workflow's bound document, and the date and LIKE helpers the column tests share. One
 * implementation for every JSON source, so `data.x`, `event.x` and `workflow.x` mean the same.
 * Pure: SQL fragments only; database differences are DialectSql.filters and DialectSql.json.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { isIsoDate } from '../../contacts/data-rules.ts';
import { type Comparison, type DialectSql, likeContaining } from '../../db/dialect.ts';
import type { FieldType } from '../../db/schema.ts';
import { windowStart } from './fields.ts';
import type { FilterCondition, Operator } from './tree.ts';

/** A compiled test: its SQL, whether it can be SQL null (a missing key), and how dear it is per row. */
export interface Part {
  sql: RawBuilder<SqlBool>;
  nullable: boolean;
  /** 0: a column; 1: JSON; 2: a subquery. AND/OR groups try cheap parts first. */
  cost: number;
}

export const TRUE: Part = { sql: sql<SqlBool>`${sql.lit(true)}`, nullable: false, cost: 0 };
export const FALSE: Part = { sql: sql<SqlBool>`${sql.lit(false)}`, nullable: false, cost: 0 };

const ORDER: Partial<Record<Operator, Comparison>> = {
  equals: '=',
  greaterThan: '>',
  lessThan: '<',
  greaterThanOrEqual: '>=',
  lessThanOrEqual: '<=',
};

/** Patterns for the string tests (LIKE wildcards in the value are escaped, then lower-cased). */
export function likePattern(op: Operator, value: unknown): string | undefined {
  const contained = likeContaining(String(value));
  if (op === 'contains') return contained;
  if (op === 'startsWith') return contained.slice(1);
  if (op === 'endsWith') return contained.slice(0, -1);
  return undefined;
}

/** The instant a date value names, in the 24-character ISO form both databases compare. */
function canonicalInstant(value: string): string {
  if (value.length === 10) return `${value}T00:00:00.000Z`;
  if (value.length === 20) return `${value.slice(0, 19)}.000Z`;
  return value;
}

/** The comparison and ISO bound a date operator means, or undefined for a value that names no date. */
export function dateBound(op: Operator, c: FilterCondition, now: Date): [Comparison, string] | undefined {
  if (op === 'within' || op === 'olderThan') {
    const start = windowStart(now, Number(c.value), c.unit ?? 'days').toISOString();
    return [op === 'within' ? '>=' : '<', start];
  }
  const cmp = ORDER[op];
  if (!cmp || typeof c.value !== 'string' || !isIsoDate(c.value)) return undefined;
  return [cmp, canonicalInstant(c.value)];
}

/**
 * The positive operator `op` on the JSON value at `path` of `doc`: `contacts.data` when `doc` is
 * undefined, else a bound document (DialectSql.json.document). `type` is the field's recorded type;
 * undefined (every document path) compares by the value's own type.
 */
export function dataTest(
  dialect: DialectSql,
  doc: RawBuilder<unknown> | undefined,
  path: string[],
  type: FieldType | undefined,
  op: Operator,
  c: FilterCondition,
  now: Date,
): Part {
  const f = doc ? dialect.filters.over(doc) : dialect.filters;
  const json = (test: RawBuilder<SqlBool>): Part => ({ sql: test, nullable: true, cost: 1 });
  const v = c.value;
  if (op === 'exists') return { sql: dialect.json.has(doc ?? 'contacts.data', path), nullable: false, cost: 1 };
  if (op === 'in') return Array.isArray(v) ? json(f.dataIn(path, v as string[])) : FALSE;
  const pattern = likePattern(op, v);
  if (pattern) return json(f.dataLike(path, pattern));
  // A date field (or an unrecorded one given a date) compares instants; others compare by the value's type.
  const isDate = type === 'date' || (type === undefined && typeof v === 'string' && isIsoDate(v));
  if (isDate || op === 'within' || op === 'olderThan') {
    const bound = dateBound(op, c, now);
    if (bound) return json(f.dataInstant(path, bound[0], bound[1]));
    if (op !== 'equals') return FALSE;
  }
  const cmp = ORDER[op];
  if (op === 'equals' && (typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number')) {
    return json(f.dataEquals(path, v));
  }
  if (cmp && typeof v === 'number') return json(f.dataNumber(path, cmp, v));
  return FALSE;
}
