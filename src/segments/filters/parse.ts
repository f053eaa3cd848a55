/**
 * Reads both body forms of decisions.md "Segments and filters" into the one tree (tree.ts), checking
 * everything that does not depend on the project (shapes, operators, units, counts, value shapes,
 * bounds), and writes a tree back out in either form. Pure: no I/O.
 *
 * The two forms and their mapping to the tree:
 * - `filters: { operator, conditions: [cond | { operator, conditions }] }` is the tree itself
 *   (`operator` is the group's logic; a nested group is an item with `conditions` and no `field`).
 * - `condition: { logic, groups: [{ filters: [cond…], conditions?: <condition> }] }` joins its groups
 *   by `logic`; a group is the AND of its filters and its nested condition. So each group becomes an
 *   AND group node holding its filters, then the nested condition's tree as its last child.
 * An absent `operator`/`logic` means AND; the root may be empty (AND of nothing: every contact), a
 * nested group may not.
 */

import { isPlainObject } from '../../contacts/data-rules.ts';
import { invalid } from '../../errors.ts';
import { TRIGGER_OPERATORS, VALUELESS_OPERATORS, WINDOW_OPERATORS } from './fields.ts';
import {
  type FilterCondition,
  type FilterGroup,
  type FilterNode,
  isGroup,
  type Logic,
  OPERATOR_ALIASES,
  OPERATORS,
  type Operator,
  UNITS,
  type Unit,
} from './tree.ts';

export const FILTER_LIMITS = {
  depth: 8,
  conditions: 200,
  stringLength: 1000,
  listLength: 500,
  fieldLength: 300,
  count: 10_000,
  window: 1_000_000,
} as const;

/** The nested body form, as parsed and as answered. */
// Type aliases, not interfaces: views hold them as plain JSON objects (Record<string, unknown>).
export type ConditionForm = {
  logic: Logic;
  groups: ConditionFormGroup[];
};
export type ConditionFormGroup = {
  filters: FilterCondition[];
  conditions?: ConditionForm;
};

interface State {
  count: number;
}

/**
 * The tree a body's `condition` (preferred when both are given) or `filters` describes; undefined
 * when neither is. 422 naming the failing path (`filters.conditions[1].operator`) for a bad one.
 */
export function parseFilterInput(
  input: { filters?: unknown; condition?: unknown },
  at: { filters: string; condition: string } = { filters: 'filters', condition: 'condition' },
): FilterGroup | undefined {
  const state: State = { count: 0 };
  if (input.condition !== undefined && input.condition !== null) {
    return parseConditionForm(input.condition, at.condition, 1, state);
  }
  if (input.filters !== undefined && input.filters !== null)
    return parseFiltersGroup(input.filters, at.filters, 1, state);
  return undefined;
}

function parseLogic(raw: unknown, path: string): Logic {
  if (raw === undefined || raw === null) return 'AND';
  const upper = typeof raw === 'string' ? raw.toUpperCase() : raw;
  if (upper === 'AND' || upper === 'OR') return upper;
  throw invalid(path, 'must be AND or OR');
}

function checkDepth(depth: number, path: string): void {
  if (depth > FILTER_LIMITS.depth) throw invalid(path, `groups nest at most ${FILTER_LIMITS.depth} levels deep`);
}

function parseFiltersGroup(raw: unknown, path: string, depth: number, state: State): FilterGroup {
  checkDepth(depth, path);
  if (!isPlainObject(raw)) throw invalid(path, 'must be an object with operator and conditions');
  const logic = parseLogic(raw.operator ?? raw.logic, `${path}.operator`);
  const items = raw.conditions;
  if (!Array.isArray(items)) throw invalid(`${path}.conditions`, 'must be an array');
  if (depth > 1 && items.length === 0) throw invalid(`${path}.conditions`, 'must not be empty');
  const conditions = items.map((item, i): FilterNode => {
    const at = `${path}.conditions[${i}]`;
    const nested = isPlainObject(item) && item.field === undefined && Array.isArray(item.conditions);
    return nested ? parseFiltersGroup(item, at, depth + 1, state) : parseCondition(item, at, state);
  });
  return { logic, conditions };
}

function parseConditionForm(raw: unknown, path: string, depth: number, state: State): FilterGroup {
  checkDepth(depth, path);
  if (!isPlainObject(raw)) throw invalid(path, 'must be an object with logic and groups');
  const logic = parseLogic(raw.logic ?? raw.operator, `${path}.logic`);
  if (!Array.isArray(raw.groups)) throw invalid(`${path}.groups`, 'must be an array');
  const conditions = raw.groups.map((group, i) => parseConditionGroup(group, `${path}.groups[${i}]`, depth + 1, state));
  return { logic, conditions };
}

function parseConditionGroup(raw: unknown, path: string, depth: number, state: State): FilterGroup {
  checkDepth(depth, path);
  if (!isPlainObject(raw)) throw invalid(path, 'must be an object with filters and, optionally, conditions');
  const filters = raw.filters ?? [];
  if (!Array.isArray(filters)) throw invalid(`${path}.filters`, 'must be an array');
  const hasNested = raw.conditions !== undefined && raw.conditions !== null;
  if (filters.length === 0 && !hasNested) throw invalid(`${path}.filters`, 'must not be empty');
  const conditions: FilterNode[] = filters.map((f, j) => parseCondition(f, `${path}.filters[${j}]`, state));
  if (hasNested) conditions.push(parseConditionForm(raw.conditions, `${path}.conditions`, depth + 1, state));
  return { logic: 'AND', conditions };
}

function parseCondition(raw: unknown, path: string, state: State): FilterCondition {
  state.count += 1;
  if (state.count > FILTER_LIMITS.conditions) {
    throw invalid(path, `a filter holds at most ${FILTER_LIMITS.conditions} conditions`);
  }
  if (!isPlainObject(raw)) throw invalid(path, 'must be an object with field, operator and value');
  const out: FilterCondition = {
    field: parseField(raw.field, `${path}.field`),
    operator: parseOperator(raw.operator, `${path}.operator`),
  };
  // A unit is read only where a window needs one (a form may send a default unit with every row).
  if (WINDOW_OPERATORS.has(out.operator)) out.unit = parseUnit(raw.unit, out.operator, `${path}.unit`);
  if (raw.count !== undefined && raw.count !== null) out.count = parseCount(raw.count, out.operator, `${path}.count`);
  const value = parseValue(raw.value, out.operator, `${path}.value`);
  if (value !== undefined) out.value = value;
  return out;
}

function parseField(raw: unknown, path: string): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > FILTER_LIMITS.fieldLength) {
    throw invalid(path, `must be a field name of 1 to ${FILTER_LIMITS.fieldLength} characters`);
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/["\u0000-\u001f\u007f]/.test(raw)) throw invalid(path, 'must not contain double quotes or control characters');
  return raw;
}

function parseOperator(raw: unknown, path: string): Operator {
  if (typeof raw === 'string') {
    const op = OPERATOR_ALIASES[raw] ?? OPERATORS.find((o) => o === raw);
    if (op) return op;
  }
  throw invalid(path, `must be one of ${OPERATORS.join(', ')} (or gt, lt, gte, lte)`);
}

function parseUnit(raw: unknown, op: Operator, path: string): Unit {
  const unit = UNITS.find((u) => u === raw);
  if (unit) return unit;
  if (raw === undefined || raw === null) throw invalid(path, `is required with ${op}: one of ${UNITS.join(', ')}`);
  throw invalid(path, `must be one of ${UNITS.join(', ')}`);
}

function parseCount(raw: unknown, op: Operator, path: string): number {
  if (!TRIGGER_OPERATORS.includes(op)) throw invalid(path, 'applies only to the triggered operators');
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > FILTER_LIMITS.count) {
    throw invalid(path, `must be a whole number from 1 to ${FILTER_LIMITS.count}`);
  }
  return raw;
}

/** The value's shape as far as the operator decides it; the field's type is checked in check.ts. */
function parseValue(raw: unknown, op: Operator, path: string): unknown {
  const absent = raw === undefined || raw === null;
  if (VALUELESS_OPERATORS.has(op)) {
    if (!absent) throw invalid(path, `must be omitted with ${op}`);
    return undefined;
  }
  if (WINDOW_OPERATORS.has(op)) return parseWindow(raw, path);
  if (absent) throw invalid(path, `is required with ${op}`);
  if (op === 'in' || op === 'notIn') return parseList(raw, path);
  if (op === 'contains' || op === 'notContains' || op === 'startsWith' || op === 'endsWith') {
    if (typeof raw !== 'string' || raw.length === 0) throw invalid(path, `must be a non-empty string with ${op}`);
    return checkString(raw, path);
  }
  if (op === 'equals' || op === 'notEquals') {
    if (typeof raw === 'boolean') return raw;
    if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
    if (typeof raw === 'string') return checkString(raw, path);
    throw invalid(path, 'must be a string, a number or a boolean');
  }
  // The orderings: a number, or a date string for date fields.
  if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
  if (typeof raw === 'string' && raw.length > 0) return checkString(raw, path);
  throw invalid(path, `must be a number or an ISO 8601 date with ${op}`);
}

function checkString(s: string, path: string): string {
  if (s.length > FILTER_LIMITS.stringLength)
    throw invalid(path, `must be at most ${FILTER_LIMITS.stringLength} characters`);
  return s;
}

/** A window length: a whole number (a string of digits is read as one). */
function parseWindow(raw: unknown, path: string): number {
  const n = typeof raw === 'string' && /^[0-9]{1,9}$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > FILTER_LIMITS.window) {
    throw invalid(path, `must be a whole number from 1 to ${FILTER_LIMITS.window}`);
  }
  return n;
}

function parseList(raw: unknown, path: string): string[] | number[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > FILTER_LIMITS.listLength) {
    throw invalid(path, `must be an array of 1 to ${FILTER_LIMITS.listLength} values`);
  }
  if (raw.every((v) => typeof v === 'number' && Number.isFinite(v))) return raw as number[];
  if (raw.every((v) => typeof v === 'string')) {
    for (const [i, s] of raw.entries()) checkString(s, `${path}[${i}]`);
    return raw as string[];
  }
  throw invalid(path, 'must hold only strings or only numbers');
}

/**
 * The same tree with single-child groups unwrapped and same-logic sub-groups spliced into their
 * parent: equal in meaning (an empty sub-group is AND's or OR's identity, so splicing drops it).
 */
export function simplifyFilter(group: FilterGroup): FilterGroup {
  const out: FilterNode[] = [];
  for (const node of group.conditions) {
    let n: FilterNode = node;
    if (isGroup(n)) {
      n = simplifyFilter(n);
      if (n.conditions.length === 1) n = n.conditions[0]!;
    }
    if (isGroup(n) && n.logic === group.logic) out.push(...n.conditions);
    else out.push(n);
  }
  const only = out.length === 1 ? out[0]! : undefined;
  return only && isGroup(only) ? only : { logic: group.logic, conditions: out };
}

/** The `filters` form of a tree that is (or simplifies to) one flat group; undefined otherwise. */
export function toFiltersForm(tree: FilterGroup): { operator: Logic; conditions: FilterCondition[] } | undefined {
  const flat = simplifyFilter(tree);
  if (flat.conditions.some(isGroup)) return undefined;
  return { operator: flat.logic, conditions: (flat.conditions as FilterCondition[]).map((c) => ({ ...c })) };
}

/**
 * The `condition` form of any tree: the inverse of parsing that form (a tree parsed from it comes
 * back as it was sent). Each child of the root is a group: a condition alone; an AND group as its
 * conditions plus its sub-groups as the nested condition (one sub-group's own form, several ANDed);
 * an OR group as a nested condition alone.
 */
export function toConditionForm(tree: FilterGroup): ConditionForm {
  return { logic: tree.logic, groups: tree.conditions.map(toFormGroup) };
}

function toFormGroup(node: FilterNode): ConditionFormGroup {
  if (!isGroup(node)) return { filters: [{ ...node }] };
  if (node.logic === 'OR') return { filters: [], conditions: toConditionForm(node) };
  const filters = node.conditions.filter((n): n is FilterCondition => !isGroup(n)).map((c) => ({ ...c }));
  const subs = node.conditions.filter(isGroup);
  if (subs.length === 0) return { filters };
  if (subs.length === 1) return { filters, conditions: toConditionForm(subs[0]!) };
  return { filters, conditions: { logic: 'AND', groups: subs.map(toFormGroup) } };
}
