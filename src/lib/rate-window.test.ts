// Invariant: a window is one whole unix second, and of the sends counted into it only the first `rate`
// (in counting order, across every worker) fit.
import { describe, expect, it } from 'vitest';
import { oldestKeptWindow, rateWindowAt, roomInWindow } from './rate-window.ts';

describe('rateWindowAt', () => {
  it('names a window by the second it starts at and ends it at the next', () => {
    expect(rateWindowAt(1_700_000_000_000)).toEqual({ start: 1_700_000_000, end: 1_700_000_001_000 });
    expect(rateWindowAt(1_700_000_000_999)).toEqual({ start: 1_700_000_000, end: 1_700_000_001_000 });
  });
});

describe('roomInWindow', () => {
  it('lets all of a batch through while the window has room', () => {
    expect(roomInWindow(10, 4, 4)).toBe(4);
    expect(roomInWindow(10, 10, 4)).toBe(4);
  });

  it('lets through only what the sends counted before left', () => {
    expect(roomInWindow(10, 12, 4)).toBe(2);
    expect(roomInWindow(3, 12, 12)).toBe(3);
  });

  it('lets nothing through once the window was full before the batch', () => {
    expect(roomInWindow(10, 14, 4)).toBe(0);
    expect(roomInWindow(1, 2, 1)).toBe(0);
  });
});

describe('oldestKeptWindow', () => {
  it('keeps the last minute of windows', () => {
    expect(oldestKeptWindow(1_700_000_000_500)).toBe(1_700_000_000 - 60);
  });
});
