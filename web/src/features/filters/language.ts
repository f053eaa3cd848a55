/**
 * The filter language as the API defines it (src/segments/filters/tree.ts and parse.ts): its
 * operators, units, group logic and the `{ operator, conditions }` body form the builder writes.
 * This is the dashboard's one copy of those lists; every other file of the filter module takes
 * them from here.
 */

/** Every operator the API accepts, in its long form. */
export const OPERATORS = [
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
  'within',
  'olderThan',
  'triggered',
  'triggeredWithin',
  'triggeredOlderThan',
  'notTriggered',
  'notTriggeredWithin',
  'memberOfSegment',
  'notMemberOfSegment',
] as const;
export type Operator = (typeof OPERATORS)[number];

export const UNITS = ['minutes', 'hours', 'days', 'weeks', 'months'] as const;
export type Unit = (typeof UNITS)[number];

export type Logic = 'AND' | 'OR';

/** Short names the API accepts and answers in their long form. */
export const OPERATOR_ALIASES: Readonly<Record<string, Operator>> = {
  gt: 'greaterThan',
  lt: 'lessThan',
  gte: 'greaterThanOrEqual',
  lte: 'lessThanOrEqual',
};

/** How deep groups nest: the root is level 1 (the API's FILTER_LIMITS.depth). */
export const MAX_DEPTH = 8;

/** One condition of the `{ operator, conditions }` form. */
export interface ApiCondition {
  field: string;
  operator: Operator;
  value?: string | number | boolean | string[] | number[];
  unit?: Unit;
  count?: number;
}

/** A group of the `{ operator, conditions }` form: its items joined by `operator`. */
export interface ApiGroup {
  operator: Logic;
  conditions: Array<ApiCondition | ApiGroup>;
}

export const isOperator = (s: string): s is Operator => (OPERATORS as readonly string[]).includes(s);
export const isUnit = (s: unknown): s is Unit => (UNITS as readonly unknown[]).includes(s);
