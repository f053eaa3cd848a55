/**
 * The builder's tree and the API's filter both ways (decisions.md "Segments and filters"). Both API
 * forms are read (`{ operator, conditions }` with nested groups, and `{ logic, groups }`); the
 * `{ operator, conditions }` form is written, since it nests freely. Values are typed by the
 * field's kind; what the API would refuse is named per row. Pure.
 */
import { ApiError } from '../api/client.ts';
import { i18n } from '../i18n/i18n.ts';
import { type FieldOption, findOption } from './fields.ts';
import { type ApiCondition, type ApiGroup, isUnit, type Logic, OPERATOR_ALIASES } from './language.ts';
import { isOperator, isOrdering, takesCount, valueInput } from './operators.ts';
import { type ConditionRow, type FilterNode, type GroupNode, newGroup, newId } from './tree.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The tree for a filter as the API answers it (either form; null for "no filter": every contact).
 * Groups stay as the API nests them; the root is always a group.
 */
export function fromApi(filter: unknown): GroupNode {
  if (!isObject(filter)) return newGroup('AND');
  if (Array.isArray(filter.groups)) return fromConditionForm(filter);
  return fromFiltersGroup(filter);
}

function logicOf(raw: unknown): Logic {
  return typeof raw === 'string' && raw.toUpperCase() === 'OR' ? 'OR' : 'AND';
}

function fromFiltersGroup(g: Json): GroupNode {
  const items = (Array.isArray(g.conditions) ? g.conditions : []).filter(isObject);
  return newGroup(
    logicOf(g.operator ?? g.logic),
    items.map((item) =>
      item.field === undefined && Array.isArray(item.conditions) ? fromFiltersGroup(item) : fromCondition(item),
    ),
  );
}

/** Each group of the `{ logic, groups }` form is the AND of its filters and its nested condition. */
function fromConditionForm(c: Json): GroupNode {
  const groups = (c.groups as unknown[]).filter(isObject);
  const children = groups.map((g): FilterNode => {
    const filters = (Array.isArray(g.filters) ? g.filters : []).filter(isObject).map(fromCondition);
    const nested: FilterNode[] = isObject(g.conditions) ? [fromConditionForm(g.conditions)] : [];
    const all = [...filters, ...nested];
    return all.length === 1 ? all[0]! : newGroup('AND', all);
  });
  return newGroup(logicOf(c.logic ?? c.operator), children);
}

/** A stored condition as a row (the API stores only long-form operators; an alias is read too). */
export function fromCondition(c: Json): ConditionRow {
  const raw = typeof c.operator === 'string' ? (OPERATOR_ALIASES[c.operator] ?? c.operator) : 'equals';
  return {
    kind: 'condition',
    id: newId(),
    field: typeof c.field === 'string' ? c.field : '',
    operator: isOperator(raw) ? raw : 'equals',
    value: valueText(c.value),
    unit: isUnit(c.unit) ? c.unit : 'days',
    count: typeof c.count === 'number' ? String(c.count) : '',
  };
}

function valueText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return v.map(String).join(', ');
  return String(v);
}

/** A row (or group) the API would refuse, said in the builder's words, by node id. */
export type Problems = Record<string, string>;

export interface Converted {
  filters: ApiGroup;
  /** Every node's path in the body (`filters.conditions[1].conditions[0]`) → its id, to place the API's errors. */
  paths: Record<string, string>;
  problems: Problems;
}

/**
 * The API body (`{ operator, conditions }` form, at `at` in the request) for the tree, with the
 * problems that keep it from being sent: a row with no field, a missing or mistyped value, an empty
 * nested group. A mistyped value is sent as typed, so the API names it where a caller sends anyway.
 */
export function toApi(root: GroupNode, options: FieldOption[], at = 'filters'): Converted {
  const paths: Record<string, string> = {};
  const problems: Problems = {};
  const group = (g: GroupNode, path: string, nested: boolean): ApiGroup => {
    paths[path] = g.id;
    if (nested && g.children.length === 0) problems[g.id] = i18n.t('Add a condition to this group, or remove it.');
    return {
      operator: g.logic,
      conditions: g.children.map((n, i) => {
        const p = `${path}.conditions[${i}]`;
        if (n.kind === 'group') return group(n, p, true);
        paths[p] = n.id;
        const { out, problem } = toApiCondition(n, options);
        if (problem) problems[n.id] = problem;
        return out;
      }),
    };
  };
  const filters = group(root, at, false);
  // An empty root means "every contact": AND of nothing (OR of nothing would select no one).
  if (filters.conditions.length === 0) filters.operator = 'AND';
  return { filters, paths, problems };
}

const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z)?$/;
const isNumber = (s: string) => s !== '' && Number.isFinite(Number(s));

/** One row as the API takes it, and what is wrong with it if anything. */
export function toApiCondition(row: ConditionRow, options: FieldOption[]): { out: ApiCondition; problem?: string } {
  const out: ApiCondition = { field: row.field.trim(), operator: row.operator };
  if (!out.field) return { out, problem: i18n.t('Choose a field.') };
  const kind = findOption(out.field, row.operator, options).kind;
  const text = row.value.trim();
  let problem: string | undefined;
  switch (valueInput(kind, row.operator)) {
    case 'window':
      out.unit = row.unit;
      if (!/^\d+$/.test(text) || Number(text) < 1) problem = i18n.t('Enter a whole number of at least 1.');
      out.value = /^\d+$/.test(text) ? Number(text) : text;
      break;
    case 'list': {
      const items = text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (items.length === 0) problem = i18n.t('Enter one or more values, separated by commas.');
      if (kind === 'number' && items.some((s) => !isNumber(s))) problem = i18n.t('Every value must be a number.');
      out.value = kind === 'number' && !problem ? items.map(Number) : items;
      break;
    }
    case 'boolean':
    case 'topic':
      out.value = text !== 'false';
      break;
    case 'number':
      if (!isNumber(text)) problem = i18n.t('Enter a number.');
      out.value = isNumber(text) ? Number(text) : text;
      break;
    case 'date':
      if (!DATE.test(text)) problem = i18n.t('Choose a date.');
      out.value = text;
      break;
    case 'text':
      if (text === '') problem = i18n.t('Enter a value.');
      // A path with no recorded type compares as its value's type: an ordering wants a number (or a date).
      out.value = kind === 'any' && isOrdering(row.operator) && isNumber(text) ? Number(text) : row.value;
      break;
    case 'none':
      break;
  }
  if (takesCount(row.operator) && row.count.trim() !== '') {
    const c = Number(row.count);
    if (!Number.isInteger(c) || c < 1) problem = i18n.t('The number of times must be a whole number of at least 1.');
    else out.count = c;
  }
  return problem ? { out, problem } : { out };
}

/**
 * The node an API field error is about: the longest node path its `field` starts with
 * (`filters.conditions[0].value` → the first row). Undefined when it names none of them.
 */
export function nodeForErrorPath(paths: Record<string, string>, field: string): string | undefined {
  let best: string | undefined;
  for (const path of Object.keys(paths)) {
    if ((field === path || field.startsWith(`${path}.`)) && (!best || path.length > best.length)) best = path;
  }
  return best === undefined ? undefined : paths[best];
}

/** The API's field errors on the tree's nodes, by node id (the first error of each node). */
export function apiProblems(error: unknown, paths: Record<string, string>): Problems {
  const out: Problems = {};
  if (!(error instanceof ApiError)) return out;
  for (const e of error.errors) {
    const id = e.field ? nodeForErrorPath(paths, e.field) : undefined;
    if (id && !out[id]) out[id] = e.message;
  }
  return out;
}
