// Invariant: every CONDITION config the API stores opens in the builder, and saving it unchanged
// sends the same condition (one condition flat, a tree in the { operator, conditions } form).
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { apiProblems } from '../../filters/convert.ts';
import { workflowFieldOptions } from '../../filters/fields.ts';
import type { ConditionRow, GroupNode } from '../../filters/tree.ts';
import { conditionBody, configFromDraft, draftFromConfig } from './condition.ts';

const types = new Map([
  ['data.plan', 'string'],
  ['data.seats', 'number'],
  ['subscribed', 'boolean'],
  ['createdAt', 'date'],
  ['event.paid', 'event'],
]);

const nested = {
  condition: {
    operator: 'AND',
    conditions: [
      { field: 'data.plan', operator: 'in', value: ['pro', 'team'] },
      {
        operator: 'OR',
        conditions: [
          { field: 'subscribed', operator: 'equals', value: true },
          { field: 'createdAt', operator: 'within', value: 7, unit: 'days' },
          {
            operator: 'AND',
            conditions: [
              { field: 'event.paid', operator: 'triggered', count: 2 },
              { field: 'workflow.total', operator: 'greaterThan', value: 10 },
            ],
          },
        ],
      },
    ],
  },
};

describe('condition drafts', () => {
  it('reads a single condition and writes it back flat, typed by its field', () => {
    const draft = draftFromConfig({ field: 'data.seats', operator: 'gt', value: 5 });
    expect(draft.children).toEqual([
      expect.objectContaining({ field: 'data.seats', operator: 'greaterThan', value: '5' }),
    ]);
    expect(configFromDraft(draft, types)).toEqual({ field: 'data.seats', operator: 'greaterThan', value: 5 });
  });

  it('writes a topic condition’s value as true or false, as GET /workflows/fields types topic.<id>', () => {
    const draft = draftFromConfig({ field: 'topic.t1', operator: 'equals', value: false });
    expect(draft.children).toEqual([expect.objectContaining({ field: 'topic.t1', value: 'false' })]);
    expect(configFromDraft(draft, new Map([['topic.t1', 'topic']]))).toEqual({
      field: 'topic.t1',
      operator: 'equals',
      value: false,
    });
  });

  it('round-trips a tree with groups inside groups', () => {
    const draft = draftFromConfig(nested);
    const inner = draft.children[1] as GroupNode;
    expect(inner).toMatchObject({ kind: 'group', logic: 'OR' });
    expect((inner.children[2] as GroupNode).children).toHaveLength(2);
    expect(configFromDraft(draft, types)).toEqual(nested);
  });

  it('opens the { logic, groups } form in the builder and writes it in the { operator, conditions } form', () => {
    const draft = draftFromConfig({
      condition: {
        logic: 'OR',
        groups: [
          { filters: [{ field: 'email', operator: 'exists' }] },
          {
            filters: [
              { field: 'data.plan', operator: 'equals', value: 'pro' },
              { field: 'data.seats', operator: 'lt', value: 3 },
            ],
          },
        ],
      },
    });
    expect(configFromDraft(draft, types)).toEqual({
      condition: {
        operator: 'OR',
        conditions: [
          { field: 'email', operator: 'exists' },
          {
            operator: 'AND',
            conditions: [
              { field: 'data.plan', operator: 'equals', value: 'pro' },
              { field: 'data.seats', operator: 'lessThan', value: 3 },
            ],
          },
        ],
      },
    });
  });

  it('starts a new step with one condition, and keeps text that is not a number as typed for the API to name', () => {
    const fresh = draftFromConfig({});
    expect(fresh).toMatchObject({ logic: 'AND', children: [{ kind: 'condition', field: 'email' }] });
    const row = fresh.children[0] as ConditionRow;
    const draft = { ...fresh, children: [{ ...row, field: 'data.seats', value: 'many' }] };
    expect(configFromDraft(draft, types)).toEqual({ field: 'data.seats', operator: 'equals', value: 'many' });
  });

  it('places the API’s errors on the condition they name, flat or nested', () => {
    const options = workflowFieldOptions([], new Map());
    const flat = draftFromConfig({ field: 'data.seats', operator: 'equals', value: 1 });
    const flatPaths = conditionBody(flat, options).paths;
    const error = (field: string) => new ApiError(422, 'VALIDATION_ERROR', 'Invalid', [{ field, message: 'bad' }]);
    expect(apiProblems(error('config.value'), flatPaths)).toEqual({ [flat.children[0]!.id]: 'bad' });
    const tree = draftFromConfig(nested);
    const paths = conditionBody(tree, options).paths;
    const deep = ((tree.children[1] as GroupNode).children[2] as GroupNode).children[1]!;
    expect(apiProblems(error('config.condition.conditions[1].conditions[2].conditions[1].value'), paths)).toEqual({
      [deep.id]: 'bad',
    });
    expect(apiProblems(error('config.condition'), paths)).toEqual({ [tree.id]: 'bad' });
  });
});
