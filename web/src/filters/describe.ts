/** A filter read out loud, for summaries beside a segment or a campaign's audience. Pure. */
import { type FieldOption, findOption, isListed } from './fields.ts';
import { countIsUpperBound, isAgo, operatorLabel, takesCount, valueInput } from './operators.ts';
import type { ConditionRow, GroupNode } from './tree.ts';

/**
 * One condition as a sentence ("plan is pro", "signup happened in the last 7 days", "Subscribed to
 * topic News").
 */
export function describeCondition(row: ConditionRow, options: FieldOption[]): string {
  const opt = findOption(row.field, row.operator, options);
  if (opt.kind === 'segment') {
    return row.operator === 'memberOfSegment' ? `Member of “${opt.label}”` : `Not a member of “${opt.label}”`;
  }
  if (opt.kind === 'topic') {
    // `equals false` and `notEquals true` both mean "not subscribed"; a topic gone since is unnamed.
    const subscribed = (row.operator === 'notEquals') === (row.value === 'false');
    const topic = isListed(opt, options) ? `topic ${opt.label}` : 'a deleted topic';
    return `${subscribed ? 'Subscribed' : 'Not subscribed'} to ${topic}`;
  }
  const input = valueInput(opt.kind, row.operator);
  let text = `${opt.label} ${operatorLabel(opt.kind, row.operator)}`;
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

/**
 * One line per child of the root: a condition's sentence, a group as "All of: …; …" (or "Any of"),
 * with the groups inside it in parentheses.
 */
export function describeFilter(root: GroupNode, options: FieldOption[]): string[] {
  const line = (node: GroupNode | ConditionRow, inner: boolean): string => {
    if (node.kind === 'condition') return describeCondition(node, options);
    const text = `${node.logic === 'AND' ? 'All' : 'Any'} of: ${node.children.map((c) => line(c, true)).join('; ')}`;
    return inner ? `(${text})` : text;
  };
  return root.children.map((c) => line(c, false));
}
