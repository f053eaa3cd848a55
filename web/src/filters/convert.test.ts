// Invariant: a filter read from the API and written back is the filter the API sent, in its
// `{ operator, conditions }` form; what the API would refuse is named on its row before sending.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { apiProblems, fromApi, nodeForErrorPath, toApi } from './convert.ts';
import { options, row } from './test-options.ts';
import { type ConditionRow, countConditions, type GroupNode, newGroup } from './tree.ts';

describe('to the API', () => {
  it('writes nested groups in the { operator, conditions } form with typed values', () => {
    const tree = newGroup('OR', [
      row({ id: 'a', field: 'data.seats', operator: 'greaterThanOrEqual', value: ' 5 ' }),
      newGroup('AND', [
        row({ id: 'b', field: 'data.vip', operator: 'equals', value: 'false' }),
        row({ id: 'c', field: 'data.plan', operator: 'in', value: 'pro, team ,' }),
        row({ id: 'd', field: 'data.seats', operator: 'notIn', value: '1,2' }),
        row({ id: 'e', field: 'event.signup', operator: 'triggeredWithin', value: '7', unit: 'days', count: '2' }),
        row({ id: 'f', field: 'segment.s1', operator: 'memberOfSegment' }),
        row({ id: 'g', field: 'data.trialEnds', operator: 'lessThan', value: '2026-12-01' }),
        row({ id: 'h', field: 'workflow.total', operator: 'greaterThan', value: '10' }),
        row({ id: 'i', field: 'topic.t1', operator: 'notEquals', value: 'false' }),
      ]),
    ]);
    const out = toApi(tree, options);
    expect(out.problems).toEqual({});
    expect(out.filters).toEqual({
      operator: 'OR',
      conditions: [
        { field: 'data.seats', operator: 'greaterThanOrEqual', value: 5 },
        {
          operator: 'AND',
          conditions: [
            { field: 'data.vip', operator: 'equals', value: false },
            { field: 'data.plan', operator: 'in', value: ['pro', 'team'] },
            { field: 'data.seats', operator: 'notIn', value: [1, 2] },
            { field: 'event.signup', operator: 'triggeredWithin', value: 7, unit: 'days', count: 2 },
            { field: 'segment.s1', operator: 'memberOfSegment' },
            { field: 'data.trialEnds', operator: 'lessThan', value: '2026-12-01' },
            { field: 'workflow.total', operator: 'greaterThan', value: 10 },
            { field: 'topic.t1', operator: 'notEquals', value: false },
          ],
        },
      ],
    });
    expect(out.paths['filters.conditions[1].conditions[3]']).toBe('e');
  });

  it('names the rows the API would refuse, in the builder’s words', () => {
    const tree = newGroup('AND', [
      row({ id: 'a', field: 'data.seats', operator: 'equals', value: 'many' }),
      row({ id: 'b', field: 'data.trialEnds', operator: 'within', value: '0' }),
      row({ id: 'c', field: 'email', operator: 'contains', value: '  ' }),
      row({ id: 'd', field: 'data.trialEnds', operator: 'greaterThan', value: '' }),
      row({ id: 'e', field: 'event.signup', operator: 'triggered', count: '1.5' }),
      row({ id: 'f', field: ' ' }),
      newGroup('AND', []),
    ]);
    const { problems, filters } = toApi(tree, options);
    expect(Object.keys(problems)).toHaveLength(7);
    expect(problems.a).toBe('Enter a number.');
    expect(problems.b).toMatch(/whole number/);
    expect(problems.e).toMatch(/times/);
    expect(problems.f).toBe('Choose a field.');
    // Sent as typed, so the API names it where a caller sends anyway.
    expect(filters.conditions[0]).toEqual({ field: 'data.seats', operator: 'equals', value: 'many' });
  });

  it('reads an empty root as every contact, whatever its logic', () => {
    expect(toApi(newGroup('OR'), options).filters).toEqual({ operator: 'AND', conditions: [] });
  });

  it('maps an API field error back to its row', () => {
    const tree = newGroup('AND', [row({ id: 'a' }), newGroup('OR', [row({ id: 'b' }), row({ id: 'c' })])]);
    const { paths } = toApi(tree, options, 'audienceFilter');
    expect(nodeForErrorPath(paths, 'audienceFilter.conditions[1].conditions[1].value')).toBe('c');
    expect(nodeForErrorPath(paths, 'audienceFilter.conditions[0].operator')).toBe('a');
    expect(nodeForErrorPath(paths, 'audienceFilter.conditions[10]')).toBe(tree.id);
    expect(nodeForErrorPath(paths, 'name')).toBeUndefined();
    const error = new ApiError(422, 'VALIDATION_ERROR', 'Invalid', [
      { field: 'audienceFilter.conditions[0].value', message: 'must be a string' },
      { field: 'audienceFilter.conditions[0].field', message: 'second' },
      { field: 'name', message: 'elsewhere' },
    ]);
    expect(apiProblems(error, paths)).toEqual({ a: 'must be a string' });
  });
});

describe('from the API', () => {
  const strip = (n: GroupNode | ConditionRow): unknown =>
    n.kind === 'group'
      ? { logic: n.logic, children: n.children.map(strip) }
      : { field: n.field, operator: n.operator, value: n.value, unit: n.unit, count: n.count };

  it('reads the { operator, conditions } form with nested groups and aliases', () => {
    const tree = fromApi({
      operator: 'OR',
      conditions: [
        { field: 'data.seats', operator: 'gte', value: 3 },
        {
          operator: 'AND',
          conditions: [
            { field: 'data.plan', operator: 'in', value: ['pro', 'team'] },
            { field: 'event.signup', operator: 'triggeredWithin', value: 2, unit: 'weeks', count: 3 },
          ],
        },
      ],
    });
    expect(strip(tree)).toEqual({
      logic: 'OR',
      children: [
        { field: 'data.seats', operator: 'greaterThanOrEqual', value: '3', unit: 'days', count: '' },
        {
          logic: 'AND',
          children: [
            { field: 'data.plan', operator: 'in', value: 'pro, team', unit: 'days', count: '' },
            { field: 'event.signup', operator: 'triggeredWithin', value: '2', unit: 'weeks', count: '3' },
          ],
        },
      ],
    });
  });

  it('reads the { logic, groups } form: each group the AND of its filters and nested condition', () => {
    const tree = fromApi({
      logic: 'OR',
      groups: [
        { filters: [{ field: 'email', operator: 'endsWith', value: '@a.test' }] },
        {
          filters: [{ field: 'data.vip', operator: 'equals', value: true }],
          conditions: { logic: 'OR', groups: [{ filters: [{ field: 'data.seats', operator: 'lt', value: 2 }] }] },
        },
      ],
    });
    expect(strip(tree)).toEqual({
      logic: 'OR',
      children: [
        { field: 'email', operator: 'endsWith', value: '@a.test', unit: 'days', count: '' },
        {
          logic: 'AND',
          children: [
            { field: 'data.vip', operator: 'equals', value: 'true', unit: 'days', count: '' },
            {
              logic: 'OR',
              children: [{ field: 'data.seats', operator: 'lessThan', value: '2', unit: 'days', count: '' }],
            },
          ],
        },
      ],
    });
  });

  it('round-trips through the API form, groups inside groups included', () => {
    const api = {
      operator: 'AND',
      conditions: [
        { field: 'data.trialEnds', operator: 'olderThan', value: 3, unit: 'months' },
        {
          operator: 'OR',
          conditions: [
            { field: 'email.opened', operator: 'notTriggered' },
            { operator: 'AND', conditions: [{ field: 'data.seats', operator: 'lessThan', value: 4 }] },
          ],
        },
      ],
    };
    expect(toApi(fromApi(api), options).filters).toEqual(api);
    expect(countConditions(fromApi(api))).toBe(3);
    expect(fromApi(null)).toMatchObject({ logic: 'AND', children: [] });
  });
});
