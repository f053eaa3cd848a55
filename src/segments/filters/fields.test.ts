// Invariant: field names resolve to one namespace each, and windows count back from now by the calendar for months.

import { describe, expect, it } from 'vitest';
import { resolveField, windowStart } from './fields.ts';

describe('resolveField', () => {
  it('reads every namespace', () => {
    expect(resolveField('email')).toEqual({ ok: true, target: { kind: 'standard', name: 'email', type: 'string' } });
    expect(resolveField('data.profile.tier')).toEqual({
      ok: true,
      target: { kind: 'data', key: 'profile.tier', path: ['profile', 'tier'] },
    });
    expect(resolveField('event.segment.vip.entry')).toEqual({
      ok: true,
      target: { kind: 'event', name: 'segment.vip.entry' },
    });
    expect(resolveField('email.opened')).toEqual({ ok: true, target: { kind: 'email', fact: 'opened' } });
    expect(resolveField('segment.abc')).toEqual({ ok: true, target: { kind: 'segment', id: 'abc' } });
    for (const bad of ['plan', 'data.', 'data.a..b', 'email.read', 'event.', 'meta.x'])
      expect(resolveField(bad).ok).toBe(false);
  });
});

describe('windowStart', () => {
  const now = new Date('2026-03-31T12:30:00.000Z');
  it('subtracts fixed units exactly', () => {
    expect(windowStart(now, 90, 'minutes').toISOString()).toBe('2026-03-31T11:00:00.000Z');
    expect(windowStart(now, 2, 'hours').toISOString()).toBe('2026-03-31T10:30:00.000Z');
    expect(windowStart(now, 31, 'days').toISOString()).toBe('2026-02-28T12:30:00.000Z');
    expect(windowStart(now, 1, 'weeks').toISOString()).toBe('2026-03-24T12:30:00.000Z');
  });

  it('subtracts months by the calendar, clamping to the last day of a shorter month', () => {
    expect(windowStart(now, 1, 'months').toISOString()).toBe('2026-02-28T12:30:00.000Z');
    expect(windowStart(new Date('2024-03-31T00:00:00.000Z'), 1, 'months').toISOString()).toBe(
      '2024-02-29T00:00:00.000Z',
    );
    expect(windowStart(now, 13, 'months').toISOString()).toBe('2025-02-28T12:30:00.000Z');
    expect(windowStart(now, 3, 'months').toISOString()).toBe('2025-12-31T12:30:00.000Z');
  });

  it('clamps a window reaching before year 1', () => {
    expect(windowStart(now, 1_000_000, 'months').toISOString()).toBe('0001-01-01T00:00:00.000Z');
  });
});
