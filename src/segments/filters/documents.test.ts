// Invariant: `event.<path>` (value operators) and `workflow.<path>` exist only where the caller says a workflow's documents
// are in play; there they pass checkFilter when the operator fits the type their value names, every refusal names its
// path, and filterReferences lists them as documents (never as event names). Everywhere else nothing changed.

import { describe, expect, it } from 'vitest';
import { parseFieldName } from '../../contacts/fields/field-names.ts';
import type { FieldType } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { checkFilter, filterReferences } from './check.ts';
import { resolveConditionField } from './fields.ts';
import { parseFilterInput } from './parse.ts';
import type { FilterEnv, FilterGroup } from './tree.ts';

const tree = (...conditions: Record<string, unknown>[]): FilterGroup =>
  parseFilterInput({ filters: { operator: 'AND', conditions } })!;

const env: FilterEnv = {
  fieldTypes: new Map<string, FieldType>([['plan', 'string']]),
  deletedFields: new Set(),
  segments: new Map(),
  now: new Date('2026-03-31T12:00:00.000Z'),
};

function failure(t: FilterGroup, documents: boolean): { field: string; message: string } {
  try {
    checkFilter(t, env, { at: 'filters', documents });
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(422);
    return (err as AppError).details.errors![0]!;
  }
  throw new Error('expected a 422');
}

const VALUE_CONDITIONS: Record<string, unknown>[] = [
  { operator: 'equals', value: 'pro' },
  { operator: 'notEquals', value: 3 },
  { operator: 'equals', value: true },
  { operator: 'equals', value: '2026-01-01' },
  { operator: 'contains', value: 'p%_' },
  { operator: 'notContains', value: '2026-01-01' },
  { operator: 'startsWith', value: 'a' },
  { operator: 'endsWith', value: 'z' },
  { operator: 'gt', value: 100 },
  { operator: 'lte', value: -2.5 },
  { operator: 'greaterThanOrEqual', value: '2026-01-01T00:00:00Z' },
  { operator: 'lessThan', value: '2026-01-01T00:00:00.000Z' },
  { operator: 'in', value: ['a', 'b'] },
  { operator: 'notIn', value: [1, 2] },
  { operator: 'in', value: ['2026-01-01'] },
  { operator: 'exists' },
  { operator: 'notExists' },
  { operator: 'within', value: 3, unit: 'days' },
  { operator: 'olderThan', value: 1, unit: 'months' },
];

describe('document fields in checkFilter', () => {
  it('accepts event.<path> and workflow.<path> with every value operator when documents are in play', () => {
    for (const field of ['event.amount', 'event.order.total', 'workflow.plan', 'workflow.a b.c-d']) {
      for (const c of VALUE_CONDITIONS) {
        const t = tree({ field, ...c });
        expect(() => checkFilter(t, env, { at: 'filters', documents: true }), `${field} ${c.operator}`).not.toThrow();
      }
    }
  });

  it('keeps event.<name> with a trigger operator as the contact event count, documents or not', () => {
    const t = tree(
      { field: 'event.purchase', operator: 'triggeredWithin', value: 3, unit: 'days', count: 2 },
      { field: 'event.purchase', operator: 'notTriggered' },
    );
    expect(() => checkFilter(t, env, { at: 'filters', documents: true })).not.toThrow();
    expect(() => checkFilter(t, env, { at: 'filters' })).not.toThrow();
  });

  it('refuses them without documents exactly as before: unknown namespace, or a trigger operator needed', () => {
    const wf = failure(tree({ field: 'workflow.plan', operator: 'equals', value: 'pro' }), false);
    expect(wf.field).toBe('filters.conditions[0].field');
    expect(wf.message).toContain('unknown namespace "workflow"');
    const ev = failure(
      tree({ field: 'data.plan', operator: 'exists' }, { field: 'event.amount', operator: 'gt', value: 1 }),
      false,
    );
    expect(ev.field).toBe('filters.conditions[1].operator');
    expect(ev.message).toContain('triggered');
  });

  it('refuses an ordering given a string that names no date, at the value', () => {
    for (const op of ['gt', 'lt', 'gte', 'lte']) {
      const e = failure(tree({ field: 'event.plan', operator: op, value: 'gold' }), true);
      expect(e.field).toBe('filters.conditions[0].value');
      expect(e.message).toContain('must be a number or an ISO 8601 date');
    }
    // 2026-02-31 names no day: a string, and strings are not ordered.
    const e = failure(tree({ field: 'workflow.since', operator: 'gt', value: '2026-02-31' }), true);
    expect(e.field).toBe('filters.conditions[0].value');
  });

  it('refuses the shapes parsing refuses for any field, naming the path in either body form', () => {
    const bad = (c: Record<string, unknown>, at = 'condition') => {
      try {
        const t = parseFilterInput({ condition: { logic: 'AND', groups: [{ filters: [c] }] } })!;
        checkFilter(t, env, { at, documents: true });
      } catch (err) {
        expect(err).toBeInstanceOf(AppError);
        expect((err as AppError).statusCode).toBe(422);
        return (err as AppError).details.errors![0]!.field;
      }
      throw new Error('expected a 422');
    };
    expect(bad({ field: 'event.amount', operator: 'gt', value: true })).toBe('condition.groups[0].filters[0].value');
    expect(bad({ field: 'event.amount', operator: 'contains', value: 5 })).toBe('condition.groups[0].filters[0].value');
    expect(bad({ field: 'workflow.tags', operator: 'in', value: ['a', 1] })).toBe(
      'condition.groups[0].filters[0].value',
    );
    expect(bad({ field: 'workflow.at', operator: 'within', value: 3 })).toBe('condition.groups[0].filters[0].unit');
    expect(bad({ field: 'workflow.at', operator: 'exists', value: 3 })).toBe('condition.groups[0].filters[0].value');
    expect(bad({ field: 'workflow.x', operator: 'triggered' })).toBe('condition.groups[0].filters[0].operator');
    expect(bad({ field: 'event.amount', operator: 'memberOfSegment' })).toBe('condition.groups[0].filters[0].operator');
  });

  it('refuses paths the data.<path> key rules refuse', () => {
    // Built by hand: parsing already refuses a double quote in any field name.
    for (const field of ['workflow', 'workflow.', 'event.', 'workflow.a..b', 'event.a.', 'workflow.a"]']) {
      const t = { logic: 'AND' as const, conditions: [{ field, operator: 'equals' as const, value: 'x' }] };
      expect(failure(t, true).field, field).toBe('filters.conditions[0].field');
    }
  });
});

describe('document fields in field resolution', () => {
  it('reads the path with the data.<path> rules and lets the operator decide what event.<x> means', () => {
    expect(resolveConditionField('event.order.total', 'greaterThan', true)).toEqual({
      ok: true,
      target: { kind: 'document', source: 'event', key: 'order.total', path: ['order', 'total'] },
    });
    expect(resolveConditionField('event.order.total', 'triggered', true)).toEqual({
      ok: true,
      target: { kind: 'event', name: 'order.total' },
    });
    expect(resolveConditionField('workflow.plan', 'exists', true)).toMatchObject({
      ok: true,
      target: { kind: 'document' },
    });
    expect(resolveConditionField('workflow.plan', 'exists', false)).toMatchObject({ ok: false });
    expect(resolveConditionField('event.amount', 'equals', false)).toEqual({
      ok: true,
      target: { kind: 'event', name: 'amount' },
    });
    // Brackets are plain key characters (each key is quoted in the SQL path); double quotes are refused.
    expect(resolveConditionField('workflow.a[0]', 'equals', true)).toMatchObject({ target: { path: ['a[0]'] } });
    expect(resolveConditionField("workflow.it's", 'equals', true)).toMatchObject({ target: { path: ["it's"] } });
    expect(resolveConditionField('workflow.a"b', 'equals', true)).toMatchObject({ ok: false });
    expect(parseFieldName('data.a"b').ok).toBe(false);
    expect(parseFieldName('data.a\u0001').ok).toBe(false);
  });
});

describe('filterReferences with documents', () => {
  const t = tree(
    { field: 'data.plan', operator: 'equals', value: 'pro' },
    { field: 'event.amount', operator: 'gt', value: 100 },
    { field: 'event.amount', operator: 'lt', value: 900 },
    { field: 'event.purchase', operator: 'triggered' },
    { field: 'workflow.plan', operator: 'exists' },
    { field: 'workflow.profile.tier', operator: 'in', value: ['a'] },
  );

  it('lists value-tested event paths and workflow paths as documents, once each, never as event names', () => {
    expect(filterReferences(t, { documents: true })).toEqual({
      fields: ['data.plan'],
      events: ['purchase'],
      segments: [],
      documents: ['event.amount', 'workflow.plan', 'workflow.profile.tier'],
    });
  });

  it('reads the tree as before without documents', () => {
    expect(filterReferences(t)).toEqual({ fields: ['data.plan'], events: ['amount', 'purchase'], segments: [] });
    expect(filterReferences(t, { documents: false })).toEqual({
      fields: ['data.plan'],
      events: ['amount', 'purchase'],
      segments: [],
    });
  });
});
