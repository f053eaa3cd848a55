// Invariant: a coverage change counts exactly the dotted keys a write sets or unsets (present and not
// null, nested ones included), and never a key whose dotted form would name another path.
import { describe, expect, it } from 'vitest';
import { addChangedContact, addNewContact, emptyCoverageChange, isEmptyCoverageChange } from './coverage-delta.ts';

describe('coverage changes', () => {
  it('counts a new contact once per key it has set, nested keys included', () => {
    const c = emptyCoverageChange();
    addNewContact(c, { plan: 'pro', off: false, gone: null, profile: { tier: 'gold', n: { deep: 1 } } });
    expect(c).toEqual({
      total: 1,
      counts: { plan: 1, off: 1, profile: 1, 'profile.tier': 1, 'profile.n': 1, 'profile.n.deep': 1 },
    });
  });

  it('counts keys gained and lost by replaced values, and nothing for unchanged ones', () => {
    const c = emptyCoverageChange();
    const before = { plan: 'pro', profile: { tier: 'gold' }, keep: 1 };
    addChangedContact(c, before, { plan: 'team', profile: 'flat', keep: 1, city: 'x' }, ['plan', 'profile', 'city']);
    expect(c).toEqual({ total: 0, counts: { plan: 0, profile: 0, 'profile.tier': -1, city: 1 } });
    expect(isEmptyCoverageChange({ total: 0, counts: { plan: 0 } })).toBe(true);
  });

  it('skips keys with a dot or a quote, with everything under them', () => {
    const c = emptyCoverageChange();
    addNewContact(c, { 'a.b': 1, 'q"': 2, ok: { 'x.y': 3, z: 4 } });
    expect(c.counts).toEqual({ ok: 1, 'ok.z': 1 });
  });
});
