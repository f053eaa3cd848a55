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
 *   not recorded compares by its value's type, and a segment that is gone has no members.
 * - A condition on a deleted custom field matches nothing, negated or not (the contract), until a
 *   write records the field again.
 * - With `documents` (workflow conditions), `event.<path>` with a value operator and `workflow.<path>`
 *   test the bound event data and context exactly as an unrecorded `data.<path>` field is tested.
 */
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DialectSql } from '../../db/dialect.ts';
import { dataTest, dateBound, FALSE, likePattern, type Part, TRUE } from './compile-data.ts';
import { type EmailFact, NEGATIONS, resolveConditionField, windowStart } from './fields.ts';
import type { FilterCondition, FilterDocuments, FilterEnv, FilterGroup, Operator, SegmentDef, Unit } from './tree.ts';
import { isGroup } from './tree.ts';

export interface CompileContext {
  dialect: DialectSql;
  projectId: string;
  /** Segments being inlined around this tree: a reference back into one compiles to "no members". */
  via?: readonly string[];
  /** A workflow condition's event data and context, bound as parameters (see compileFilter). */
  documents?: FilterDocuments;
}

/**
 * The SQL condition selecting the contacts `tree` matches (a tree that passed checkFilter). With
 * `ctx.documents`, `event.<path>` (value operators) and `workflow.<path>` read those documents.
 */
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
  // A segment means the same everywhere: its own filter never reads a workflow's documents.
  return compileGroup(segment.filter, env, { ...ctx, documents: undefined, via: [...(ctx.via ?? []), segment.id] });
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
  // The contract: conditions on a deleted field "no longer match anything", negated ones too.
  if (onDeletedField(c, env, ctx)) return FALSE;
  const positive = NEGATIONS[c.operator];
  if (!positive) return compilePositive(c, c.operator, env, ctx);
  const p = compilePositive(c, positive, env, ctx);
  // `is not true` keeps a missing key (SQL null) in the complement, where `not` would drop it.
  const negated = p.nullable ? sql<SqlBool>`((${p.sql}) is not true)` : sql<SqlBool>`(not ${p.sql})`;
  return { sql: negated, nullable: false, cost: p.cost };
}

function compilePositive(c: FilterCondition, op: Operator, env: FilterEnv, ctx: CompileContext): Part {
  const resolved = resolveConditionField(c.field, op, ctx.documents !== undefined);
  if (!resolved.ok) return FALSE;
  const t = resolved.target;
  switch (t.kind) {
    case 'standard':
      if (t.name === 'email') return column(emailTest(op, c.value, ctx.dialect));
      if (t.name === 'subscribed')
        return column(op === 'exists' ? TRUE.sql : sql<SqlBool>`(contacts.subscribed = ${c.value === true})`);
      return column(timestampTest(t.name === 'createdAt' ? 'contacts.created_at' : 'contacts.updated_at', op, c, env));
    case 'data':
      return dataTest(ctx.dialect, undefined, t.path, env.fieldTypes.get(t.key), op, c, env.now);
    case 'document': {
      if (!ctx.documents) return FALSE; // resolved only when documents are given
      // Bound where it is read (one parameter per reading): no statement-wide state to thread through.
      const doc = ctx.dialect.json.document(ctx.documents[t.source]);
      return dataTest(ctx.dialect, doc, t.path, undefined, op, c, env.now);
    }
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
    case 'topic': {
      const byDefault = env.topics?.get(t.id);
      // A topic that is gone has no subscribers: `equals true` matches none, `equals false` all.
      const subscribed = byDefault === undefined ? FALSE : topicPart(t.id, byDefault);
      if (c.value === true) return subscribed;
      return { sql: sql<SqlBool>`(not ${subscribed.sql})`, nullable: false, cost: subscribed.cost };
    }
  }
}

/**
 * Subscribed to the topic: subscribed at all, and the contact's own choice for it, or else the
 * topic's default, is yes (beyond.md §1). One primary-key probe of contact_topics per contact.
 */
function topicPart(topicId: string, byDefault: boolean): Part {
  const choice = sql`(select ct.subscribed from contact_topics ct where ct.contact_id = contacts.id and ct.topic_id = ${topicId})`;
  return {
    sql: sql<SqlBool>`(contacts.subscribed = ${true} and coalesce(${choice}, ${sql.lit(byDefault)}) = ${true})`,
    nullable: false,
    cost: 2,
  };
}

/** The condition selecting the contacts subscribed to the topic, for a topic campaign's audience. */
export function topicCondition(topicId: string, env: FilterEnv): Expression<SqlBool> {
  const byDefault = env.topics?.get(topicId);
  return (byDefault === undefined ? FALSE : topicPart(topicId, byDefault)).sql;
}

/**
 * Whether `c` tests a custom field that DELETE /contacts/fields removed (the key or a key above it)
 * and that no write has recorded again since (neither the key nor a key under it).
 */
function onDeletedField(c: FilterCondition, env: FilterEnv, ctx: CompileContext): boolean {
  if (env.deletedFields.size === 0) return false;
  const resolved = resolveConditionField(c.field, c.operator, ctx.documents !== undefined);
  if (!resolved.ok || resolved.target.kind !== 'data') return false;
  const { key, path } = resolved.target;
  const deleted = path.some((_, i) => env.deletedFields.has(path.slice(0, i + 1).join('.')));
  if (!deleted || env.fieldTypes.has(key)) return false;
  for (const recorded of env.fieldTypes.keys()) if (recorded.startsWith(`${key}.`)) return false;
  return true;
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

function timestampTest(col: string, op: Operator, c: FilterCondition, env: FilterEnv): RawBuilder<SqlBool> {
  if (op === 'exists') return TRUE.sql;
  const bound = dateBound(op, c, env.now);
  if (!bound) return FALSE.sql;
  // Both databases compare the column with a bound Date: text in ISO form on SQLite, timestamptz on PostgreSQL.
  return sql<SqlBool>`(${sql.raw(col)} ${sql.raw(bound[0])} ${new Date(bound[1])})`;
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
