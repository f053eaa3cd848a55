/**
 * Checks a parsed tree against the project: every field is one the language names, a field whose
 * type is recorded is tested with an operator and a value of that type (a `data.<path>` with no
 * recorded type takes any value operator), every referenced segment exists and no segment
 * reaches itself through references. Workflow conditions (`documents`) may also test paths of the
 * execution's event data and context, typed by the value they are compared with. Pure: the project
 * is the FilterEnv it is given.
 */
import { isIsoDate } from '../../contacts/data-rules.ts';
import type { FieldType } from '../../db/schema.ts';
import { invalid } from '../../errors.ts';
import {
  type FieldTarget,
  resolveConditionField,
  SEGMENT_OPERATORS,
  TOPIC_OPERATORS,
  TRIGGER_OPERATORS,
  TYPE_OPERATORS,
} from './fields.ts';
import {
  type FilterCondition,
  type FilterEnv,
  type FilterGroup,
  type FilterNode,
  isGroup,
  type Operator,
} from './tree.ts';

/** Which body form error paths are named in. */
export type FilterForm = 'filters' | 'condition';

/**
 * 422 `invalid(path, …)` for the first condition that does not fit the project. Paths are named in
 * the form the tree was parsed from: `form`, or by default `condition` when `at` ends so and
 * `filters` otherwise. `selfId` is the segment being saved: referencing it, directly or through
 * other dynamic segments, is refused. `documents` (workflow conditions) accepts `event.<path>` with
 * a value operator and `workflow.<path>`; without it they are refused as everywhere else.
 */
export function checkFilter(
  tree: FilterGroup,
  env: FilterEnv,
  opts: { at: string; selfId?: string; form?: FilterForm; documents?: boolean },
): void {
  const form = opts.form ?? (/(^|\.)condition$/.test(opts.at) ? 'condition' : 'filters');
  const documents = opts.documents ?? false;
  forEachCondition(tree, opts.at, form, (c, path) => checkCondition(c, env, path, opts.selfId, documents));
}

/** Calls `fn` on every condition with its path in the body form the tree came from (see parse.ts). */
export function forEachCondition(
  tree: FilterGroup,
  at: string,
  form: FilterForm,
  fn: (c: FilterCondition, path: string) => void,
): void {
  if (form === 'filters') {
    tree.conditions.forEach((n, i) => {
      const path = `${at}.conditions[${i}]`;
      if (isGroup(n)) forEachCondition(n, path, form, fn);
      else fn(n, path);
    });
    return;
  }
  tree.conditions.forEach((group, i) => {
    const path = `${at}.groups[${i}]`;
    if (!isGroup(group)) {
      fn(group, path);
      return;
    }
    let leaf = 0;
    for (const n of group.conditions) {
      if (isGroup(n)) forEachCondition(n, `${path}.conditions`, form, fn);
      else fn(n, `${path}.filters[${leaf++}]`);
    }
  });
}

function checkCondition(
  c: FilterCondition,
  env: FilterEnv,
  path: string,
  selfId: string | undefined,
  documents: boolean,
): void {
  const resolved = resolveConditionField(c.field, c.operator, documents);
  if (!resolved.ok) throw invalid(`${path}.field`, resolved.message);
  const target = resolved.target;
  if (target.kind === 'document') {
    checkDocumentCondition(c, path);
    return;
  }
  if (target.kind === 'event' || target.kind === 'email') {
    requireOperator(c, TRIGGER_OPERATORS, path, `${c.field} is tested with`);
    return;
  }
  if (target.kind === 'segment') {
    requireOperator(c, SEGMENT_OPERATORS, path, `${c.field} is tested with`);
    checkSegmentReference(target.id, env, `${path}.field`, selfId);
    return;
  }
  if (target.kind === 'topic') {
    requireOperator(c, TOPIC_OPERATORS, path, `${c.field} is tested with`);
    if (typeof c.value !== 'boolean') throw invalid(`${path}.value`, `must be true or false: ${c.field} is a topic`);
    if (!env.topics?.has(target.id)) throw invalid(`${path}.field`, `unknown topic ${target.id}`);
    return;
  }
  const type = fieldType(target, env);
  // A data path no contact has yet (or whose type was forgotten) is no unknown field: automations are
  // built before their data arrives. Any value operator is accepted; a contact whose value turns out
  // to have another type than the operator compares simply does not match (compile-data.ts).
  if (!type) {
    requireOperator(c, VALUE_OPERATORS, path, `${c.field} is tested with`);
    return;
  }
  requireOperator(c, TYPE_OPERATORS[type], path, `${c.field} is a ${type} field; use`);
  checkValueType(c, type, `${path}.value`);
}

function fieldType(target: FieldTarget, env: FilterEnv): FieldType | undefined {
  if (target.kind === 'standard') return target.type;
  if (target.kind === 'data') return env.fieldTypes.get(target.key);
  return undefined;
}

function requireOperator(c: FilterCondition, allowed: readonly Operator[], path: string, lead: string): void {
  if (!allowed.includes(c.operator)) throw invalid(`${path}.operator`, `${lead} ${allowed.join(', ')}`);
}

const COMPARED = new Set<Operator>([
  'equals',
  'notEquals',
  'in',
  'notIn',
  'greaterThan',
  'lessThan',
  'greaterThanOrEqual',
  'lessThanOrEqual',
]);

/** A compared value must have the field's type (a date field compares with ISO 8601 date strings). */
function checkValueType(c: FilterCondition, type: FieldType, path: string): void {
  if (!COMPARED.has(c.operator)) return;
  const values = Array.isArray(c.value) ? (c.value as unknown[]) : [c.value];
  const fits: Record<FieldType, (v: unknown) => boolean> = {
    string: (v) => typeof v === 'string',
    number: (v) => typeof v === 'number',
    boolean: (v) => typeof v === 'boolean',
    date: (v) => typeof v === 'string' && isIsoDate(v),
  };
  if (values.every(fits[type])) return;
  const wanted: Record<FieldType, string> = {
    string: 'a string',
    number: 'a number',
    boolean: 'true or false',
    date: 'an ISO 8601 date (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS[.sss]Z)',
  };
  throw invalid(
    path,
    `must be ${wanted[type]}${Array.isArray(c.value) ? ' in every item' : ''}: ${c.field} is a ${type} field`,
  );
}

/**
 * A document path has no recorded type: it compares as the value's type (compile-data.ts), so the
 * operator must fit the type the value names.
 */
function checkDocumentCondition(c: FilterCondition, path: string): void {
  requireOperator(c, VALUE_OPERATORS, path, `${c.field} is tested with`);
  const type = documentValueType(c);
  if (!TYPE_OPERATORS[type].includes(c.operator)) {
    // Parsing leaves one such case: an ordering given a string that names no date.
    throw invalid(
      `${path}.value`,
      `must be a number or an ISO 8601 date with ${c.operator}: ${c.field} compares as its value's type, and a ${type} takes ${TYPE_OPERATORS[type].join(', ')}`,
    );
  }
  checkValueType(c, type, `${path}.value`);
}

/** Every operator that compares a value (what a document path can be tested with). */
const VALUE_OPERATORS: readonly Operator[] = [...new Set(Object.values(TYPE_OPERATORS).flat())];

/**
 * The type a document condition's value names: a window is a date; numbers and booleans are
 * themselves; a date string is a date where a date operator takes it (equals, the orderings), while
 * `contains` and friends and `in` read any string as text, as the compiler does.
 */
function documentValueType(c: FilterCondition): FieldType {
  if (c.operator === 'within' || c.operator === 'olderThan') return 'date';
  const first = Array.isArray(c.value) ? (c.value as unknown[])[0] : c.value;
  if (typeof first === 'number') return 'number';
  if (typeof first === 'boolean') return 'boolean';
  if (typeof first === 'string' && isIsoDate(first) && TYPE_OPERATORS.date.includes(c.operator)) return 'date';
  return 'string';
}

/**
 * The segment exists, is not `selfId`, and neither reaches `selfId` nor loops through the dynamic
 * segments it references (a loop would make its membership undefined).
 */
function checkSegmentReference(id: string, env: FilterEnv, path: string, selfId: string | undefined): void {
  const segment = env.segments.get(id);
  if (!segment) throw invalid(path, `unknown segment ${id}`);
  if (id === selfId) throw invalid(path, 'a segment cannot contain itself');
  const done = new Set<string>();
  const visit = (current: string, trail: string[]): void => {
    const filter = env.segments.get(current)?.filter;
    if (!filter || done.has(current)) return;
    for (const next of filterReferences(filter).segments) {
      if (next === selfId)
        throw invalid(path, `segment ${id} contains this segment (through ${[...trail, next].join(' → ')})`);
      if (trail.includes(next))
        throw invalid(path, `segment ${id} is part of a reference loop (${[...trail, next].join(' → ')})`);
      visit(next, [...trail, next]);
    }
    done.add(current);
  };
  visit(id, [id]);
}

/** What a tree references: fields (`email`, `data.plan`), event names, segment ids. */
export interface FilterRefs {
  fields: string[];
  events: string[];
  segments: string[];
}

/**
 * Everything a tree references, as the usage endpoints name it, once each. With `documents`
 * (workflow conditions), `event.<path>` under a value operator is no event name: such paths and
 * `workflow.<path>` are listed as `documents` (`['event.amount', 'workflow.plan']`).
 */
export function filterReferences(tree: FilterGroup, opts: { documents: true }): FilterRefs & { documents: string[] };
export function filterReferences(
  tree: FilterGroup,
  opts?: { documents?: boolean },
): FilterRefs & { documents?: string[] };
export function filterReferences(
  tree: FilterGroup,
  opts: { documents?: boolean } = {},
): FilterRefs & { documents?: string[] } {
  const fields = new Set<string>();
  const events = new Set<string>();
  const segments = new Set<string>();
  const documents = new Set<string>();
  const walk = (node: FilterNode): void => {
    if (isGroup(node)) {
      node.conditions.forEach(walk);
      return;
    }
    const resolved = resolveConditionField(node.field, node.operator, opts.documents ?? false);
    if (!resolved.ok) return;
    const t = resolved.target;
    if (t.kind === 'standard') fields.add(t.name);
    else if (t.kind === 'data') fields.add(`data.${t.key}`);
    else if (t.kind === 'event') events.add(t.name);
    else if (t.kind === 'segment') segments.add(t.id);
    else if (t.kind === 'document') documents.add(`${t.source}.${t.key}`);
  };
  walk(tree);
  const refs: FilterRefs = { fields: [...fields], events: [...events], segments: [...segments] };
  return opts.documents ? { ...refs, documents: [...documents] } : refs;
}
