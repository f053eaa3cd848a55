/**
 * The filter language as the API publishes it in /openapi.json (components FilterOperator,
 * FilterUnit, FiltersForm and the operators fitting each field kind): the types come from the typed
 * client, and every list the builder shows is checked against them, so an operator or unit the API
 * adds or drops fails the type check here instead of going unseen.
 */
import type { components } from '../../../client/schema.d.ts';

type Schemas = components['schemas'];

export type Operator = Schemas['FilterOperator'];
export type Unit = Schemas['FilterUnit'];
export type EmailFact = Schemas['FilterEmailFact'];
export type Logic = NonNullable<Schemas['FiltersForm']['operator']>;
export type StringOperator = Schemas['FilterStringOperator'];
export type NumberOperator = Schemas['FilterNumberOperator'];
export type BooleanOperator = Schemas['FilterBooleanOperator'];
export type DateOperator = Schemas['FilterDateOperator'];
export type EventOperator = Schemas['FilterEventOperator'];
export type SegmentOperator = Schemas['FilterSegmentOperator'];
export type WindowOperator = Schemas['FilterWindowOperator'];
export type ValuelessOperator = Schemas['FilterValuelessOperator'];

/** One condition of a filter. */
export type ApiCondition = Schemas['FilterCondition'];
/** A group of the `{ operator, conditions }` form (the builder always names its operator). */
export type ApiGroup = Schemas['FiltersForm'] & { operator: Logic };

/**
 * Every member of the union `T`, in the order given: the compiler refuses a list that misses one
 * (`listOf<Unit>()('minutes', 'hours')` names the units left out) or holds another.
 */
export function listOf<T extends string>() {
  return <const L extends readonly T[]>(
    ...items: L & ([T] extends [L[number]] ? unknown : ['missing', Exclude<T, L[number]>])
  ): T[] => [...items];
}

export const UNITS = listOf<Unit>()('minutes', 'hours', 'days', 'weeks', 'months');

/** How deep groups nest: the root is level 1 (FiltersForm: "at most 8 deep"). */
export const MAX_DEPTH = 8;

/** Short names the API accepts and answers in their long form (FilterOperator's aliases). */
export const OPERATOR_ALIASES: Readonly<Record<string, Operator>> = {
  gt: 'greaterThan',
  lt: 'lessThan',
  gte: 'greaterThanOrEqual',
  lte: 'lessThanOrEqual',
};

export const isUnit = (s: unknown): s is Unit => (UNITS as unknown[]).includes(s);
