// Invariant: both body forms read into one tree (and back), and every bad input is a 422 naming the exact path that failed.

import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { FILTER_LIMITS, parseFilterInput, simplifyFilter, toConditionForm, toFiltersForm } from './parse.ts';
import type { FilterGroup } from './tree.ts';

/** The 422's one field path, or a failure when the call does not throw one. */
function failingPath(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    expect(e.statusCode).toBe(422);
    expect(e.details.errors).toHaveLength(1);
    return e.details.errors![0]!.field;
  }
  throw new Error('expected a 422');
}

const plan = { field: 'data.plan', operator: 'equals', value: 'pro' };
const age = { field: 'data.age', operator: 'gt', value: 30 };
const recent = { field: 'createdAt', operator: 'within', value: 90, unit: 'days' };

describe('parseFilterInput', () => {
  it('is undefined when neither form is given, and prefers condition when both are', () => {
    expect(parseFilterInput({})).toBeUndefined();
    expect(parseFilterInput({ filters: null, condition: null })).toBeUndefined();
    const both = parseFilterInput({
      filters: { operator: 'AND', conditions: [plan] },
      condition: { logic: 'OR', groups: [{ filters: [age] }] },
    });
    expect(both?.logic).toBe('OR');
  });

  it('reads the filters form as the tree itself, normalising the gt/lt/gte/lte aliases', () => {
    const tree = parseFilterInput({ filters: { operator: 'AND', conditions: [plan, age, recent] } });
    expect(tree).toEqual({
      logic: 'AND',
      conditions: [
        { field: 'data.plan', operator: 'equals', value: 'pro' },
        { field: 'data.age', operator: 'greaterThan', value: 30 },
        { field: 'createdAt', operator: 'within', value: 90, unit: 'days' },
      ],
    });
    for (const [alias, long] of [
      ['lt', 'lessThan'],
      ['gte', 'greaterThanOrEqual'],
      ['lte', 'lessThanOrEqual'],
    ]) {
      const t = parseFilterInput({ filters: { conditions: [{ ...age, operator: alias }] } });
      expect(t?.conditions[0]).toMatchObject({ operator: long });
    }
  });

  it('reads nested groups in the filters form and defaults a missing operator to AND', () => {
    const tree = parseFilterInput({
      filters: { conditions: [plan, { operator: 'or', conditions: [age, recent] }] },
    });
    expect(tree).toMatchObject({ logic: 'AND', conditions: [plan, { logic: 'OR', conditions: [{}, {}] }] });
  });

  it('gives the same meaning to both forms of the same filter', () => {
    const fromFilters = parseFilterInput({ filters: { operator: 'AND', conditions: [plan, age, recent] } })!;
    const fromCondition = parseFilterInput({
      condition: { logic: 'AND', groups: [{ filters: [plan, age, recent] }] },
    })!;
    expect(simplifyFilter(fromCondition)).toEqual(fromFilters);
    expect(toFiltersForm(fromCondition)).toEqual(toFiltersForm(fromFilters));
  });

  it('reads groups as the AND of their filters and nested condition, joined by logic', () => {
    const tree = parseFilterInput({
      condition: {
        logic: 'OR',
        groups: [{ filters: [plan], conditions: { logic: 'OR', groups: [{ filters: [age] }, { filters: [recent] }] } }],
      },
    });
    expect(tree).toEqual({
      logic: 'OR',
      conditions: [
        {
          logic: 'AND',
          conditions: [
            { field: 'data.plan', operator: 'equals', value: 'pro' },
            {
              logic: 'OR',
              conditions: [
                { logic: 'AND', conditions: [{ field: 'data.age', operator: 'greaterThan', value: 30 }] },
                { logic: 'AND', conditions: [{ field: 'createdAt', operator: 'within', value: 90, unit: 'days' }] },
              ],
            },
          ],
        },
      ],
    });
  });

  it('keeps only the keys that apply: unit on windows, value where one is taken', () => {
    const tree = parseFilterInput({
      filters: {
        conditions: [
          { field: 'data.plan', operator: 'equals', value: 'pro', unit: 'days', extra: 1 },
          { field: 'data.plan', operator: 'exists', value: null },
          { field: 'event.signup', operator: 'triggeredWithin', value: '7', unit: 'days', count: 2 },
        ],
      },
    });
    expect(tree?.conditions).toEqual([
      { field: 'data.plan', operator: 'equals', value: 'pro' },
      { field: 'data.plan', operator: 'exists' },
      { field: 'event.signup', operator: 'triggeredWithin', value: 7, unit: 'days', count: 2 },
    ]);
  });
});

describe('parseFilterInput errors', () => {
  const filters = (conditions: unknown[]) => () => parseFilterInput({ filters: { operator: 'AND', conditions } });
  const condition = (filters: unknown[]) => () =>
    parseFilterInput({ condition: { logic: 'AND', groups: [{ filters }] } });

  it('names the failing path in the filters form', () => {
    expect(failingPath(() => parseFilterInput({ filters: 'x' }))).toBe('filters');
    expect(failingPath(() => parseFilterInput({ filters: { operator: 'XOR', conditions: [] } }))).toBe(
      'filters.operator',
    );
    expect(failingPath(() => parseFilterInput({ filters: { operator: 'AND' } }))).toBe('filters.conditions');
    expect(failingPath(filters([plan, { ...age, operator: 'bigger' }]))).toBe('filters.conditions[1].operator');
    expect(failingPath(filters([{ operator: 'equals', value: 1 }]))).toBe('filters.conditions[0].field');
    expect(failingPath(filters([7]))).toBe('filters.conditions[0]');
    expect(failingPath(filters([plan, { operator: 'AND', conditions: [] }]))).toBe('filters.conditions[1].conditions');
    expect(failingPath(filters([{ conditions: [plan, { ...recent, unit: 'years' }] }]))).toBe(
      'filters.conditions[0].conditions[1].unit',
    );
  });

  it('names the failing path in the condition form', () => {
    expect(failingPath(() => parseFilterInput({ condition: { logic: 'AND' } }))).toBe('condition.groups');
    expect(failingPath(() => parseFilterInput({ condition: { logic: 'x', groups: [] } }))).toBe('condition.logic');
    expect(failingPath(condition([plan, age, { ...recent, unit: undefined }]))).toBe(
      'condition.groups[0].filters[2].unit',
    );
    expect(failingPath(() => parseFilterInput({ condition: { groups: [{}] } }))).toBe('condition.groups[0].filters');
    const nested = { groups: [{ filters: [plan], conditions: { groups: [{ filters: [{ ...age, value: true }] }] } }] };
    expect(failingPath(() => parseFilterInput({ condition: nested }))).toBe(
      'condition.groups[0].conditions.groups[0].filters[0].value',
    );
  });

  it('uses the prefixes it is given', () => {
    const at = { filters: 'audienceFilter', condition: 'audienceFilter' };
    expect(failingPath(() => parseFilterInput({ filters: { conditions: [{}] } }, at))).toBe(
      'audienceFilter.conditions[0].field',
    );
  });

  it('checks value shapes by operator', () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ field: 'data.a', operator: 'exists', value: 1 }, 'value'],
      [{ field: 'data.a', operator: 'in', value: 'x' }, 'value'],
      [{ field: 'data.a', operator: 'in', value: [] }, 'value'],
      [{ field: 'data.a', operator: 'in', value: ['a', 1] }, 'value'],
      [{ field: 'data.a', operator: 'contains', value: '' }, 'value'],
      [{ field: 'data.a', operator: 'contains', value: 3 }, 'value'],
      [{ field: 'data.a', operator: 'equals' }, 'value'],
      [{ field: 'data.a', operator: 'equals', value: { x: 1 } }, 'value'],
      [{ field: 'data.a', operator: 'gt', value: true }, 'value'],
      [{ field: 'data.a', operator: 'within', value: 0, unit: 'days' }, 'value'],
      [{ field: 'data.a', operator: 'within', value: 1.5, unit: 'days' }, 'value'],
      [{ field: 'data.a', operator: 'within', value: 3 }, 'unit'],
      [{ field: 'event.x', operator: 'triggered', count: 0 }, 'count'],
      [{ field: 'event.x', operator: 'triggered', count: 2.5 }, 'count'],
      [{ field: 'data.a', operator: 'equals', value: 1, count: 2 }, 'count'],
      [{ field: 'segment.x', operator: 'memberOfSegment', value: 'x' }, 'value'],
      [{ field: 'data."a', operator: 'exists' }, 'field'],
      [{ field: 'event.a\nb', operator: 'triggered' }, 'field'],
    ];
    for (const [c, key] of bad) expect(failingPath(filters([c]))).toBe(`filters.conditions[0].${key}`);
  });

  it('enforces the bounds: depth, condition count, string length, list length', () => {
    let deep: Record<string, unknown> = { conditions: [plan] };
    for (let i = 0; i < FILTER_LIMITS.depth; i++) deep = { conditions: [deep] };
    expect(failingPath(() => parseFilterInput({ filters: deep }))).toMatch(/^filters(\.conditions\[0\])+$/);
    const many = Array.from({ length: FILTER_LIMITS.conditions + 1 }, () => plan);
    expect(failingPath(filters(many))).toBe(`filters.conditions[${FILTER_LIMITS.conditions}]`);
    expect(parseFilterInput({ filters: { conditions: many.slice(1) } })?.conditions).toHaveLength(200);
    expect(failingPath(filters([{ ...plan, value: 'x'.repeat(1001) }]))).toBe('filters.conditions[0].value');
    const list = Array.from({ length: 501 }, (_, i) => i);
    expect(failingPath(filters([{ field: 'data.a', operator: 'in', value: list }]))).toBe(
      'filters.conditions[0].value',
    );
    expect(failingPath(filters([{ field: 'data.a', operator: 'in', value: ['ok', 'x'.repeat(1001)] }]))).toBe(
      'filters.conditions[0].value[1]',
    );
  });
});

describe('toFiltersForm and toConditionForm', () => {
  const flat: FilterGroup = {
    logic: 'AND',
    conditions: [
      { field: 'data.plan', operator: 'equals', value: 'pro' },
      { field: 'data.age', operator: 'greaterThan', value: 30 },
    ],
  };

  it('gives the filters form only for a tree that is one flat group', () => {
    expect(toFiltersForm(flat)).toEqual({ operator: 'AND', conditions: flat.conditions });
    expect(toFiltersForm({ logic: 'OR', conditions: [flat] })).toEqual({
      operator: 'AND',
      conditions: flat.conditions,
    });
    const nested: FilterGroup = {
      logic: 'OR',
      conditions: [flat, { field: 'email', operator: 'contains', value: 'x' }],
    };
    expect(toFiltersForm(nested)).toBeUndefined();
  });

  it('gives back a condition form as it was sent', () => {
    const sent = {
      logic: 'OR',
      groups: [
        { filters: [plan], conditions: { logic: 'AND', groups: [{ filters: [{ ...age, operator: 'greaterThan' }] }] } },
        { filters: [{ ...recent }] },
      ],
    };
    expect(toConditionForm(parseFilterInput({ condition: sent })!)).toEqual(sent);
  });

  it('maps any tree to a condition form of the same meaning', () => {
    const trees: FilterGroup[] = [
      flat,
      { logic: 'AND', conditions: [] },
      { logic: 'OR', conditions: [flat.conditions[0]!, { logic: 'AND', conditions: [flat, flat] }] },
      { logic: 'AND', conditions: [{ logic: 'OR', conditions: flat.conditions }, flat.conditions[0]!] },
    ];
    for (const tree of trees) {
      const back = parseFilterInput({ condition: toConditionForm(tree) })!;
      expect(simplifyFilter(back)).toEqual(simplifyFilter(tree));
    }
  });
});
