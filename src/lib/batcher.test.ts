// Invariant: calls made together run as one group; a failing group runs each call alone, so a bad call
// fails only itself and every other caller gets its own value; a call is never grouped with another of
// the same key, a group never exceeds `max`, and the window mode sends a full group at once.
import { describe, expect, it } from 'vitest';
import { allOk, batcher, batchKind, createBatches } from './batcher.ts';

/** A batcher over numbers that records its groups and lone runs; `bad` numbers throw. */
function recording(
  opts: { max?: number; windowMs?: number; key?: (n: number) => string; split?: boolean; maxRunning?: number } = {},
) {
  const groups: number[][] = [];
  const alone: number[] = [];
  const check = (n: number) => {
    if (n < 0) throw new Error(`bad ${n}`);
    return n * 10;
  };
  const run = batcher<number, number>({
    max: opts.max ?? 100,
    maxRunning: opts.maxRunning,
    windowMs: opts.windowMs,
    key: opts.key,
    group: async (items) => {
      groups.push(items);
      // Takes a few turns, as a transaction does: calls made meanwhile find the group running.
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
      return allOk(items.map(check));
    },
    alone: async (n) => {
      alone.push(n);
      return check(n);
    },
    retryAlone: opts.split === false ? () => false : undefined,
  });
  return { run, groups, alone };
}

describe('batcher', () => {
  it('runs calls of one turn as one group and answers each with its own value', async () => {
    const b = recording();
    expect(await Promise.all([1, 2, 3].map(b.run))).toEqual([10, 20, 30]);
    expect(b.groups).toEqual([[1, 2, 3]]);
    expect(b.alone).toEqual([]);
  });

  it('runs a lone call alone', async () => {
    const b = recording();
    expect(await b.run(4)).toBe(40);
    expect(b.groups).toEqual([]);
    expect(b.alone).toEqual([4]);
  });

  it('fails only the failing call of a failed group: the others run again alone and succeed', async () => {
    const b = recording();
    const outcomes = await Promise.allSettled([1, -2, 3].map(b.run));
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 10 },
      { status: 'rejected', reason: new Error('bad -2') },
      { status: 'fulfilled', value: 30 },
    ]);
    expect(b.groups).toEqual([[1, -2, 3]]);
    expect(b.alone.sort()).toEqual([-2, 1, 3]);
  });

  it('gives every call the group’s error when that error is not worth running each alone', async () => {
    const b = recording({ split: false });
    const outcomes = await Promise.allSettled([1, -2].map(b.run));
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(b.alone).toEqual([]);
  });

  it('fails one call by its outcome while the rest of its group succeeds', async () => {
    const run = batcher<number, number>({
      max: 10,
      group: async (items) =>
        items.map((n) => (n === 2 ? { ok: false, error: new Error('lost') } : { ok: true, value: n })),
      alone: async (n) => n,
    });
    const outcomes = await Promise.allSettled([1, 2, 3].map(run));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('keeps calls of the same key in separate groups and groups within max', async () => {
    const b = recording({ max: 2, key: (n) => String(n % 3) });
    await Promise.all([1, 4, 2, 3, 5].map(b.run));
    for (const g of b.groups) {
      expect(g.length).toBeLessThanOrEqual(2);
      expect(new Set(g.map((n) => n % 3)).size).toBe(g.length);
    }
    expect([...b.groups.flat(), ...b.alone].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('in window mode waits for more calls, and sends a full group at once', async () => {
    const b = recording({ max: 3, windowMs: 10_000 });
    const full = Promise.all([1, 2, 3].map(b.run));
    expect(await full).toEqual([10, 20, 30]);
    const timed = recording({ max: 100, windowMs: 5 });
    const first = timed.run(1);
    await new Promise((resolve) => setImmediate(resolve));
    const second = timed.run(2);
    expect(await Promise.all([first, second])).toEqual([10, 20]);
    expect(timed.groups).toEqual([[1, 2]]);
  });
});

describe('batcher with maxRunning', () => {
  it('lets calls made while a group runs wait and go together in the next one', async () => {
    const b = recording({ maxRunning: 1 });
    const first = [1, 2].map(b.run);
    await new Promise((resolve) => setImmediate(resolve));
    // One turn apart each: without the cap, each would start a group of its own.
    const later: Promise<number>[] = [];
    for (const n of [3, 4, 5]) {
      later.push(b.run(n));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all([...first, ...later])).toEqual([10, 20, 30, 40, 50]);
    expect(b.groups).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it('still runs every call when a group fails under the cap', async () => {
    const b = recording({ maxRunning: 1 });
    const first = [1, -2].map((n) => b.run(n).catch((e: Error) => e.message));
    await new Promise((resolve) => setImmediate(resolve));
    const later = [3, 4].map(b.run);
    expect(await Promise.all([...first, ...later])).toEqual([10, 'bad -2', 30, 40]);
  });
});

describe('createBatches', () => {
  it('keeps one batch per kind in each Batches, made with the first call’s context', async () => {
    const made: string[] = [];
    const kind = batchKind((name: string) => {
      made.push(name);
      return { max: 10, group: async (items: number[]) => allOk(items), alone: async (n: number) => n };
    });
    const a = createBatches();
    const b = createBatches();
    await Promise.all([a.add(kind, 'a', 1), a.add(kind, 'a2', 2), b.add(kind, 'b', 3)]);
    expect(made).toEqual(['a', 'b']);
  });
});
