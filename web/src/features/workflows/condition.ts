/**
 * A CONDITION step's config as the editor's rows and back. The API takes one rule as
 * `{ field, operator, value, unit?, count? }` or several under `condition: { operator, conditions }`;
 * a deeper tree made through the API is edited as JSON instead (the editor says so). Values are typed
 * by the field's type (numbers, booleans, lists for `in`). Pure.
 */

export interface RuleDraft {
  field: string;
  operator: string;
  /** As typed; `in` lists are comma-separated. */
  value: string;
  unit: string;
  /** The triggered operators' "at least n times"; '' when not given. */
  count: string;
}

export interface ConditionDraft {
  logic: 'AND' | 'OR';
  rules: RuleDraft[];
}

export const UNITS = ['minutes', 'hours', 'days', 'weeks', 'months'] as const;

export const VALUELESS = new Set([
  'exists',
  'notExists',
  'triggered',
  'notTriggered',
  'memberOfSegment',
  'notMemberOfSegment',
]);
export const WINDOW = new Set(['within', 'olderThan', 'triggeredWithin', 'triggeredOlderThan', 'notTriggeredWithin']);
export const COUNTED = new Set([
  'triggered',
  'triggeredWithin',
  'triggeredOlderThan',
  'notTriggered',
  'notTriggeredWithin',
]);
const LISTS = new Set(['in', 'notIn']);
const ALIASES: Record<string, string> = {
  gt: 'greaterThan',
  lt: 'lessThan',
  gte: 'greaterThanOrEqual',
  lte: 'lessThanOrEqual',
};

/** Every value operator, for a field the project has not recorded a type for. */
export const ANY_FIELD_OPERATORS = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'startsWith',
  'endsWith',
  'greaterThan',
  'lessThan',
  'greaterThanOrEqual',
  'lessThanOrEqual',
  'in',
  'notIn',
  'exists',
  'notExists',
];

export const emptyRule = (): RuleDraft => ({ field: '', operator: 'equals', value: '', unit: 'days', count: '' });

const text = (v: unknown) => (v === undefined || v === null ? '' : Array.isArray(v) ? v.join(', ') : String(v));

function ruleFrom(raw: unknown): RuleDraft | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.field !== 'string' || typeof r.operator !== 'string') return null;
  return {
    field: r.field,
    operator: ALIASES[r.operator] ?? r.operator,
    value: text(r.value),
    unit: typeof r.unit === 'string' ? r.unit : 'days',
    count: r.count === undefined || r.count === null ? '' : String(r.count),
  };
}

/** The editor's rows for a stored config; null when the config is a tree the rows cannot show. */
export function draftFromConfig(config: Record<string, unknown> | undefined): ConditionDraft | null {
  if (!config || Object.keys(config).length === 0) return { logic: 'AND', rules: [emptyRule()] };
  const tree = config.condition;
  if (tree === undefined || tree === null) {
    const rule = ruleFrom(config);
    return rule ? { logic: 'AND', rules: [rule] } : null;
  }
  if (typeof tree !== 'object' || Array.isArray(tree)) return null;
  const t = tree as Record<string, unknown>;
  if (!Array.isArray(t.conditions)) return null;
  const logic = String(t.operator ?? t.logic ?? 'AND').toUpperCase();
  if (logic !== 'AND' && logic !== 'OR') return null;
  const rules = t.conditions.map(ruleFrom);
  if (rules.length === 0 || rules.some((r) => r === null)) return null;
  return { logic, rules: rules as RuleDraft[] };
}

/** A typed value: numbers for number fields, booleans for boolean fields, strings otherwise. */
function typed(raw: string, type: string | undefined): unknown {
  const s = raw.trim();
  if (type === 'number' && s !== '' && Number.isFinite(Number(s))) return Number(s);
  if (type === 'boolean' && (s === 'true' || s === 'false')) return s === 'true';
  return raw;
}

/** The rule as the API takes it; `types` gives each known field's type. */
export function ruleToApi(rule: RuleDraft, types: ReadonlyMap<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = { field: rule.field.trim(), operator: rule.operator };
  const type = types.get(out.field as string);
  if (WINDOW.has(rule.operator)) {
    const n = rule.value.trim();
    out.value = n !== '' && Number.isFinite(Number(n)) ? Number(n) : rule.value;
    out.unit = rule.unit || 'days';
  } else if (LISTS.has(rule.operator)) {
    out.value = rule.value
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '')
      .map((v) => typed(v, type));
  } else if (!VALUELESS.has(rule.operator)) {
    out.value = typed(rule.value, type);
  }
  if (COUNTED.has(rule.operator) && rule.count.trim() !== '') {
    const n = Number(rule.count);
    out.count = Number.isFinite(n) ? n : rule.count;
  }
  return out;
}

/** The step config for the editor's rows: one rule flat, several under `condition`. */
export function configFromDraft(draft: ConditionDraft, types: ReadonlyMap<string, string>): Record<string, unknown> {
  const rules = draft.rules.map((r) => ruleToApi(r, types));
  if (rules.length === 1) return rules[0]!;
  return { condition: { operator: draft.logic, conditions: rules } };
}

/** Which rule an API error path (`config.value`, `config.condition.conditions[1].field`) is about, and the part. */
export function ruleErrorAt(field: string): { index: number; part: string } | null {
  const flat = /^config\.(field|operator|value|unit|count)$/.exec(field);
  if (flat) return { index: 0, part: flat[1]! };
  const nested = /^config\.condition\.conditions\[(\d+)\]\.(field|operator|value|unit|count)/.exec(field);
  if (nested) return { index: Number(nested[1]), part: nested[2]! };
  return null;
}
