// Invariant: one function applies the custom field rules 1–8 to every `data` payload, the same way
// for every caller; what it stores is exactly what the databases end up holding.

import { describe, expect, it } from 'vitest';
import {
  applyDataPatch,
  fieldTypesOf,
  inferType,
  isIsoDate,
  patchChangesNothing,
  RESERVED_DATA_KEYS,
  toDataPatch,
} from './data-rules.ts';

describe('toDataPatch', () => {
  it('rule 1: names only the keys sent, so the rest keep their values', () => {
    expect(applyDataPatch({ a: 1, b: 2 }, toDataPatch({ b: 3 }))).toEqual({ a: 1, b: 3 });
  });

  it('rule 2: stores strings, numbers and booleans as they are', () => {
    expect(toDataPatch({ s: 'x', n: 0, f: 1.5, t: true, no: false }).set).toEqual({
      s: 'x',
      n: 0,
      f: 1.5,
      t: true,
      no: false,
    });
  });

  it('rule 3: null deletes the key', () => {
    const p = toDataPatch({ gone: null });
    expect(p).toEqual({ set: {}, remove: ['gone'], transient: {} });
    expect(applyDataPatch({ gone: 1, kept: 2 }, p)).toEqual({ kept: 2 });
  });

  it('rule 4: an empty string is ignored (it neither sets nor deletes)', () => {
    expect(toDataPatch({ name: '' })).toEqual({ set: {}, remove: [], transient: {} });
    expect(toDataPatch({ name: ' ' }).set).toEqual({ name: ' ' });
  });

  it('rule 5: { value, persistent: false } is transient; persistent: true is stored unwrapped', () => {
    const p = toDataPatch({ otp: { value: '123', persistent: false }, tier: { value: 'gold', persistent: true } });
    expect(p.transient).toEqual({ otp: '123' });
    expect(p.set).toEqual({ tier: 'gold' });
    // Not the wrapper: other keys make it an ordinary nested object.
    expect(toDataPatch({ o: { value: 1, persistent: false, x: 2 } }).set).toEqual({
      o: { value: 1, persistent: false, x: 2 },
    });
    expect(toDataPatch({ gone: { value: null, persistent: true } }).remove).toEqual(['gone']);
  });

  it('rule 6: drops every reserved key silently, and empty or prototype keys', () => {
    const input = Object.fromEntries([...RESERVED_DATA_KEYS].map((k) => [k, 'x']));
    expect(toDataPatch({ ...input, '': 1, ok: 1 }).set).toEqual({ ok: 1 });
    const proto = toDataPatch(JSON.parse('{"__proto__": {"polluted": true}, "a": 1}'));
    expect(proto.set).toEqual({ a: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    for (const k of [
      'id',
      'svc_id',
      'svc_email',
      'email',
      'unsubscribeUrl',
      'subscribeUrl',
      'manageUrl',
      'plunk_id',
      'plunk_email',
    ]) {
      expect(RESERVED_DATA_KEYS.has(k)).toBe(true);
    }
  });

  it('rule 7: locale is an ordinary stored key', () => {
    expect(toDataPatch({ locale: 'de-AT' }).set).toEqual({ locale: 'de-AT' });
  });

  it('stores nested objects whole, without their null members (as both databases store them)', () => {
    expect(toDataPatch({ p: { a: null, b: { c: null, d: 1 }, e: [null, 1] } }).set).toEqual({
      p: { b: { d: 1 }, e: [null, 1] },
    });
  });
});

describe('type inference (rule 8)', () => {
  it.each([
    [1, 'number'],
    [-0.5, 'number'],
    [true, 'boolean'],
    ['2026-01-31', 'date'],
    ['2026-01-31T10:00:00Z', 'date'],
    ['2026-01-31T10:00:00.123Z', 'date'],
    ['2026-02-30', 'string'],
    ['2026-01-31T24:00:00Z', 'string'],
    ['2026-01-31T10:00:00+02:00', 'string'],
    ['05/06/2026', 'string'],
    ['42', 'string'],
    [[1, 2], 'string'],
  ])('types %j as %s', (value, type) => {
    expect(inferType(value)).toBe(type);
  });

  it('fixes nothing for null', () => {
    expect(inferType(null)).toBeUndefined();
  });

  it('proposes a type per dotted path, leaving out keys a path cannot address', () => {
    expect(fieldTypesOf({ a: 1, p: { t: 'x', d: { y: true } }, 'dot.key': 1, 'q"uote': 1, e: {} })).toEqual([
      { key: 'a', type: 'number' },
      { key: 'p.t', type: 'string' },
      { key: 'p.d.y', type: 'boolean' },
    ]);
  });

  it('recognises only real calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
  });
});

describe('patchChangesNothing', () => {
  it('compares values as JSON', () => {
    expect(patchChangesNothing({ a: 1, o: { x: [1] } }, toDataPatch({ a: 1, o: { x: [1] } }))).toBe(true);
    expect(patchChangesNothing({ a: 1 }, toDataPatch({ a: '1' }))).toBe(false);
    expect(patchChangesNothing({ a: 1 }, toDataPatch({ a: null }))).toBe(false);
    expect(patchChangesNothing({}, toDataPatch({ a: null, b: '' }))).toBe(true);
  });
});

describe('walkers of user data at any depth', () => {
  const deep = (levels: number, leaf: unknown): Record<string, unknown> => {
    let v: unknown = leaf;
    for (let i = 0; i < levels; i++) v = { k: v, gone: null };
    return v as Record<string, unknown>;
  };

  it('drops nested nulls and lists field types 100,000 levels down without overflowing the stack', () => {
    const patch = toDataPatch({ top: deep(100_000, 'x') });
    let v = patch.set.top as Record<string, unknown>;
    for (let i = 0; i < 99_999; i++) {
      expect(Object.keys(v)).toEqual(['k']);
      v = v.k as Record<string, unknown>;
    }
    expect(v).toEqual({ k: 'x' });
    const types = fieldTypesOf(patch.set);
    expect(types).toHaveLength(1);
    expect(types[0]!.type).toBe('string');
  });

  it('keeps key order and dotted paths as before', () => {
    const set = toDataPatch({ a: { b: 1, c: { d: true, e: null } }, f: '2026-01-02' }).set;
    expect(set).toEqual({ a: { b: 1, c: { d: true } }, f: '2026-01-02' });
    expect(fieldTypesOf(set)).toEqual([
      { key: 'a.b', type: 'number' },
      { key: 'a.c.d', type: 'boolean' },
      { key: 'f', type: 'date' },
    ]);
  });
});
