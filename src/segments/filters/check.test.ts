// Invariant: a tree that passes checkFilter names only fields the language knows and existing segments, with operators and values of a recorded field's type (any value operator where no type is recorded yet), and no segment reaches itself; every refusal names its path.

import { describe, expect, it } from 'vitest';
import type { FieldType } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { checkFilter, filterReferences } from './check.ts';
import { parseFilterInput } from './parse.ts';
import type { FilterEnv, FilterGroup, SegmentDef } from './tree.ts';

const tree = (...conditions: Record<string, unknown>[]): FilterGroup =>
  parseFilterInput({ filters: { operator: 'AND', conditions } })!;

const refTo = (id: string): FilterGroup => tree({ field: `segment.${id}`, operator: 'memberOfSegment' });
const segment = (id: string, filter: FilterGroup | null): [string, SegmentDef] => [
  id,
  { id, name: id, type: filter ? 'DYNAMIC' : 'STATIC', filter },
];

const env: FilterEnv = {
  deletedFields: new Set(),
  fieldTypes: new Map<string, FieldType>([
    ['plan', 'string'],
    ['age', 'number'],
    ['vip', 'boolean'],
    ['renewsAt', 'date'],
    ['profile.tier', 'string'],
  ]),
  segments: new Map([
    segment('static1', null),
    segment('a', refTo('b')),
    segment('b', refTo('c')),
    segment('c', tree({ field: 'data.plan', operator: 'equals', value: 'pro' })),
    segment('loop1', refTo('loop2')),
    segment('loop2', refTo('loop1')),
  ]),
  now: new Date('2026-03-31T12:00:00.000Z'),
};

function failure(
  t: FilterGroup,
  opts: { at: string; selfId?: string } = { at: 'filters' },
): { field: string; message: string } {
  try {
    checkFilter(t, env, opts);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(422);
    return (err as AppError).details.errors![0]!;
  }
  throw new Error('expected a 422');
}

describe('checkFilter', () => {
  it('accepts every operator on a field of a type it fits', () => {
    const ok = tree(
      { field: 'email', operator: 'contains', value: '@x' },
      { field: 'email', operator: 'in', value: ['a@x.test'] },
      { field: 'subscribed', operator: 'equals', value: true },
      { field: 'createdAt', operator: 'within', value: 3, unit: 'months' },
      { field: 'updatedAt', operator: 'lt', value: '2026-01-01' },
      { field: 'data.plan', operator: 'notIn', value: ['free'] },
      { field: 'data.profile.tier', operator: 'startsWith', value: 'go' },
      { field: 'data.age', operator: 'gte', value: 18 },
      { field: 'data.vip', operator: 'notEquals', value: false },
      { field: 'data.renewsAt', operator: 'olderThan', value: 2, unit: 'weeks' },
      { field: 'data.renewsAt', operator: 'equals', value: '2026-01-01T00:00:00Z' },
      { field: 'data.age', operator: 'notExists' },
      { field: 'event.signed up', operator: 'triggered', count: 3 },
      { field: 'email.opened', operator: 'notTriggeredWithin', value: 30, unit: 'days' },
      { field: 'segment.static1', operator: 'notMemberOfSegment' },
      { field: 'segment.a', operator: 'memberOfSegment' },
    );
    expect(() => checkFilter(ok, env, { at: 'filters' })).not.toThrow();
  });

  it('accepts any value operator on a data path no contact has yet, and no other', () => {
    const fresh = tree(
      { field: 'data.nope', operator: 'exists' },
      { field: 'data.plan2', operator: 'equals', value: 'pro' },
      { field: 'data.seats', operator: 'gt', value: 3 },
      { field: 'data.seats', operator: 'notIn', value: [1, 2] },
      { field: 'data.trialEnds', operator: 'within', value: 3, unit: 'days' },
      { field: 'data.nick', operator: 'notContains', value: 'bot' },
      // A parent object is not a recorded field either: it too is a path with no type yet.
      { field: 'data.profile', operator: 'exists' },
    );
    expect(() => checkFilter(fresh, env, { at: 'filters' })).not.toThrow();
    for (const operator of ['triggered', 'memberOfSegment']) {
      expect(failure(tree({ field: 'data.nope', operator }))).toMatchObject({
        field: 'filters.conditions[0].operator',
        message: expect.stringContaining('data.nope is tested with equals'),
      });
    }
  });

  it('refuses unknown fields and namespaces', () => {
    expect(failure(tree({ field: 'data', operator: 'exists' })).field).toBe('filters.conditions[0].field');
    expect(failure(tree({ field: 'plan', operator: 'exists' })).message).toContain('unknown');
    expect(failure(tree({ field: 'meta.x', operator: 'exists' })).message).toContain('namespace');
    expect(failure(tree({ field: 'email.read', operator: 'triggered' })).field).toBe('filters.conditions[0].field');
    expect(failure(tree({ field: 'segment.gone', operator: 'memberOfSegment' })).message).toContain('unknown segment');
  });

  it('refuses operators that do not fit the field', () => {
    const bad: Record<string, unknown>[] = [
      { field: 'data.vip', operator: 'gt', value: 1 },
      { field: 'data.plan', operator: 'within', value: 3, unit: 'days' },
      { field: 'data.age', operator: 'contains', value: '3' },
      { field: 'subscribed', operator: 'contains', value: 'x' },
      { field: 'email', operator: 'lt', value: 'x' },
      { field: 'data.renewsAt', operator: 'in', value: ['2026-01-01'] },
      { field: 'event.x', operator: 'equals', value: 1 },
      { field: 'data.plan', operator: 'triggered' },
      { field: 'segment.a', operator: 'exists' },
    ];
    for (const c of bad) expect(failure(tree(c)).field).toBe('filters.conditions[0].operator');
  });

  it("refuses values that are not of the field's type", () => {
    const bad: Record<string, unknown>[] = [
      { field: 'data.age', operator: 'gt', value: '30' },
      { field: 'data.age', operator: 'in', value: ['1'] },
      { field: 'data.plan', operator: 'equals', value: 3 },
      { field: 'data.vip', operator: 'equals', value: 'true' },
      { field: 'data.renewsAt', operator: 'gt', value: 5 },
      { field: 'data.renewsAt', operator: 'equals', value: '05/06/2026' },
      { field: 'createdAt', operator: 'lt', value: '2026-02-30' },
      { field: 'subscribed', operator: 'equals', value: 1 },
    ];
    for (const c of bad) expect(failure(tree(c)).field).toBe('filters.conditions[0].value');
  });

  it('names paths in the form the tree came from', () => {
    const t = parseFilterInput({
      condition: {
        logic: 'OR',
        groups: [
          { filters: [{ field: 'data.plan', operator: 'exists' }] },
          {
            filters: [{ field: 'data.age', operator: 'exists' }],
            conditions: {
              groups: [
                {
                  filters: [
                    { field: 'email', operator: 'exists' },
                    { field: 'meta.x', operator: 'exists' },
                  ],
                },
              ],
            },
          },
        ],
      },
    })!;
    expect(failure(t, { at: 'condition' }).field).toBe('condition.groups[1].conditions.groups[0].filters[1].field');
    const f = parseFilterInput({
      filters: {
        conditions: [{ field: 'email', operator: 'exists' }, { conditions: [{ field: 'meta.x', operator: 'exists' }] }],
      },
    })!;
    expect(failure(f, { at: 'audienceFilter' }).field).toBe('audienceFilter.conditions[1].conditions[0].field');
  });

  it('refuses a segment that contains itself, directly or through others', () => {
    expect(failure(refTo('c'), { at: 'filters', selfId: 'c' }).message).toContain('itself');
    expect(failure(refTo('a'), { at: 'filters', selfId: 'c' }).message).toContain('a → b → c');
    expect(failure(refTo('loop1'), { at: 'filters', selfId: 'new' }).message).toContain('loop');
    expect(() => checkFilter(refTo('a'), env, { at: 'filters', selfId: 'new' })).not.toThrow();
  });
});

describe('filterReferences', () => {
  it('lists fields as the API spells them, event names and segment ids, once each', () => {
    const t = tree(
      { field: 'email', operator: 'exists' },
      { field: 'data.profile.tier', operator: 'exists' },
      { field: 'data.profile.tier', operator: 'equals', value: 'x' },
      { field: 'event.order.placed', operator: 'triggered' },
      { field: 'email.opened', operator: 'triggered' },
      { field: 'segment.a', operator: 'memberOfSegment' },
    );
    expect(filterReferences(t)).toEqual({
      fields: ['email', 'data.profile.tier'],
      events: ['order.placed'],
      segments: ['a'],
    });
  });
});
