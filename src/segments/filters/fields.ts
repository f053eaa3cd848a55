/**
 * What a condition's `field` names and which operators fit it: the one reading of field names that
 * parsing, checking, compiling and the usage lookups share. Pure: no I/O.
 */
import { parseFieldName } from '../../contacts/fields/field-names.ts';
import type { FieldType } from '../../db/schema.ts';
import type { Operator, Unit } from './tree.ts';

/** The email timestamps `email.<fact>` tests, by the name the API uses. */
export const EMAIL_FACTS = ['sent', 'delivered', 'opened', 'clicked', 'bounced', 'complained'] as const;
export type EmailFact = (typeof EMAIL_FACTS)[number];

export type FieldTarget =
  | { kind: 'standard'; name: 'email' | 'subscribed' | 'createdAt' | 'updatedAt'; type: FieldType }
  | { kind: 'data'; key: string; path: string[] }
  | { kind: 'event'; name: string }
  | { kind: 'email'; fact: EmailFact }
  | { kind: 'segment'; id: string }
  /** Subscribed to the topic (beyond.md §1): `equals` true or false. */
  | { kind: 'topic'; id: string }
  /** A path into a workflow execution's event data or context (FilterDocuments); only where documents are in play. */
  | { kind: 'document'; source: DocumentSource; key: string; path: string[] };

/** The JSON documents a workflow condition reads besides the contact, by the namespace that names them. */
export type DocumentSource = 'event' | 'workflow';

export type ResolvedField = { ok: true; target: FieldTarget } | { ok: false; message: string };

const STANDARD: Record<string, FieldType> = {
  email: 'string',
  subscribed: 'boolean',
  createdAt: 'date',
  updatedAt: 'date',
};

const NAMESPACES =
  'email, subscribed, createdAt, updatedAt, data.<key>, event.<name>, email.<fact>, segment.<id> or topic.<id>';

/** Reads a condition's field name into what it addresses; the message says why when it addresses nothing. */
export function resolveField(field: string): ResolvedField {
  const type = STANDARD[field];
  if (type) return { ok: true, target: { kind: 'standard', name: field as 'email', type } };
  const dot = field.indexOf('.');
  const ns = dot < 0 ? field : field.slice(0, dot);
  const rest = dot < 0 ? '' : field.slice(dot + 1);
  if (rest === '') return { ok: false, message: `unknown field; use ${NAMESPACES}` };
  if (ns === 'data') {
    const parsed = parseFieldName(field);
    if (!parsed.ok || parsed.ref.kind !== 'custom')
      return { ok: false, message: parsed.ok ? 'is not a custom field' : parsed.message };
    return { ok: true, target: { kind: 'data', key: parsed.ref.key, path: parsed.ref.path } };
  }
  if (ns === 'event') return { ok: true, target: { kind: 'event', name: rest } };
  if (ns === 'segment') return { ok: true, target: { kind: 'segment', id: rest } };
  if (ns === 'topic') return { ok: true, target: { kind: 'topic', id: rest } };
  if (ns === 'email') {
    const fact = EMAIL_FACTS.find((f) => f === rest);
    if (fact) return { ok: true, target: { kind: 'email', fact } };
    return { ok: false, message: `unknown email fact; use one of ${EMAIL_FACTS.map((f) => `email.${f}`).join(', ')}` };
  }
  return { ok: false, message: `unknown namespace "${ns}"; use ${NAMESPACES}` };
}

/**
 * Reads a condition's field as resolveField does, except where `documents` are in play: there
 * `workflow.<path>` is a path into the execution's context, and `event.<path>` with a value operator
 * (any but the trigger operators) a path into its event's data; with a trigger operator
 * `event.<name>` still counts the contact's events. Paths follow the key rules of `data.<path>`.
 */
export function resolveConditionField(field: string, operator: Operator, documents: boolean): ResolvedField {
  const dot = field.indexOf('.');
  const ns = field.slice(0, dot < 0 ? field.length : dot);
  const source: DocumentSource | undefined =
    ns === 'workflow' ? 'workflow' : ns === 'event' && !TRIGGER_OPERATORS.includes(operator) ? 'event' : undefined;
  if (!documents || !source) return resolveField(field);
  const parsed = parseFieldName(`data.${dot < 0 ? '' : field.slice(dot + 1)}`);
  if (!parsed.ok || parsed.ref.kind !== 'custom') {
    return { ok: false, message: `must be ${source}.<key> (dots separate nested keys; no double quotes)` };
  }
  return { ok: true, target: { kind: 'document', source, key: parsed.ref.key, path: parsed.ref.path } };
}

export const TRIGGER_OPERATORS: readonly Operator[] = [
  'triggered',
  'triggeredWithin',
  'triggeredOlderThan',
  'notTriggered',
  'notTriggeredWithin',
];
export const SEGMENT_OPERATORS: readonly Operator[] = ['memberOfSegment', 'notMemberOfSegment'];
export const TOPIC_OPERATORS: readonly Operator[] = ['equals', 'notEquals'];

const PRESENCE: Operator[] = ['exists', 'notExists'];
const EQUALITY: Operator[] = ['equals', 'notEquals'];
const ORDER: Operator[] = ['greaterThan', 'lessThan', 'greaterThanOrEqual', 'lessThanOrEqual'];

/** The comparison operators that fit a field of each type. */
export const TYPE_OPERATORS: Readonly<Record<FieldType, readonly Operator[]>> = {
  string: [...EQUALITY, 'contains', 'notContains', 'startsWith', 'endsWith', 'in', 'notIn', ...PRESENCE],
  number: [...EQUALITY, ...ORDER, 'in', 'notIn', ...PRESENCE],
  boolean: [...EQUALITY, ...PRESENCE],
  date: [...EQUALITY, ...ORDER, 'within', 'olderThan', ...PRESENCE],
};

/** Operators whose `value` is a window length counted in `unit`. */
export const WINDOW_OPERATORS: ReadonlySet<Operator> = new Set([
  'within',
  'olderThan',
  'triggeredWithin',
  'triggeredOlderThan',
  'notTriggeredWithin',
]);

/** Operators that take no `value`. */
export const VALUELESS_OPERATORS: ReadonlySet<Operator> = new Set([
  'exists',
  'notExists',
  'triggered',
  'notTriggered',
  'memberOfSegment',
  'notMemberOfSegment',
]);

/** Each negated operator and the positive one it is the complement of. */
export const NEGATIONS: Readonly<Partial<Record<Operator, Operator>>> = {
  notEquals: 'equals',
  notContains: 'contains',
  notIn: 'in',
  notExists: 'exists',
  notTriggered: 'triggered',
  notTriggeredWithin: 'triggeredWithin',
  notMemberOfSegment: 'memberOfSegment',
};

const MINUTE = 60_000;
const UNIT_MS: Record<Exclude<Unit, 'months'>, number> = {
  minutes: MINUTE,
  hours: 60 * MINUTE,
  days: 24 * 60 * MINUTE,
  weeks: 7 * 24 * 60 * MINUTE,
};
const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');

/**
 * `now` minus `amount` units: the start of a `within` window. Months go by the calendar (31 March
 * minus one month is 28/29 February, the last day that exists); a bound before year 1 is clamped
 * there so its ISO text still sorts with the stored ones.
 */
export function windowStart(now: Date, amount: number, unit: Unit): Date {
  let t: number;
  if (unit === 'months') {
    const total = now.getUTCFullYear() * 12 + now.getUTCMonth() - amount;
    const y = Math.floor(total / 12);
    const m = total - y * 12;
    // Day 0 of the next month is the last day of month m (setUTCFullYear keeps years below 100 as given).
    const probe = new Date(0);
    probe.setUTCFullYear(y, m + 1, 0);
    const d = new Date(now.getTime());
    d.setUTCFullYear(y, m, Math.min(now.getUTCDate(), probe.getUTCDate()));
    t = d.getTime();
  } else t = now.getTime() - amount * UNIT_MS[unit];
  return new Date(Number.isNaN(t) || t < EARLIEST ? EARLIEST : t);
}
