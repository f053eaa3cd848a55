import { beforeAll, describe, expect, it } from 'vitest';
import { startEnglishForTests } from '../../i18n/test-i18n.ts';
import {
  buildDataPatch,
  convertValue,
  type DataRow,
  displayValue,
  emptyRow,
  kindOf,
  parseValue,
  rowsFromData,
} from './data-editor.ts';

// The editor's messages come from the translator, in English here.
beforeAll(startEnglishForTests);

const row = (key: string, kind: DataRow['kind'], value: string, originalKey?: string): DataRow => ({
  id: `r-${key}-${value}`,
  key,
  kind,
  value,
  originalKey,
});

describe('rowsFromData', () => {
  it('gives each stored value the kind that shows it best, sorted by key', () => {
    const rows = rowsFromData({ plan: 'pro', seats: 3, vip: true, since: '2026-01-02', profile: { tier: 'gold' } });
    expect(rows.map((r) => [r.key, r.kind, r.value, r.originalKey])).toEqual([
      ['plan', 'text', 'pro', 'plan'],
      ['profile', 'json', '{"tier":"gold"}', 'profile'],
      ['seats', 'number', '3', 'seats'],
      ['since', 'date', '2026-01-02', 'since'],
      ['vip', 'boolean', 'true', 'vip'],
    ]);
  });

  it('keeps a date-time string as text so it is not cut to a day', () => {
    expect(kindOf('2026-01-02T10:00:00Z')).toBe('text');
  });
});

describe('parseValue', () => {
  it('reads numbers, booleans, dates and JSON', () => {
    expect(parseValue('number', ' 9.5 ')).toEqual({ ok: true, value: 9.5 });
    expect(parseValue('boolean', 'false')).toEqual({ ok: true, value: false });
    expect(parseValue('date', '2026-03-01')).toEqual({ ok: true, value: '2026-03-01' });
    expect(parseValue('json', '[1,2]')).toEqual({ ok: true, value: [1, 2] });
  });

  it('refuses what the API would ignore or misread', () => {
    expect(parseValue('text', '').ok).toBe(false);
    expect(parseValue('number', 'abc').ok).toBe(false);
    expect(parseValue('date', '05/06/2026').ok).toBe(false);
    expect(parseValue('json', '{oops').ok).toBe(false);
    expect(parseValue('json', 'null').ok).toBe(false);
  });
});

describe('buildDataPatch', () => {
  const original = { plan: 'pro', seats: 3, vip: true };

  it('sends nothing when nothing changed', () => {
    const result = buildDataPatch(original, rowsFromData(original));
    expect(result).toEqual({ patch: {}, errors: {}, empty: true });
  });

  it('sends changed and new keys, and null for removed ones', () => {
    const rows = [
      row('plan', 'text', 'team', 'plan'),
      row('seats', 'number', '3', 'seats'),
      row('city', 'text', 'Oslo'),
    ];
    expect(buildDataPatch(original, rows).patch).toEqual({ plan: 'team', city: 'Oslo', vip: null });
  });

  it('turns a rename into a removal and a new key', () => {
    const rows = [
      row('tier', 'text', 'pro', 'plan'),
      row('seats', 'number', '3', 'seats'),
      row('vip', 'boolean', 'true', 'vip'),
    ];
    expect(buildDataPatch(original, rows).patch).toEqual({ tier: 'pro', plan: null });
  });

  it('sends a changed type even when the text looks the same', () => {
    expect(buildDataPatch({ seats: 3 }, [row('seats', 'text', '3', 'seats')]).patch).toEqual({ seats: '3' });
  });

  it('reports empty, duplicate, reserved and dotted names, and bad values, by row', () => {
    const rows = [
      row('', 'text', 'x'),
      row('city', 'text', 'Oslo'),
      row('city', 'text', 'Bergen'),
      row('email', 'text', 'a@b.c'),
      row('a.b', 'text', 'x'),
      row('n', 'number', 'many'),
    ];
    const { errors } = buildDataPatch({}, rows);
    const ids = rows.map((r) => r.id);
    expect(errors[ids[0]!]?.key).toMatch(/name/i);
    expect(errors[ids[1]!]).toBeUndefined();
    expect(errors[ids[2]!]?.key).toMatch(/already/);
    expect(errors[ids[3]!]?.key).toMatch(/reserved/);
    expect(errors[ids[4]!]?.key).toMatch(/dot/);
    expect(errors[ids[5]!]?.value).toMatch(/number/);
  });

  it('leaves stored keys with odd names alone', () => {
    const result = buildDataPatch({ 'a.b': 1 }, rowsFromData({ 'a.b': 1 }));
    expect(result.errors).toEqual({});
  });

  it('does not mistake inherited names for stored keys', () => {
    expect(buildDataPatch({}, [row('constructor', 'text', 'x')]).patch).toEqual({ constructor: 'x' });
  });
});

describe('convertValue and display', () => {
  it('keeps what still makes sense when the kind changes', () => {
    expect(convertValue('yes', 'text', 'boolean')).toBe('true');
    expect(convertValue('12', 'text', 'number')).toBe('12');
    expect(convertValue('twelve', 'text', 'number')).toBe('');
    expect(convertValue('2026-01-01', 'text', 'date')).toBe('2026-01-01');
    expect(convertValue('hi', 'text', 'json')).toBe('"hi"');
    expect(emptyRow('boolean').value).toBe('true');
  });

  it('shows values for people', () => {
    expect(displayValue(true)).toBe('Yes');
    expect(displayValue(null)).toBe('—');
    expect(displayValue({ a: 1 })).toBe('{"a":1}');
  });
});
