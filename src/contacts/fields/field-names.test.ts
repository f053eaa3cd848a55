// Invariant: a field name maps to one standard field or one path inside `data`, never to SQL-unsafe text.

import { describe, expect, it } from 'vitest';
import { parseFieldName } from './field-names.ts';

describe('parseFieldName', () => {
  it('reads standard fields by plain name', () => {
    expect(parseFieldName('email')).toEqual({ ok: true, ref: { kind: 'standard', field: 'email', type: 'string' } });
    expect(parseFieldName('createdAt')).toMatchObject({ ok: true, ref: { kind: 'standard', type: 'date' } });
  });

  it('reads data.<path> and a plain custom key alike', () => {
    const ref = { kind: 'custom', field: 'data.profile.tier', key: 'profile.tier', path: ['profile', 'tier'] };
    expect(parseFieldName('data.profile.tier')).toEqual({ ok: true, ref });
    expect(parseFieldName('profile.tier')).toEqual({ ok: true, ref });
    expect(parseFieldName('data.email')).toMatchObject({ ok: true, ref: { kind: 'custom', key: 'email' } });
    expect(parseFieldName("data.o'brien $x")).toMatchObject({ ok: true, ref: { path: ["o'brien $x"] } });
  });

  it('refuses empty steps, double quotes, control characters and overlong names', () => {
    for (const bad of ['', 'data.', 'data.a..b', '.a', 'a"b', 'a\nb', 'x'.repeat(257)]) {
      expect(parseFieldName(bad).ok).toBe(false);
    }
  });
});
