import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, layeredLayout } from './layout.ts';

const { nodeWidth, nodeHeight, gapX, gapY } = DEFAULT_LAYOUT;
const rowHeight = nodeHeight + gapY;
const pitch = nodeWidth + gapX;

/** No two steps of one row overlap. */
function expectNoOverlap(positions: Map<string, { x: number; y: number }>) {
  const all = [...positions.values()];
  for (const [i, a] of all.entries()) {
    for (const b of all.slice(i + 1)) {
      if (a.y === b.y) expect(Math.abs(a.x - b.x)).toBeGreaterThanOrEqual(nodeWidth + gapX - 1);
    }
  }
}

describe('layeredLayout', () => {
  it('puts a chain in one column, one row per step', () => {
    const p = layeredLayout(
      ['t', 'a', 'b'],
      [
        { from: 't', to: 'a' },
        { from: 'a', to: 'b' },
      ],
    );
    expect(p.get('t')).toEqual({ x: -nodeWidth / 2, y: 0 });
    expect(p.get('a')).toEqual({ x: -nodeWidth / 2, y: rowHeight });
    expect(p.get('b')).toEqual({ x: -nodeWidth / 2, y: 2 * rowHeight });
  });

  it('draws a condition’s yes to the left of its no, whatever order the edges come in', () => {
    const p = layeredLayout(
      ['t', 'c', 'no', 'yes'],
      [
        { from: 't', to: 'c' },
        { from: 'c', to: 'no', order: 1 },
        { from: 'c', to: 'yes', order: 0 },
      ],
    );
    expect(p.get('yes')!.y).toBe(2 * rowHeight);
    expect(p.get('no')!.y).toBe(2 * rowHeight);
    expect(p.get('yes')!.x).toBeLessThan(p.get('no')!.x);
    // Centred under the condition.
    expect((p.get('yes')!.x + p.get('no')!.x) / 2).toBe(p.get('c')!.x);
    expectNoOverlap(p);
  });

  it('keeps a branch’s chain under its branch', () => {
    const p = layeredLayout(
      ['t', 'c', 'y1', 'y2', 'n1'],
      [
        { from: 't', to: 'c' },
        { from: 'c', to: 'y1', order: 0 },
        { from: 'c', to: 'n1', order: 1 },
        { from: 'y1', to: 'y2' },
      ],
    );
    expect(p.get('y2')!.x).toBe(p.get('y1')!.x);
    expect(p.get('y2')!.y).toBe(3 * rowHeight);
  });

  it('puts an only child under the handle it leaves by', () => {
    const p = layeredLayout(
      ['t', 'wait', 'next'],
      [
        { from: 't', to: 'wait' },
        { from: 'wait', to: 'next', order: 0, anchor: -56 },
      ],
    );
    expect(p.get('next')!.x).toBe(p.get('wait')!.x - 56);
  });

  it('places a step below the deepest step leading to it', () => {
    const p = layeredLayout(
      ['t', 'a', 'b', 'join'],
      [
        { from: 't', to: 'a' },
        { from: 'a', to: 'b' },
        { from: 't', to: 'join' },
        { from: 'b', to: 'join' },
      ],
    );
    expect(p.get('join')!.y).toBe(3 * rowHeight);
  });

  it('lays out a cycle without looping, its back edge set aside', () => {
    const p = layeredLayout(
      ['t', 'wait', 'check'],
      [
        { from: 't', to: 'wait' },
        { from: 'wait', to: 'check' },
        { from: 'check', to: 'wait', order: 1 },
      ],
    );
    expect(p.get('wait')!.y).toBe(rowHeight);
    expect(p.get('check')!.y).toBe(2 * rowHeight);
  });

  it('places a cycle nothing leads into, and loose steps beside the trigger', () => {
    const p = layeredLayout(
      ['t', 'loose', 'x', 'y'],
      [
        { from: 'x', to: 'y' },
        { from: 'y', to: 'x' },
      ],
    );
    expect(p.size).toBe(4);
    expect(p.get('t')!.y).toBe(0);
    expect(p.get('loose')!.y).toBe(0);
    expect(p.get('t')!.x).toBeLessThan(p.get('loose')!.x);
    expect(new Set([p.get('x')!.y, p.get('y')!.y])).toEqual(new Set([0, rowHeight]));
    expectNoOverlap(p);
  });

  it('spreads a wide layer without overlaps, centred under its parent', () => {
    const kids = ['a', 'b', 'c', 'd', 'e'];
    const p = layeredLayout(
      ['t', ...kids],
      kids.map((k, i) => ({ from: 't', to: k, order: i })),
    );
    expectNoOverlap(p);
    const xs = kids.map((k) => p.get(k)!.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    expect(xs[2]).toBe(p.get('t')!.x);
    expect(xs[1]! - xs[0]!).toBe(pitch);
  });

  it('ignores self-loops and edges to unknown steps, and is deterministic', () => {
    const edges = [
      { from: 't', to: 't' },
      { from: 't', to: 'ghost' },
      { from: 't', to: 'a' },
    ];
    const first = layeredLayout(['t', 'a'], edges);
    expect(first.get('a')!.y).toBe(rowHeight);
    expect(layeredLayout(['t', 'a'], edges)).toEqual(first);
  });
});
