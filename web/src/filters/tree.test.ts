// Invariant: every edit changes only the node it names and keeps the rest of the tree as it was.
import { describe, expect, it } from 'vitest';
import { describeCondition, describeFilter } from './describe.ts';
import { options, row } from './test-options.ts';
import {
  type ConditionRow,
  changeField,
  type GroupNode,
  newCondition,
  newGroup,
  removeNode,
  ungroup,
  updateNode,
  wrapInGroup,
} from './tree.ts';

const opt = (key: string) => options.find((o) => o.key === key)!;

describe('tree edits', () => {
  it('keeps a fitting operator and same-kind value when the field changes, resets them otherwise', () => {
    const r = row({ field: 'data.plan', operator: 'contains', value: 'pro' });
    expect(changeField(r, opt('email'), options)).toMatchObject({ operator: 'contains', value: 'pro' });
    expect(changeField(r, opt('data.seats'), options)).toMatchObject({ operator: 'equals', value: '' });
    expect(changeField(r, opt('data.vip'), options)).toMatchObject({ operator: 'equals', value: 'true' });
    expect(changeField(r, opt('event.signup'), options)).toMatchObject({ operator: 'triggered' });
    expect(newCondition(options, 'data.trialEnds')).toMatchObject({ operator: 'within', unit: 'days' });
    expect(newCondition(options, 'topic.t1')).toMatchObject({ operator: 'equals', value: 'true' });
    expect(changeField(r, opt('topic.t1'), options)).toMatchObject({ operator: 'equals', value: 'true' });
  });

  it('updates and removes nodes by id without touching the others', () => {
    const a = row({ id: 'a', value: 'x' });
    const inner = newGroup('OR', [row({ id: 'b' })]);
    const tree = newGroup('AND', [a, inner]);
    const changed = updateNode(tree, 'b', (n) => ({ ...n, value: 'y' }) as ConditionRow);
    expect((changed.children[1] as GroupNode).children[0]).toMatchObject({ value: 'y' });
    expect(changed.children[0]).toBe(a);
    expect(removeNode(tree, 'b').children[1]).toMatchObject({ children: [] });
    expect(removeNode(tree, inner.id).children).toEqual([a]);
  });

  it('puts a node in a group of the other logic, in its place, and dissolves a group into its parent', () => {
    const tree = newGroup('AND', [row({ id: 'a' }), row({ id: 'b' }), row({ id: 'c' })]);
    const wrapped = wrapInGroup(tree, 'b');
    const group = wrapped.children[1] as GroupNode;
    expect(group).toMatchObject({ kind: 'group', logic: 'OR', children: [{ id: 'b' }] });
    expect(wrapped.children.map((c) => c.id)).toEqual(['a', group.id, 'c']);
    const deeper = wrapInGroup(wrapped, 'b');
    expect((deeper.children[1] as GroupNode).children[0]).toMatchObject({ kind: 'group', logic: 'AND' });
    expect(ungroup(wrapped, group.id)).toEqual(tree);
  });
});

describe('summaries', () => {
  it('reads a condition as a sentence', () => {
    expect(describeCondition(row({ field: 'data.plan', operator: 'equals', value: 'pro' }), options)).toBe(
      'plan is pro',
    );
    expect(
      describeCondition(row({ field: 'event.signup', operator: 'triggeredWithin', value: '1', count: '2' }), options),
    ).toBe('signup happened in the last 1 day (at least 2 times)');
    expect(
      describeCondition(row({ field: 'data.trialEnds', operator: 'olderThan', value: '3', unit: 'weeks' }), options),
    ).toBe('trialEnds is more than 3 weeks ago');
    expect(describeCondition(row({ field: 'segment.s1', operator: 'notMemberOfSegment' }), options)).toBe(
      'Not a member of “Pro users”',
    );
  });

  it('reads a topic condition by the topic’s name, and one on a topic gone since as a deleted topic', () => {
    const topic = (over: Partial<ConditionRow>) => describeCondition(row({ field: 'topic.t1', ...over }), options);
    expect(topic({ operator: 'equals', value: 'true' })).toBe('Subscribed to topic News');
    expect(topic({ operator: 'notEquals', value: 'false' })).toBe('Subscribed to topic News');
    expect(topic({ operator: 'equals', value: 'false' })).toBe('Not subscribed to topic News');
    expect(topic({ operator: 'notEquals', value: 'true' })).toBe('Not subscribed to topic News');
    expect(describeCondition(row({ field: 'topic.t9', value: 'true' }), options)).toBe('Subscribed to a deleted topic');
  });

  it('reads nested groups with the inner ones in parentheses', () => {
    const tree = newGroup('AND', [
      row({ field: 'data.plan', value: 'pro' }),
      newGroup('OR', [
        row({ field: 'data.vip', value: 'true' }),
        newGroup('AND', [
          row({ field: 'email.opened', operator: 'triggered' }),
          row({ field: 'subscribed', value: 'false' }),
        ]),
      ]),
    ]);
    expect(describeFilter(tree, options)).toEqual([
      'plan is pro',
      'Any of: vip is true; (All of: Opened an email has happened; Subscribed is false)',
    ]);
  });
});
