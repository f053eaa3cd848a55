/**
 * The filter language's input side as campaigns use it: parse `audienceFilter` (either body form of
 * decisions.md "Segments and filters"), check it against the project, echo it back, and list what it
 * references. A stand-in with the names and shapes of src/segments/filters/parse.ts and check.ts
 * while those are written: it reads both forms structurally and checks operators; the real check
 * (field types, segments) replaces it when the filter language lands on main.
 */
import { type FieldError, invalidFields } from '../errors.ts';
import {
  type FilterCondition,
  type FilterEnv,
  type FilterGroup,
  type FilterNode,
  isGroup,
  type Logic,
  OPERATOR_ALIASES,
  OPERATORS,
  type Operator,
  UNITS,
  type Unit,
} from '../segments/filters/tree.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const MAX_DEPTH = 8;

class Problems {
  list: FieldError[] = [];
  add(field: string, message: string) {
    this.list.push({ field, message, code: 'INVALID_FILTER' });
  }
}

function logicOf(v: unknown, at: string, p: Problems): Logic {
  if (v === undefined || v === 'AND' || v === 'OR') return (v as Logic | undefined) ?? 'AND';
  p.add(at, 'must be AND or OR');
  return 'AND';
}

function conditionOf(raw: unknown, at: string, p: Problems): FilterCondition | undefined {
  if (!isObj(raw)) return void p.add(at, 'must be an object');
  const name = String(raw.operator ?? '');
  const operator = (OPERATOR_ALIASES[name] ?? name) as Operator;
  if (typeof raw.field !== 'string' || raw.field === '') p.add(`${at}.field`, 'is required');
  if (!OPERATORS.includes(operator)) p.add(`${at}.operator`, `must be one of ${OPERATORS.join(', ')}`);
  if (raw.unit !== undefined && !UNITS.includes(raw.unit as Unit)) p.add(`${at}.unit`, `must be one of ${UNITS}`);
  const c: FilterCondition = { field: String(raw.field), operator };
  if (raw.value !== undefined) c.value = raw.value;
  if (raw.unit !== undefined) c.unit = raw.unit as Unit;
  if (typeof raw.count === 'number') c.count = raw.count;
  return c;
}

/** The spec's form: `{ operator, conditions: [condition | group] }`. */
function fromFilters(raw: unknown, at: string, p: Problems, depth: number): FilterGroup {
  if (!isObj(raw) || !Array.isArray(raw.conditions) || depth > MAX_DEPTH) {
    p.add(at, 'must be { operator, conditions: [...] }');
    return { logic: 'AND', conditions: [] };
  }
  const conditions: FilterNode[] = [];
  raw.conditions.forEach((c, i) => {
    const here = `${at}.conditions[${i}]`;
    const node = isObj(c) && Array.isArray(c.conditions) ? fromFilters(c, here, p, depth + 1) : conditionOf(c, here, p);
    if (node) conditions.push(node);
  });
  return { logic: logicOf(raw.operator ?? raw.logic, `${at}.operator`, p), conditions };
}

/** The nested form: `{ logic, groups: [{ filters: [...], conditions?: <nested> }] }`. */
function fromCondition(raw: unknown, at: string, p: Problems, depth: number): FilterGroup {
  if (!isObj(raw) || !Array.isArray(raw.groups) || depth > MAX_DEPTH) {
    p.add(at, 'must be { logic, groups: [...] }');
    return { logic: 'AND', conditions: [] };
  }
  const groups = raw.groups.map((g, i): FilterGroup => {
    const here = `${at}.groups[${i}]`;
    if (!isObj(g)) return p.add(here, 'must be an object'), { logic: 'AND', conditions: [] };
    const filters = Array.isArray(g.filters) ? g.filters : [];
    const list = filters.map((f, j) => conditionOf(f, `${here}.filters[${j}]`, p)).filter((c) => c !== undefined);
    const nested = g.conditions === undefined ? [] : [fromCondition(g.conditions, `${here}.conditions`, p, depth + 1)];
    return { logic: 'AND', conditions: [...list, ...nested] };
  });
  return { logic: logicOf(raw.logic, `${at}.logic`, p), conditions: groups };
}

/** The tree of `filters` or `condition` (the first given); undefined when neither is; 422 naming the path. */
export function parseFilterInput(
  input: { filters?: unknown; condition?: unknown },
  at = { filters: 'filters', condition: 'condition' },
): FilterGroup | undefined {
  const p = new Problems();
  let tree: FilterGroup | undefined;
  if (input.filters !== undefined && input.filters !== null) tree = fromFilters(input.filters, at.filters, p, 0);
  else if (input.condition !== undefined && input.condition !== null)
    tree = fromCondition(input.condition, at.condition, p, 0);
  if (p.list.length > 0) throw invalidFields(p.list);
  return tree;
}

/** Checks a parsed tree against the project (stand-in: segment references must exist). */
export function checkFilter(tree: FilterGroup, env: FilterEnv, opts: { at: string }): void {
  const p = new Problems();
  for (const c of conditionsOf(tree)) {
    const id = c.field.startsWith('segment.') ? c.field.slice(8) : undefined;
    if (id !== undefined && !env.segments.has(id)) p.add(opts.at, `segment ${id} does not exist`);
  }
  if (p.list.length > 0) throw invalidFields(p.list);
}

function* conditionsOf(g: FilterGroup): Generator<FilterCondition> {
  for (const n of g.conditions) {
    if (isGroup(n)) yield* conditionsOf(n);
    else yield n;
  }
}

/** The spec's form of a tree; undefined when it cannot express it (never, for this stand-in). */
export function toFiltersForm(tree: FilterGroup): Obj | undefined {
  const node = (n: FilterNode): Obj => (isGroup(n) ? toFiltersForm(n)! : { ...n });
  return { operator: tree.logic, conditions: tree.conditions.map(node) };
}

/** The nested form of a tree. */
export function toConditionForm(tree: FilterGroup): Obj {
  return { logic: tree.logic, groups: [{ filters: [...conditionsOf(tree)] }] };
}

/** The fields a tree references (`email`, `data.plan`, `segment.<id>` …). */
export function filterReferences(tree: FilterGroup): { fields: string[] } {
  return { fields: [...new Set([...conditionsOf(tree)].map((c) => c.field))] };
}
