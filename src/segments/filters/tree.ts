/**
 * The filter language's one normalised tree. Both body forms of decisions.md "Segments and filters"
 * (the contract's `filters: { operator, conditions }` and the nested `condition: { logic, groups }`)
 * parse into it; segments and campaigns store it as JSON; the compiler turns it into one SQL
 * condition over `contacts`. Pure types: no I/O.
 */
import type { FieldType, SegmentType } from '../../db/schema.ts';

export type Logic = 'AND' | 'OR';

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

/** Short names accepted on input and stored as their long form. */
export const OPERATOR_ALIASES: Readonly<Record<string, Operator>> = {
  gt: 'greaterThan',
  lt: 'lessThan',
  gte: 'greaterThanOrEqual',
  lte: 'lessThanOrEqual',
};

export const UNITS = ['minutes', 'hours', 'days', 'weeks', 'months'] as const;
export type Unit = (typeof UNITS)[number];

/** One test on one field (`email`, `data.plan`, `event.signup`, `email.opened`, `segment.<id>`). */
export interface FilterCondition {
  field: string;
  operator: Operator;
  value?: unknown;
  unit?: Unit;
  /** Event operators: at least (`triggered*`) or fewer than (`notTriggered*`) this many events. */
  count?: number;
}

/** A group: its conditions and sub-groups joined by `logic`. The root is always a group. */
export interface FilterGroup {
  logic: Logic;
  conditions: FilterNode[];
}

export type FilterNode = FilterCondition | FilterGroup;

export const isGroup = (node: FilterNode): node is FilterGroup => 'logic' in node;

/** A segment as the compiler sees it when another filter references it (`segment.<id>`). */
export interface SegmentDef {
  id: string;
  name: string;
  type: SegmentType;
  /** A DYNAMIC segment's tree; null for STATIC (its members are rows). */
  filter: FilterGroup | null;
}

/**
 * What checking and compiling a tree needs to know about the project, loaded once per evaluation:
 * the recorded field types by dotted key (`plan`, `profile.tier`), the deleted field keys, the
 * project's segments, and the time relative windows count from.
 */
export interface FilterEnv {
  fieldTypes: ReadonlyMap<string, FieldType>;
  /** Keys DELETE /contacts/fields removed: a condition on one (or under one) not recorded again matches nothing. */
  deletedFields: ReadonlySet<string>;
  segments: ReadonlyMap<string, SegmentDef>;
  /** The project's topics by id, with whether each is subscribed by default (`topic.<id>`); absent: none. */
  topics?: ReadonlyMap<string, boolean>;
  now: Date;
}

/**
 * JSON objects a workflow condition reads besides the contact (bound as parameters): the data of the
 * execution's latest event (`event.<path>` with a value operator) and the execution's context
 * (`workflow.<path>`). Only compiling with them makes those fields mean anything.
 */
export interface FilterDocuments {
  event: Record<string, unknown>;
  workflow: Record<string, unknown>;
}

/** Who a campaign (or any evaluation) addresses; with `topicId`, only the subscribers of that topic among them. */
export type Audience = (
  | { kind: 'all' }
  | { kind: 'filter'; filter: FilterGroup }
  | { kind: 'segment'; segmentId: string }
) & { topicId?: string };
