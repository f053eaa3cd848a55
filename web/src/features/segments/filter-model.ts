/**
 * The filter builder's model: the editor's tree (groups of condition rows, values kept as the text
 * the person typed), the fields a condition can test and the operators that fit each, and the
 * conversions between the editor tree and the API's filter language (decisions.md "Segments and
 * filters"). Both API forms are read (`{ operator, conditions }` with nested groups, and
 * `{ logic, groups }`); the `{ operator, conditions }` form is written, since it nests freely. Pure:
 * no React, no I/O, so it is unit-tested on its own.
 */

export type Logic = 'AND' | 'OR';
export type FieldKind = 'string' | 'number' | 'boolean' | 'date' | 'event' | 'email' | 'segment';
export type Unit = 'minutes' | 'hours' | 'days' | 'weeks' | 'months';

export const UNITS: Unit[] = ['minutes', 'hours', 'days', 'weeks', 'months'];

export interface ConditionRow {
  kind: 'condition';
  id: string;
  field: string;
  operator: string;
  /** What was typed: a number, a date (YYYY-MM-DD), `true`/`false`, or comma-separated items for lists. */
  value: string;
  unit: Unit;
  /** Event operators: "at least" / "fewer than" this many times; '' for none. */
  count: string;
}

export interface GroupNode {
  kind: 'group';
  id: string;
  logic: Logic;
  children: FilterNode[];
}

export type FilterNode = ConditionRow | GroupNode;

/** A field a condition can test, as the field picker lists it. */
export interface FieldOption {
  field: string;
  label: string;
  kind: FieldKind;
  section: 'Contact' | 'Custom fields' | 'Events' | 'Email activity' | 'Segments';
}

export interface OperatorOption {
  id: string;
  label: string;
}

const TRIGGER: OperatorOption[] = [
  { id: 'triggered', label: 'has happened' },
  { id: 'triggeredWithin', label: 'happened in the last' },
  { id: 'triggeredOlderThan', label: 'happened more than' },
  { id: 'notTriggered', label: 'has not happened' },
  { id: 'notTriggeredWithin', label: 'has not happened in the last' },
];

const PRESENCE: OperatorOption[] = [
  { id: 'exists', label: 'is set' },
  { id: 'notExists', label: 'is not set' },
];

/** The operators that fit each kind of field, in the order the picker shows them (first is the default). */
export const OPERATORS: Record<FieldKind, OperatorOption[]> = {
  string: [
    { id: 'equals', label: 'is' },
    { id: 'notEquals', label: 'is not' },
    { id: 'contains', label: 'contains' },
    { id: 'notContains', label: 'does not contain' },
    { id: 'startsWith', label: 'starts with' },
    { id: 'endsWith', label: 'ends with' },
    { id: 'in', label: 'is one of' },
    { id: 'notIn', label: 'is none of' },
    ...PRESENCE,
  ],
  number: [
    { id: 'equals', label: 'equals' },
    { id: 'notEquals', label: 'does not equal' },
    { id: 'greaterThan', label: 'is greater than' },
    { id: 'greaterThanOrEqual', label: 'is at least' },
    { id: 'lessThan', label: 'is less than' },
    { id: 'lessThanOrEqual', label: 'is at most' },
    { id: 'in', label: 'is one of' },
    { id: 'notIn', label: 'is none of' },
    ...PRESENCE,
  ],
  boolean: [{ id: 'equals', label: 'is' }, { id: 'notEquals', label: 'is not' }, ...PRESENCE],
  date: [
    { id: 'within', label: 'is within the last' },
    { id: 'olderThan', label: 'is more than' },
    { id: 'greaterThan', label: 'is after' },
    { id: 'lessThan', label: 'is before' },
    { id: 'greaterThanOrEqual', label: 'is on or after' },
    { id: 'lessThanOrEqual', label: 'is on or before' },
    { id: 'equals', label: 'is exactly' },
    { id: 'notEquals', label: 'is not exactly' },
    ...PRESENCE,
  ],
  event: TRIGGER,
  email: TRIGGER,
  segment: [
    { id: 'memberOfSegment', label: 'is a member' },
    { id: 'notMemberOfSegment', label: 'is not a member' },
  ],
};

/** Short names the API accepts and answers in their long form. */
const ALIASES: Record<string, string> = {
  gt: 'greaterThan',
  lt: 'lessThan',
  gte: 'greaterThanOrEqual',
  lte: 'lessThanOrEqual',
};

const VALUELESS = new Set([
  'exists',
  'notExists',
  'triggered',
  'notTriggered',
  'memberOfSegment',
  'notMemberOfSegment',
]);
const WINDOW = new Set(['within', 'olderThan', 'triggeredWithin', 'triggeredOlderThan', 'notTriggeredWithin']);
const LIST = new Set(['in', 'notIn']);
const TRIGGERS = new Set(TRIGGER.map((o) => o.id));

/** What input a condition's value needs. */
export type ValueInput = 'none' | 'window' | 'list' | 'boolean' | 'number' | 'date' | 'text';

export function valueInput(kind: FieldKind, operator: string): ValueInput {
  if (VALUELESS.has(operator)) return 'none';
  if (WINDOW.has(operator)) return 'window';
  if (LIST.has(operator)) return 'list';
  if (kind === 'boolean') return 'boolean';
  if (kind === 'number') return 'number';
  if (kind === 'date') return 'date';
  return 'text';
}

/** Window operators that read "… ago" (the others read "in the last …"). */
export const isAgo = (operator: string) => operator === 'olderThan' || operator === 'triggeredOlderThan';

/** Whether the operator takes an optional event count. */
export const takesCount = (operator: string) => TRIGGERS.has(operator);
/** The count reads "fewer than" for the negated event operators, "at least" otherwise. */
export const countIsUpperBound = (operator: string) => operator.startsWith('not');

export const EMAIL_FACTS: Array<{ fact: string; label: string }> = [
  { fact: 'sent', label: 'Was sent an email' },
  { fact: 'delivered', label: 'Had an email delivered' },
  { fact: 'opened', label: 'Opened an email' },
  { fact: 'clicked', label: 'Clicked a link in an email' },
  { fact: 'bounced', label: 'Bounced an email' },
  { fact: 'complained', label: 'Marked an email as spam' },
];

const STANDARD: Array<{ field: string; label: string; kind: FieldKind }> = [
  { field: 'email', label: 'Email', kind: 'string' },
  { field: 'subscribed', label: 'Subscribed', kind: 'boolean' },
  { field: 'createdAt', label: 'Created', kind: 'date' },
  { field: 'updatedAt', label: 'Last updated', kind: 'date' },
];

/**
 * Every field a condition can test: the standard ones, the project's custom fields (typed by
 * GET /contacts/fields), its custom event names, the email facts and its other segments.
 */
export function buildFieldOptions(input: {
  fields: Array<{ field: string; type: string; isCustom: boolean }>;
  events: Array<{ name: string; system: boolean }>;
  segments: Array<{ id: string; name: string }>;
  /** The segment being edited: it cannot contain itself. */
  excludeSegmentId?: string;
}): FieldOption[] {
  const out: FieldOption[] = STANDARD.map((s) => ({ ...s, section: 'Contact' }));
  const custom = input.fields
    .filter((f) => f.isCustom && f.field.startsWith('data.'))
    .map((f) => ({ field: f.field, label: f.field.slice(5), kind: asKind(f.type), section: 'Custom fields' as const }))
    .sort((a, b) => a.label.localeCompare(b.label));
  out.push(...custom);
  const events = input.events
    .filter((e) => !e.system)
    .map((e) => ({ field: `event.${e.name}`, label: e.name, kind: 'event' as const, section: 'Events' as const }))
    .sort((a, b) => a.label.localeCompare(b.label));
  out.push(...events);
  out.push(
    ...EMAIL_FACTS.map((f) => ({
      field: `email.${f.fact}`,
      label: f.label,
      kind: 'email' as const,
      section: 'Email activity' as const,
    })),
  );
  out.push(
    ...input.segments
      .filter((s) => s.id !== input.excludeSegmentId)
      .map((s) => ({
        field: `segment.${s.id}`,
        label: s.name,
        kind: 'segment' as const,
        section: 'Segments' as const,
      })),
  );
  return out;
}

function asKind(type: string): FieldKind {
  return type === 'number' || type === 'boolean' || type === 'date' ? type : 'string';
}

/**
 * The option for a field name even when the catalog does not list it (a field deleted since, an
 * event never tracked yet): its namespace says what it is.
 */
export function fieldOption(field: string, options: FieldOption[]): FieldOption {
  const known = options.find((o) => o.field === field);
  if (known) return known;
  if (field.startsWith('event.')) return { field, label: field.slice(6), kind: 'event', section: 'Events' };
  if (field.startsWith('email.')) return { field, label: field, kind: 'email', section: 'Email activity' };
  if (field.startsWith('segment.')) return { field, label: 'Deleted segment', kind: 'segment', section: 'Segments' };
  if (field.startsWith('data.')) return { field, label: field.slice(5), kind: 'string', section: 'Custom fields' };
  return { field, label: field, kind: 'string', section: 'Contact' };
}

let seq = 0;
/** A key for a new row or group; unique within the page's lifetime. */
export const newId = () => `n${++seq}`;

export function newCondition(options: FieldOption[], field = options[0]?.field ?? 'email'): ConditionRow {
  const kind = fieldOption(field, options).kind;
  return {
    kind: 'condition',
    id: newId(),
    field,
    operator: OPERATORS[kind][0]!.id,
    value: '',
    unit: 'days',
    count: '',
  };
}

export const newGroup = (logic: Logic = 'AND', children: FilterNode[] = []): GroupNode => ({
  kind: 'group',
  id: newId(),
  logic,
  children,
});

/**
 * A row moved to another field: the operator stays when it fits the new field's kind, else the
 * kind's first; the value is kept only when the kind stays the same.
 */
export function changeField(row: ConditionRow, field: string, options: FieldOption[]): ConditionRow {
  const before = fieldOption(row.field, options).kind;
  const kind = fieldOption(field, options).kind;
  const fits = OPERATORS[kind].some((o) => o.id === row.operator);
  return {
    ...row,
    field,
    operator: fits ? row.operator : OPERATORS[kind][0]!.id,
    value: kind === before ? row.value : kind === 'boolean' ? 'true' : '',
    count: '',
  };
}

// ---------------------------------------------------------------------------------------------
// From the API

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The editor tree for a filter as the API answers it (either form, or null for "no filter": every
 * contact). Single-condition groups stay as the API nests them except the root, which is always a group.
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
  const items = Array.isArray(g.conditions) ? g.conditions : [];
  return newGroup(
    logicOf(g.operator ?? g.logic),
    items
      .filter(isObject)
      .map((item) =>
        item.field === undefined && Array.isArray(item.conditions) ? fromFiltersGroup(item) : fromCondition(item),
      ),
  );
}

function fromConditionForm(c: Json): GroupNode {
  const groups = (c.groups as unknown[]).filter(isObject);
  const children: FilterNode[] = groups.map((g) => {
    const filters = (Array.isArray(g.filters) ? g.filters : []).filter(isObject).map(fromCondition);
    const nested: FilterNode[] = isObject(g.conditions) ? [fromConditionForm(g.conditions)] : [];
    const all = [...filters, ...nested];
    return all.length === 1 ? all[0]! : newGroup('AND', all);
  });
  return newGroup(logicOf(c.logic ?? c.operator), children);
}

function fromCondition(c: Json): ConditionRow {
  const operator = typeof c.operator === 'string' ? (ALIASES[c.operator] ?? c.operator) : 'equals';
  return {
    kind: 'condition',
    id: newId(),
    field: typeof c.field === 'string' ? c.field : '',
    operator,
    value: valueText(c.value),
    unit: UNITS.includes(c.unit as Unit) ? (c.unit as Unit) : 'days',
    count: typeof c.count === 'number' ? String(c.count) : '',
  };
}

function valueText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return v.map(String).join(', ');
  return String(v);
}

// ---------------------------------------------------------------------------------------------
// To the API

export interface ApiCondition {
  field: string;
  operator: string;
  value?: unknown;
  unit?: Unit;
  count?: number;
}
export interface ApiGroup {
  operator: Logic;
  conditions: Array<ApiCondition | ApiGroup>;
}

/** A row the API would refuse, said in the builder's words, by row (or group) id. */
export type Problems = Record<string, string>;

export interface Converted {
  filters: ApiGroup;
  /** Every node's path in the body (`filters.conditions[1].conditions[0]`) → its id, to place the API's field errors. */
  paths: Record<string, string>;
  problems: Problems;
}

const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z)?$/;

/**
 * The API body (`filters` form) for the editor tree, with the problems that keep it from being sent:
 * a row with no field, a missing or mistyped value, an empty nested group.
 */
export function toApi(root: GroupNode, options: FieldOption[], at = 'filters'): Converted {
  const paths: Record<string, string> = {};
  const problems: Problems = {};
  const group = (g: GroupNode, path: string, nested: boolean): ApiGroup => {
    paths[path] = g.id;
    if (nested && g.children.length === 0) problems[g.id] = 'Add a condition to this group, or remove it.';
    return {
      operator: g.logic,
      conditions: g.children.map((n, i) => {
        const p = `${path}.conditions[${i}]`;
        return n.kind === 'group' ? group(n, p, true) : condition(n, p);
      }),
    };
  };
  const condition = (row: ConditionRow, path: string): ApiCondition => {
    paths[path] = row.id;
    const { out, problem } = toApiCondition(row, options);
    if (problem) problems[row.id] = problem;
    return out;
  };
  const filters = group(root, at, false);
  // An empty root means "every contact": AND of nothing (OR of nothing would select no one).
  if (filters.conditions.length === 0) filters.operator = 'AND';
  return { filters, paths, problems };
}

function toApiCondition(row: ConditionRow, options: FieldOption[]): { out: ApiCondition; problem?: string } {
  const out: ApiCondition = { field: row.field, operator: row.operator };
  if (!row.field) return { out, problem: 'Choose a field.' };
  const kind = fieldOption(row.field, options).kind;
  const input = valueInput(kind, row.operator);
  let problem: string | undefined;
  const text = row.value.trim();
  if (input === 'window') {
    out.unit = row.unit;
    const n = Number(text);
    if (!/^\d+$/.test(text) || n < 1) problem = 'Enter a whole number of at least 1.';
    out.value = /^\d+$/.test(text) ? n : text;
  } else if (input === 'list') {
    const items = text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (items.length === 0) problem = 'Enter one or more values, separated by commas.';
    if (kind === 'number') {
      if (items.some((s) => !isNumber(s))) problem = 'Every value must be a number.';
      out.value = items.map(Number);
    } else out.value = items;
  } else if (input === 'boolean') {
    out.value = text !== 'false';
  } else if (input === 'number') {
    if (!isNumber(text)) problem = 'Enter a number.';
    out.value = isNumber(text) ? Number(text) : text;
  } else if (input === 'date') {
    if (!DATE.test(text)) problem = 'Choose a date.';
    out.value = text;
  } else if (input === 'text') {
    if (text === '') problem = 'Enter a value.';
    out.value = row.value;
  }
  if (takesCount(row.operator) && row.count.trim() !== '') {
    const c = Number(row.count);
    if (!Number.isInteger(c) || c < 1) problem = 'The number of times must be a whole number of at least 1.';
    else out.count = c;
  }
  return problem ? { out, problem } : { out };
}

const isNumber = (s: string) => s !== '' && Number.isFinite(Number(s));

/**
 * The row (or group) an API field error is about: the longest node path its `field` starts with
 * (`filters.conditions[0].value` → the first row). Undefined when it names none of them.
 */
export function nodeForErrorPath(paths: Record<string, string>, field: string): string | undefined {
  let best: string | undefined;
  for (const path of Object.keys(paths)) {
    if ((field === path || field.startsWith(`${path}.`)) && (!best || path.length > best.length)) best = path;
  }
  return best === undefined ? undefined : paths[best];
}

/** How many condition rows the tree holds (an empty root selects every contact). */
export function countConditions(node: FilterNode): number {
  return node.kind === 'condition' ? 1 : node.children.reduce((n, c) => n + countConditions(c), 0);
}

// ---------------------------------------------------------------------------------------------
// Editing (immutable updates by id)

export function updateNode(root: GroupNode, id: string, fn: (n: FilterNode) => FilterNode): GroupNode {
  const visit = (n: FilterNode): FilterNode => {
    if (n.id === id) return fn(n);
    if (n.kind === 'group') return { ...n, children: n.children.map(visit) };
    return n;
  };
  return visit(root) as GroupNode;
}

export function removeNode(root: GroupNode, id: string): GroupNode {
  const visit = (g: GroupNode): GroupNode => ({
    ...g,
    children: g.children.filter((c) => c.id !== id).map((c) => (c.kind === 'group' ? visit(c) : c)),
  });
  return visit(root);
}

export function appendChild(root: GroupNode, groupId: string, child: FilterNode): GroupNode {
  return updateNode(root, groupId, (g) => (g.kind === 'group' ? { ...g, children: [...g.children, child] } : g));
}

// ---------------------------------------------------------------------------------------------
// Reading a filter out loud

/** One line per condition, for summaries ("plan is pro", "signup has happened in the last 7 days"). */
export function describeCondition(row: ConditionRow, options: FieldOption[]): string {
  const opt = fieldOption(row.field, options);
  const op = OPERATORS[opt.kind].find((o) => o.id === row.operator)?.label ?? row.operator;
  const input = valueInput(opt.kind, row.operator);
  const name = opt.kind === 'segment' ? `Member of “${opt.label}”` : opt.label;
  if (opt.kind === 'segment') return row.operator === 'memberOfSegment' ? name : `Not a member of “${opt.label}”`;
  let text = `${name} ${op}`;
  if (input === 'window') {
    const amount = `${row.value} ${row.value === '1' ? row.unit.replace(/s$/, '') : row.unit}`;
    text = `${text} ${amount}${isAgo(row.operator) ? ' ago' : ''}`;
  } else if (input === 'boolean') text += ` ${row.value === 'false' ? 'false' : 'true'}`;
  else if (input !== 'none') text += ` ${row.value === '' ? '(empty)' : row.value}`;
  if (takesCount(row.operator) && row.count) {
    text += countIsUpperBound(row.operator) ? ` (fewer than ${row.count} times)` : ` (at least ${row.count} times)`;
  }
  return text;
}
