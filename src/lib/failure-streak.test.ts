// Invariant: a target rests from the `after`-th failure in a row on, the rest doubling with each
// further failure and never longer than `maxMs`; a shorter streak does not rest it.
import { describe, expect, it } from 'vitest';
import { restAfter, restUntil } from './failure-streak.ts';

describe('restAfter', () => {
  it('rests from the first failure, doubling up to the cap (webhook endpoints)', () => {
    const rest = { after: 1, firstMs: 5_000, maxMs: 60_000 };
    expect([1, 2, 3, 4, 5, 40].map((s) => restAfter(rest, s))).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000]);
  });

  it('does not rest short of the threshold, then rests a fixed time (transports)', () => {
    const rest = { after: 5, firstMs: 60_000, maxMs: 60_000 };
    expect([0, 1, 4, 5, 6, 50].map((s) => restAfter(rest, s))).toEqual([0, 0, 0, 60_000, 60_000, 60_000]);
  });
});

describe('restUntil', () => {
  const rest = { after: 2, firstMs: 1_000, maxMs: 8_000 };
  const at = new Date('2026-01-01T00:00:00.000Z');

  it('is the failure time plus the rest', () => {
    expect(restUntil(rest, 3, at)?.toISOString()).toBe('2026-01-01T00:00:02.000Z');
  });

  it('is undefined while the streak does not rest the target', () => {
    expect(restUntil(rest, 1, at)).toBeUndefined();
  });
});
