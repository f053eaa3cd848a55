/** A filter read out loud, for summaries beside a segment or a campaign's audience. Pure. */
import { i18n } from '../i18n/i18n.ts';
import { msg } from '../i18n/msg.ts';
import { type FieldOption, findOption, isListed } from './fields.ts';
import type { Operator, Unit } from './language.ts';
import { countIsUpperBound, type FieldKind, takesCount, valueInput } from './operators.ts';
import type { ConditionRow, GroupNode } from './tree.ts';

/**
 * Each operator as a whole sentence about `{field}` (and `{value}`, or `{amount}` for a time window),
 * so each language puts the words where it needs them; the builder's own words are operators.ts'.
 */
const SENTENCES: Record<Operator, string> = {
  equals: msg('{field} equals {value}'),
  notEquals: msg('{field} does not equal {value}'),
  contains: msg('{field} contains {value}'),
  notContains: msg('{field} does not contain {value}'),
  startsWith: msg('{field} starts with {value}'),
  endsWith: msg('{field} ends with {value}'),
  greaterThan: msg('{field} is greater than {value}'),
  lessThan: msg('{field} is less than {value}'),
  greaterThanOrEqual: msg('{field} is at least {value}'),
  lessThanOrEqual: msg('{field} is at most {value}'),
  in: msg('{field} is one of {value}'),
  notIn: msg('{field} is none of {value}'),
  exists: msg('{field} is set'),
  notExists: msg('{field} is not set'),
  within: msg('{field} is within the last {amount}'),
  olderThan: msg('{field} is more than {amount} ago'),
  triggered: msg('{field} has happened'),
  triggeredWithin: msg('{field} happened in the last {amount}'),
  triggeredOlderThan: msg('{field} happened more than {amount} ago'),
  notTriggered: msg('{field} has not happened'),
  notTriggeredWithin: msg('{field} has not happened in the last {amount}'),
  memberOfSegment: msg('{field} is a member'),
  notMemberOfSegment: msg('{field} is not a member'),
};

/** The sentences that read better for a kind, as the builder's words do (operators.ts). */
const KIND_SENTENCES: Partial<Record<FieldKind, Partial<Record<Operator, string>>>> = {
  string: { equals: msg('{field} is {value}'), notEquals: msg('{field} is not {value}') },
  boolean: { equals: msg('{field} is {value}'), notEquals: msg('{field} is not {value}') },
  date: {
    greaterThan: msg('{field} is after {value}'),
    lessThan: msg('{field} is before {value}'),
    greaterThanOrEqual: msg('{field} is on or after {value}'),
    lessThanOrEqual: msg('{field} is on or before {value}'),
    equals: msg('{field} is exactly {value}'),
    notEquals: msg('{field} is not exactly {value}'),
  },
};

/** A time window's length ("1 day", "3 weeks"). */
function amountOf(value: string, unit: Unit): string {
  const count = Number(value);
  if (value.trim() === '' || !Number.isFinite(count)) return value.trim() || i18n.t('(empty)');
  switch (unit) {
    case 'minutes':
      return i18n.t('{count, plural, one {# minute} other {# minutes}}', { count });
    case 'hours':
      return i18n.t('{count, plural, one {# hour} other {# hours}}', { count });
    case 'days':
      return i18n.t('{count, plural, one {# day} other {# days}}', { count });
    case 'weeks':
      return i18n.t('{count, plural, one {# week} other {# weeks}}', { count });
    case 'months':
      return i18n.t('{count, plural, one {# month} other {# months}}', { count });
  }
}

/**
 * One condition as a sentence ("plan is pro", "signup happened in the last 7 days", "Subscribed to
 * topic News").
 */
export function describeCondition(row: ConditionRow, options: FieldOption[]): string {
  const opt = findOption(row.field, row.operator, options);
  if (opt.kind === 'segment') {
    return row.operator === 'memberOfSegment'
      ? i18n.t('Member of “{segment}”', { segment: opt.label })
      : i18n.t('Not a member of “{segment}”', { segment: opt.label });
  }
  if (opt.kind === 'topic') {
    // `equals false` and `notEquals true` both mean "not subscribed"; a topic gone since is unnamed.
    const subscribed = (row.operator === 'notEquals') === (row.value === 'false');
    if (!isListed(opt, options)) {
      return subscribed ? i18n.t('Subscribed to a deleted topic') : i18n.t('Not subscribed to a deleted topic');
    }
    return subscribed
      ? i18n.t('Subscribed to topic {topic}', { topic: opt.label })
      : i18n.t('Not subscribed to topic {topic}', { topic: opt.label });
  }
  const input = valueInput(opt.kind, row.operator);
  const value =
    input === 'boolean'
      ? row.value === 'false'
        ? i18n.t('false')
        : i18n.t('true')
      : row.value === ''
        ? i18n.t('(empty)')
        : row.value;
  const sentence = KIND_SENTENCES[opt.kind]?.[row.operator] ?? SENTENCES[row.operator];
  let text = i18n.t(sentence, {
    field: opt.label,
    value,
    amount: input === 'window' ? amountOf(row.value, row.unit) : '',
  });
  if (takesCount(row.operator) && row.count) {
    const count = Number(row.count);
    text = countIsUpperBound(row.operator)
      ? i18n.t('{condition} (fewer than {count, plural, one {# time} other {# times}})', { condition: text, count })
      : i18n.t('{condition} (at least {count, plural, one {# time} other {# times}})', { condition: text, count });
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
    const conditions = node.children.map((c) => line(c, true)).join('; ');
    const text =
      node.logic === 'AND'
        ? i18n.t('All of: {conditions}', { conditions })
        : i18n.t('Any of: {conditions}', { conditions });
    return inner ? `(${text})` : text;
  };
  return root.children.map((c) => line(c, false));
}
