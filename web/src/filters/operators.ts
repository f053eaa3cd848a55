/**
 * Which operators fit which kind of field, what each is called in the builder, and what value each
 * needs, as the API checks them (src/segments/filters/fields.ts and check.ts). Pure.
 */

import { i18n } from '../i18n/i18n.ts';
import { msg } from '../i18n/msg.ts';
import {
  type BooleanOperator,
  type DateOperator,
  type EventOperator,
  listOf,
  type NumberOperator,
  type Operator,
  type SegmentOperator,
  type StringOperator,
  type ValuelessOperator,
  type WindowOperator,
} from './language.ts';

/**
 * What a field holds, so the builder offers the operators that fit: a typed contact field, a path
 * with no recorded type (`any`: every value operator), a count of events or email facts, a segment,
 * or a topic (`topic.<id>`: subscribed or not, beyond.md §1).
 */
export type FieldKind = 'string' | 'number' | 'boolean' | 'date' | 'any' | 'event' | 'email' | 'segment' | 'topic';

export const TRIGGER_OPERATORS: Operator[] = listOf<EventOperator>()(
  'triggered',
  'triggeredWithin',
  'triggeredOlderThan',
  'notTriggered',
  'notTriggeredWithin',
);
const ORDER: Operator[] = ['greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual'];
const LISTS: Operator[] = ['in', 'notIn'];

const STRING_OPERATORS = listOf<StringOperator>()(
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'startsWith',
  'endsWith',
  'in',
  'notIn',
  'exists',
  'notExists',
);
const NUMBER_OPERATORS = listOf<NumberOperator>()(
  'equals',
  'notEquals',
  'greaterThan',
  'greaterThanOrEqual',
  'lessThan',
  'lessThanOrEqual',
  'in',
  'notIn',
  'exists',
  'notExists',
);
const DATE_OPERATORS = listOf<DateOperator>()(
  'within',
  'olderThan',
  'greaterThan',
  'lessThan',
  'greaterThanOrEqual',
  'lessThanOrEqual',
  'equals',
  'notEquals',
  'exists',
  'notExists',
);

// Keyed by every operator, so an operator the API adds and the builder does not name fails the type check.
const LABELS: Record<Operator, string> = {
  equals: msg('equals'),
  notEquals: msg('does not equal'),
  contains: msg('contains'),
  notContains: msg('does not contain'),
  startsWith: msg('starts with'),
  endsWith: msg('ends with'),
  greaterThan: msg('is greater than'),
  lessThan: msg('is less than'),
  greaterThanOrEqual: msg('is at least'),
  lessThanOrEqual: msg('is at most'),
  in: msg('is one of'),
  notIn: msg('is none of'),
  exists: msg('is set'),
  notExists: msg('is not set'),
  within: msg('is within the last'),
  olderThan: msg('is more than'),
  triggered: msg('has happened'),
  triggeredWithin: msg('happened in the last'),
  triggeredOlderThan: msg('happened more than'),
  notTriggered: msg('has not happened'),
  notTriggeredWithin: msg('has not happened in the last'),
  memberOfSegment: msg('is a member'),
  notMemberOfSegment: msg('is not a member'),
};

const VALUE_OPERATORS = new Set<Operator>([...STRING_OPERATORS, ...NUMBER_OPERATORS, ...DATE_OPERATORS]);

/**
 * The operators that fit each kind, in the order the picker shows them (the first is the default);
 * each typed kind's list is exactly the API's (FilterStringOperator and the others). A path with no
 * recorded type takes every value operator (the API's check.ts), in the API's order.
 */
export const KIND_OPERATORS: Record<FieldKind, Operator[]> = {
  string: STRING_OPERATORS,
  number: NUMBER_OPERATORS,
  boolean: listOf<BooleanOperator>()('equals', 'notEquals', 'exists', 'notExists'),
  date: DATE_OPERATORS,
  any: (Object.keys(LABELS) as Operator[]).filter((op) => VALUE_OPERATORS.has(op)),
  event: TRIGGER_OPERATORS,
  email: TRIGGER_OPERATORS,
  segment: listOf<SegmentOperator>()('memberOfSegment', 'notMemberOfSegment'),
  // The schema has no union of its own for topics: check.ts takes `equals` or `notEquals`, true or false.
  topic: ['equals', 'notEquals'] satisfies BooleanOperator[],
};

/** Words that read better for a kind: a text "is", a date "is after". */
const KIND_LABELS: Partial<Record<FieldKind, Partial<Record<Operator, string>>>> = {
  string: { equals: msg('is'), notEquals: msg('is not') },
  boolean: { equals: msg('is'), notEquals: msg('is not') },
  // With the value's words ("subscribed" / "not subscribed"): "News is subscribed".
  topic: { equals: msg('is'), notEquals: msg('is not') },
  date: {
    greaterThan: msg('is after'),
    lessThan: msg('is before'),
    greaterThanOrEqual: msg('is on or after'),
    lessThanOrEqual: msg('is on or before'),
    equals: msg('is exactly'),
    notEquals: msg('is not exactly'),
  },
};

/** Whether `s` is an operator the API knows (in its long form). */
export const isOperator = (s: string): s is Operator => Object.hasOwn(LABELS, s);

/** The operator in the builder's words, in the dashboard's language ("is", "is after", "has happened"). */
export function operatorLabel(kind: FieldKind, op: Operator): string {
  const label = KIND_LABELS[kind]?.[op] ?? LABELS[op];
  // An operator the API does not know (a stored config read as is) has no words: undefined, as before.
  return label && i18n.t(label);
}

const VALUELESS = new Set<Operator>(
  listOf<ValuelessOperator>()(
    'exists',
    'notExists',
    'triggered',
    'notTriggered',
    'memberOfSegment',
    'notMemberOfSegment',
  ),
);
const WINDOW = new Set<Operator>(
  listOf<WindowOperator>()('within', 'olderThan', 'triggeredWithin', 'triggeredOlderThan', 'notTriggeredWithin'),
);

/** What input a condition's value needs; `topic` is a true/false choice read as subscribed or not. */
export type ValueInput = 'none' | 'window' | 'list' | 'boolean' | 'topic' | 'number' | 'date' | 'text';

export function valueInput(kind: FieldKind, operator: Operator): ValueInput {
  if (VALUELESS.has(operator)) return 'none';
  if (WINDOW.has(operator)) return 'window';
  if (LISTS.includes(operator)) return 'list';
  if (kind === 'boolean' || kind === 'topic' || kind === 'number' || kind === 'date') return kind;
  return 'text';
}

/** The value a new condition on a field of the kind starts with: true for a yes/no choice, else nothing. */
export const initialValue = (kind: FieldKind) => (kind === 'boolean' || kind === 'topic' ? 'true' : '');

/** Orderings: on a path with no recorded type, text that is a number is sent as one. */
export const isOrdering = (operator: Operator) => ORDER.includes(operator);

/** Window operators that read "… ago" (the others read "in the last …"). */
export const isAgo = (operator: Operator) => operator === 'olderThan' || operator === 'triggeredOlderThan';

/** Whether the operator takes an optional event count. */
export const takesCount = (operator: Operator) => TRIGGER_OPERATORS.includes(operator);

/** The count reads "fewer than" for the negated event operators, "at least" otherwise. */
export const countIsUpperBound = (operator: Operator) => operator.startsWith('not');
