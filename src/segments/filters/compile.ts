/**
 * Compiles a filter tree into one SQL condition over `contacts` (referenced as `contacts.<column>`),
 * for `.where(condition)` on a `selectFrom('contacts')` of one project. Values are bound parameters;
 * JSON paths come only from keys parseFieldName accepted; database differences are DialectSql.filters.
 *
 * Semantics (decisions.md "Segments and filters"; where it is silent, as below):
 * - Every negated operator is the exact complement of its positive one (notEquals = not equals,
 *   notContains, notIn, notExists, notTriggered, notTriggeredWithin, notMemberOfSegment): a contact
 *   missing the key, or holding a value of another JSON type, matches the negation.
 * - Comparisons are typed: a value of another JSON type than the compared one never matches.
 * - Strings: equals and in are case-sensitive on custom fields; contains/startsWith/endsWith ignore
 *   case. `email` is stored lower-cased, so every email comparison ignores case.
 * - Dates compare as instants: `2026-01-01` is midnight UTC, and `…T00:00:00Z` equals
 *   `…T00:00:00.000Z`. `within N unit` is at or after now − N unit, `olderThan` strictly before.
 * - Trees are compiled even if the project changed since they were checked: a field whose type is
 *   no longer recorded compares by its value's type, and a segment that is gone has no members.
 */
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { isIsoDate } from '../../contacts/data-rules.ts';
import { type DialectSql, likeContaining } from '../../db/dialect.ts';
import type { Comparison } from '../../db/dialect-filters.ts';
import { type EmailFact, NEGATIONS, resolveField, windowStart } from './fields.ts';
import type { FilterCondition, FilterEnv, FilterGroup, Operator, SegmentDef, Unit } from './tree.ts';
import { isGroup } from './tree.ts';

export interface CompileContext {
  dialect: DialectSql;
  projectId: string;
  /** Segments being inlined around this tree: a reference back into one compiles to "no members". */
  via?: readonly string[];
}

/** A compiled test: its SQL, whether it can be SQL null (a missing key), and how dear it is per row. */
interface Part {
  sql: RawBuilder<SqlBool>;
  nullable: boolean;
  /** 0: a column; 1: JSON; 2: a subquery. AND/OR groups try cheap parts first. */
  cost: number;
}

const TRUE: Part = { sql: sql<SqlBool>`${sql.lit(true)}`, nullable: false, cost: 0 };
const FALSE: Part = { sql: sql<SqlBool>`${sql.lit(false)}`, nullable: false, cost: 0 };

/** The SQL condition selecting the contacts `tree` matches (a tree that passed checkFilter). */
export function compileFilter(tree: FilterGroup, env: FilterEnv, ctx: CompileContext): Expression<SqlBool> {
  return compileGroup(tree, env, ctx).sql;
}

/** A STATIC segment's members are rows; a DYNAMIC one's are whatever its filter selects now. */
export function segmentCondition(segment: SegmentDef, env: FilterEnv, ctx: CompileContext): Expression<SqlBool> {
  return segmentPart(segment, env, ctx).sql;
}

function segmentPart(segment: SegmentDef, env: FilterEnv, ctx: CompileContext): Part {
  if (segment.type === 'STATIC' || !segment.filter) {
    return {
      sql: sql<SqlBool>`exists (select 1 from segment_members sm where sm.segment_id = ${segment.id} and sm.contact_id = contacts.id and sm.project_id = ${ctx.projectId})`,
      nullable: false,
      cost: 2,
    };
  }
  return compileGroup(segment.filter, env, { ...ctx, via: [...(ctx.via ?? []), segment.id] });
}

function compileGroup(group: FilterGroup, env: FilterEnv, ctx: CompileContext): Part {
  if (group.conditions.length === 0) return group.logic === 'AND' ? TRUE : FALSE;
  const parts = group.conditions
    .map((n) => (isGroup(n) ? compileGroup(n, env, ctx) : compileCondition(n, env, ctx)))
    // Stable: equal costs keep the user's order. AND and OR are commutative in SQL.
    .sort((a, b) => a.cost - b.cost);
  if (parts.length === 1) return parts[0]!;
  const joiner = sql.raw(group.logic === 'AND' ? ' and ' : ' or ');
  return {
    sql: sql<SqlBool>`(${sql.join(
      parts.map((p) => p.sql),
      joiner,
    )})`,
    nullable: parts.some((p) => p.nullable),
    cost: Math.max(...parts.map((p) => p.cost)),
  };
}

function compileCondition(c: FilterCondition, env: FilterEnv, ctx: CompileContext): Part {
  const positive = NEGATIONS[c.operator];
  if (!positive) return compilePositive(c, c.operator, env, ctx);
  const p = compilePositive(c, positive, env, ctx);
  // `is not true` keeps a missing key (SQL null) in the complement, where `not` would drop it.
  const negated = p.nullable ? sql<SqlBool>`((${p.sql}) is not true)` : sql<SqlBool>`(not ${p.sql})`;
  return { sql: negated, nullable: false, cost: p.cost };
}

function compilePositive(c: FilterCondition, op: Operator, env: FilterEnv, ctx: CompileContext): Part {
  const resolved = resolveField(c.field);
  if (!resolved.ok) return FALSE;
  const t = resolved.target;
  switch (t.kind) {
    case 'standard':
      if (t.name === 'email') return column(emailTest(op, c.value, ctx.dialect));
      if (t.name === 'subscribed')
        return column(op === 'exists' ? TRUE.sql : sql<SqlBool>`(contacts.subscribed = ${c.value === true})`);
      return column(timestampTest(t.name === 'createdAt' ? 'contacts.created_at' : 'contacts.updated_at', op, c, env));
    case 'data':
      return dataTest(t.key, t.path, op, c, env, ctx.dialect);
    case 'event':
      return countTest(
        sql`select 1 from events ev where ev.contact_id = contacts.id and ev.name = ${t.name} and ev.project_id = ${ctx.projectId}`,
        sql.raw('ev.created_at'),
        op,
        c,
        env,
      );
    case 'email':
      return countTest(
        sql`select 1 from emails em where em.contact_id = contacts.id and em.project_id = ${ctx.projectId} and ${EMAIL_COLUMNS[t.fact]} is not null`,
        EMAIL_COLUMNS[t.fact],
        op,
        c,
        env,
      );
    case 'segment': {
      const segment = env.segments.get(t.id);
      if (!segment || ctx.via?.includes(t.id)) return FALSE;
      return segmentPart(segment, env, ctx);
    }
  }
}

const column = (test: RawBuilder<SqlBool>): Part => ({ sql: test, nullable: false, cost: 0 });

const EMAIL_COLUMNS: Record<EmailFact, RawBuilder<unknown>> = {
  sent: sql.raw('em.sent_at'),
  delivered: sql.raw('em.delivered_at'),
  opened: sql.raw('em.opened_at'),
  clicked: sql.raw('em.clicked_at'),
  bounced: sql.raw('em.bounced_at'),
  complained: sql.raw('em.complained_at'),
};

const ORDER: Partial<Record<Operator, Comparison>> = {
  equals: '=',
  greaterThan: '>',
  lessThan: '<',
  greaterThanOrEqual: '>=',
  lessThanOrEqual: '<=',
};

/** Patterns for the string tests (LIKE wildcards in the value are escaped, then lower-cased). */
function likePattern(op: Operator, value: unknown): string | undefined {
  const contained = likeContaining(String(value));
  if (op === 'contains') return contained;
  if (op === 'startsWith') return contained.slice(1);
  if (op === 'endsWith') return contained.slice(0, -1);
  return undefined;
}

function emailTest(op: Operator, value: unknown, dialect: DialectSql): RawBuilder<SqlBool> {
  if (op === 'exists') return TRUE.sql;
  if (op === 'in' && Array.isArray(value)) {
    return dialect.inList(
      'contacts.email',
      value.map((v) => String(v).toLowerCase()),
    );
  }
  if (op === 'equals') return sql<SqlBool>`(contacts.email = ${String(value).toLowerCase()})`;
  const pattern = likePattern(op, value);
  return pattern ? dialect.filters.emailLike(pattern) : FALSE.sql;
}

/** The instant a date value names, in the 24-character ISO form both databases compare. */
function canonicalInstant(value: string): string {
  if (value.length === 10) return `${value}T00:00:00.000Z`;
  if (value.length === 20) return `${value.slice(0, 19)}.000Z`;
  return value;
}

/** The comparison and ISO bound a date operator means, or undefined for a value that names no date. */
function dateBound(op: Operator, c: FilterCondition, env: FilterEnv): [Comparison, string] | undefined {
  if (op === 'within' || op === 'olderThan') {
    const start = windowStart(env.now, Number(c.value), c.unit ?? 'days').toISOString();
    return [op === 'within' ? '>=' : '<', start];
  }
  const cmp = ORDER[op];
  if (!cmp || typeof c.value !== 'string' || !isIsoDate(c.value)) return undefined;
  return [cmp, canonicalInstant(c.value)];
}

function timestampTest(col: string, op: Operator, c: FilterCondition, env: FilterEnv): RawBuilder<SqlBool> {
  if (op === 'exists') return TRUE.sql;
  const bound = dateBound(op, c, env);
  if (!bound) return FALSE.sql;
  // Both databases compare the column with a bound Date: text in ISO form on SQLite, timestamptz on PostgreSQL.
  return sql<SqlBool>`(${sql.raw(col)} ${sql.raw(bound[0])} ${new Date(bound[1])})`;
}

function dataTest(
  key: string,
  path: string[],
  op: Operator,
  c: FilterCondition,
  env: FilterEnv,
  dialect: DialectSql,
): Part {
  const f = dialect.filters;
  const json = (test: RawBuilder<SqlBool>): Part => ({ sql: test, nullable: true, cost: 1 });
  const v = c.value;
  if (op === 'exists') return { sql: dialect.json.has('contacts.data', path), nullable: false, cost: 1 };
  if (op === 'in') return Array.isArray(v) ? json(f.dataIn(path, v as string[])) : FALSE;
  const pattern = likePattern(op, v);
  if (pattern) return json(f.dataLike(path, pattern));
  // A date field (or an unrecorded one given a date) compares instants; others compare by the value's type.
  const isDate =
    env.fieldTypes.get(key) === 'date' || (!env.fieldTypes.has(key) && typeof v === 'string' && isIsoDate(v));
  if (isDate || op === 'within' || op === 'olderThan') {
    const bound = dateBound(op, c, env);
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

/**
 * At least `count` (default 1) rows of `from` (inside the window for the timed operators), read
 * through the (contact_id, name, created_at) / (contact_id, …) indexes. Counting stops at `count`.
 */
function countTest(
  from: RawBuilder<unknown>,
  at: RawBuilder<unknown>,
  op: Operator,
  c: FilterCondition,
  env: FilterEnv,
): Part {
  let rows = from;
  if (op === 'triggeredWithin' || op === 'triggeredOlderThan') {
    const start = windowStart(env.now, Number(c.value), (c.unit ?? 'days') as Unit);
    rows = sql`${from} and ${at} ${sql.raw(op === 'triggeredWithin' ? '>=' : '<')} ${start}`;
  }
  const count = c.count ?? 1;
  const test =
    count <= 1
      ? sql<SqlBool>`exists (${rows})`
      : sql<SqlBool>`((select count(*) from (${rows} limit ${count}) as counted) >= ${count})`;
  return { sql: test, nullable: false, cost: 2 };
}
