/**
 * The builder's tree: groups of conditions and sub-groups, each condition's value kept as the text
 * the person typed, and the edits the builder makes (immutable, by node id): add, remove, change a
 * condition's field, put a node in a group of its own, dissolve a group into its parent. Pure.
 */
import { type FieldOption, findOption } from './fields.ts';
import type { Logic, Operator, Unit } from './language.ts';
import { initialValue, KIND_OPERATORS } from './operators.ts';

export interface ConditionRow {
  kind: 'condition';
  id: string;
  field: string;
  operator: Operator;
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

let seq = 0;
/** A key for a new node; unique within the page's lifetime. */
export const newId = () => `n${++seq}`;

export function newCondition(options: FieldOption[], field = options[0]?.field ?? 'email'): ConditionRow {
  const option = options.find((o) => o.field === field) ?? findOption(field, 'equals', options);
  return {
    kind: 'condition',
    id: newId(),
    field,
    operator: KIND_OPERATORS[option.kind][0]!,
    value: initialValue(option.kind),
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

export const otherLogic = (logic: Logic): Logic => (logic === 'AND' ? 'OR' : 'AND');

/**
 * A row moved to another field: the operator stays when it fits the new field's kind, else the
 * kind's first; the value is kept only when the kind stays the same.
 */
export function changeField(row: ConditionRow, next: FieldOption, options: FieldOption[]): ConditionRow {
  const before = findOption(row.field, row.operator, options).kind;
  const operators = KIND_OPERATORS[next.kind];
  return {
    ...row,
    field: next.field,
    operator: operators.includes(row.operator) ? row.operator : operators[0]!,
    value: next.kind === before ? row.value : initialValue(next.kind),
    count: '',
  };
}

export function updateNode(root: GroupNode, id: string, fn: (n: FilterNode) => FilterNode): GroupNode {
  const visit = (n: FilterNode): FilterNode => {
    if (n.id === id) return fn(n);
    if (n.kind === 'group') return { ...n, children: n.children.map(visit) };
    return n;
  };
  return visit(root) as GroupNode;
}

/**
 * Edits each group's list of children, deepest groups first, so a group `fn` makes is not visited
 * again (`fn` returns the children as they are where the group is not the one).
 */
function mapChildren(root: GroupNode, fn: (g: GroupNode) => FilterNode[]): GroupNode {
  const visit = (g: GroupNode): GroupNode => {
    const inner = { ...g, children: g.children.map((c) => (c.kind === 'group' ? visit(c) : c)) };
    return { ...inner, children: fn(inner) };
  };
  return visit(root);
}

export function removeNode(root: GroupNode, id: string): GroupNode {
  return mapChildren(root, (g) => g.children.filter((c) => c.id !== id));
}

export function appendChild(root: GroupNode, groupId: string, child: FilterNode): GroupNode {
  return updateNode(root, groupId, (g) => (g.kind === 'group' ? { ...g, children: [...g.children, child] } : g));
}

/**
 * Puts a node in a new group of its own, in its place, joined by the other logic than its parent's
 * (a same-logic group would mean the same as no group): "a AND b" becomes "a AND (b OR …)".
 */
export function wrapInGroup(root: GroupNode, id: string): GroupNode {
  return mapChildren(root, (g) => g.children.map((c) => (c.id === id ? newGroup(otherLogic(g.logic), [c]) : c)));
}

/** Dissolves a group: its children take its place in its parent, in order. */
export function ungroup(root: GroupNode, id: string): GroupNode {
  return mapChildren(root, (g) => g.children.flatMap((c) => (c.id === id && c.kind === 'group' ? c.children : [c])));
}

/** How many condition rows the tree holds (an empty root selects every contact). */
export function countConditions(node: FilterNode): number {
  return node.kind === 'condition' ? 1 : node.children.reduce((n, c) => n + countConditions(c), 0);
}
