import { describe, expect, it } from 'vitest';
import {
  buildFieldOptions,
  type ConditionRow,
  changeField,
  countConditions,
  describeCondition,
  fromApi,
  type GroupNode,
  newCondition,
  newGroup,
  nodeForErrorPath,
  OPERATORS,
  removeNode,
  toApi,
  updateNode,
  valueInput,
} from './filter-model.ts';

const options = buildFieldOptions({
  fields: [
    { field: 'email', type: 'string', isCustom: false },
    { field: 'data.plan', type: 'string', isCustom: true },
    { field: 'data.seats', type: 'number', isCustom: true },
    { field: 'data.vip', type: 'boolean', isCustom: true },
    { field: 'data.trialEnds', type: 'date', isCustom: true },
  ],
  events: [
    { name: 'signup', system: false },
    { name: 'email.open', system: true },
  ],
  segments: [
    { id: 's1', name: 'Pro users' },
    { id: 's2', name: 'This one' },
  ],
  excludeSegmentId: 's2',
});

const row = (over: Partial<ConditionRow>): ConditionRow => ({
  kind: 'condition',
  id: 'r',
  field: 'email',
  operator: 'equals',
  value: '',
  unit: 'days',
  count: '',
  ...over,
});

describe('field options', () => {
  it('lists standard fields, typed custom fields, custom events, email facts and other segments', () => {
    const fields = options.map((o) => `${o.section}:${o.field}:${o.kind}`);
    expect(fields).toEqual([
      'Contact:email:string',
      'Contact:subscribed:boolean',
      'Contact:createdAt:date',
      'Contact:updatedAt:date',
      'Custom fields:data.plan:string',
      'Custom fields:data.seats:number',
      'Custom fields:data.trialEnds:date',
      'Custom fields:data.vip:boolean',
      'Events:event.signup:event',
      'Email activity:email.sent:email',
      'Email activity:email.delivered:email',
      'Email activity:email.opened:email',
      'Email activity:email.clicked:email',
      'Email activity:email.bounced:email',
      'Email activity:email.complained:email',
      'Segments:segment.s1:segment',
    ]);
  });

  it('offers the operators of the field type, and the value input they need', () => {
    expect(OPERATORS.boolean.map((o) => o.id)).toEqual(['equals', 'notEquals', 'exists', 'notExists']);
    expect(OPERATORS.number.map((o) => o.id)).not.toContain('contains');
    expect(OPERATORS.string.map((o) => o.id)).not.toContain('greaterThan');
    expect(valueInput('date', 'within')).toBe('window');
    expect(valueInput('date', 'greaterThan')).toBe('date');
    expect(valueInput('number', 'in')).toBe('list');
    expect(valueInput('event', 'triggered')).toBe('none');
    expect(valueInput('boolean', 'equals')).toBe('boolean');
  });

  it('keeps a fitting operator and same-kind value when the field changes, resets them otherwise', () => {
    const r = row({ field: 'data.plan', operator: 'contains', value: 'pro' });
    expect(changeField(r, 'email', options)).toMatchObject({ operator: 'contains', value: 'pro' });
    expect(changeField(r, 'data.seats', options)).toMatchObject({ operator: 'equals', value: '' });
    expect(changeField(r, 'data.vip', options)).toMatchObject({ operator: 'equals', value: 'true' });
    expect(changeField(r, 'event.signup', options)).toMatchObject({ operator: 'triggered' });
    expect(newCondition(options, 'data.trialEnds')).toMatchObject({ operator: 'within', unit: 'days' });
  });
});

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
      newGroup('AND', []),
    ]);
    const { problems } = toApi(tree, options);
    expect(Object.keys(problems)).toHaveLength(6);
    expect(problems.a).toBe('Enter a number.');
    expect(problems.b).toMatch(/whole number/);
    expect(problems.e).toMatch(/times/);
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

  it('round-trips through the API form', () => {
    const api = {
      operator: 'AND',
      conditions: [
        { field: 'data.trialEnds', operator: 'olderThan', value: 3, unit: 'months' },
        { operator: 'OR', conditions: [{ field: 'email.opened', operator: 'notTriggered' }] },
      ],
    };
    expect(toApi(fromApi(api), options).filters).toEqual(api);
    expect(countConditions(fromApi(api))).toBe(2);
    expect(fromApi(null)).toMatchObject({ logic: 'AND', children: [] });
  });
});

describe('editing and summaries', () => {
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
});
