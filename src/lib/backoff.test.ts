// Invariant: retry N waits the schedule's N-th wait (the last repeating past the end), stretched by at
// most ±jitter, and exactly as the hand-written schedules it replaced computed it.
import { describe, expect, it } from 'vitest';
import { backoffMinutes, backoffWait, retryDueAt } from './backoff.ts';

const schedule = backoffMinutes([0.5, 2, 10], 0.1);

describe('backoffWait', () => {
  it('waits the n-th wait for retry n and the last one for every retry after', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 9].map((n) => backoffWait(schedule, n, mid))).toEqual([
      30_000, 120_000, 600_000, 600_000, 600_000,
    ]);
  });

  it('stretches a wait by at most the jitter either way', () => {
    expect(backoffWait(schedule, 1, () => 0)).toBe(27_000);
    expect(backoffWait(schedule, 1, () => 0.999_999)).toBeLessThan(33_000);
    expect(backoffWait(schedule, 1, () => 0.999_999)).toBeGreaterThan(32_999);
  });

  it('computes what `minutes * 60_000 * (0.9 + random * 0.2)` did, to the bit', () => {
    const minutes = [0.5, 2, 10, 30, 60, 120, 240, 480];
    const b = backoffMinutes(minutes, 0.1);
    for (let i = 0; i < 200; i++) {
      const r = Math.random();
      const attempt = 1 + (i % 10);
      const old = minutes[Math.min(attempt, minutes.length) - 1]! * 60_000 * (0.9 + r * 0.2);
      expect(backoffWait(b, attempt, () => r)).toBe(old);
    }
  });

  it('keeps waits exact without jitter and counts a retry below 1 as the first', () => {
    const exact = { waitsMs: [5_000, 60_000], jitter: 0 };
    expect(backoffWait(exact, 0, () => 0)).toBe(5_000);
    expect(backoffWait(exact, 2, () => 0)).toBe(60_000);
  });
});

describe('retryDueAt', () => {
  it('adds the wait to the failure time', () => {
    const at = new Date('2026-01-01T00:00:00.000Z');
    expect(retryDueAt(schedule, at, 2, () => 0.5).toISOString()).toBe('2026-01-01T00:02:00.000Z');
  });
});
