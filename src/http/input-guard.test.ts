// Invariant: the edge walk finds every string the databases refuse (NUL, unpaired surrogates), in
// values and keys, and every shape past the limits, naming its path; it never recurses, so no input
// can overflow the stack while it looks.
import { describe, expect, it } from 'vitest';
import { findInputProblem } from './input-guard.ts';

const limits = { maxDepth: 32, maxKeys: 1000 };

describe('findInputProblem', () => {
  it('accepts ordinary JSON, paired surrogates (emoji) included', () => {
    expect(findInputProblem({ a: [1, 'x', { b: '😀', c: null }], d: true }, limits)).toBeUndefined();
  });

  it('names NUL and unpaired surrogates in values and keys by their path', () => {
    expect(findInputProblem({ a: [{ b: 'x\u0000' }] }, limits)).toMatchObject({
      field: 'a.0.b',
      code: 'INVALID_CHARACTERS',
    });
    expect(findInputProblem({ a: '\ud800' }, limits)?.field).toBe('a');
    expect(findInputProblem({ a: 'x\udc00y' }, limits)?.field).toBe('a');
    expect(findInputProblem({ data: { 'k\u0000': 1 } }, limits)?.field).toBe('data.k\\u0000');
    expect(findInputProblem({ data: { '\ud83d': 1 } }, limits)?.field).toBe('data.\\ud83d');
    expect(findInputProblem('\u0000', limits)?.field).toBe('(root)');
  });

  it('names a number that overflowed to Infinity by its path (JSON.parse turns 1e400 into Infinity)', () => {
    expect(findInputProblem(JSON.parse('{"data":{"score":1e400}}'), limits)).toMatchObject({
      field: 'data.score',
      code: 'INVALID_NUMBER',
    });
    expect(findInputProblem({ p: { x: 1, y: [-Infinity] } }, limits)?.field).toBe('p.y.0');
    expect(findInputProblem({ n: Number.MAX_VALUE, m: -1e308 }, limits)).toBeUndefined();
  });

  it('refuses nesting past the depth limit and objects past the key limit', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 33; i++) deep = { n: deep };
    expect(findInputProblem(deep, limits)).toMatchObject({ code: 'TOO_DEEP' });
    let ok: unknown = 1;
    for (let i = 0; i < 32; i++) ok = [ok];
    expect(findInputProblem(ok, limits)).toBeUndefined();
    const wide = { data: Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, i])) };
    expect(findInputProblem(wide, limits)).toMatchObject({ field: 'data', code: 'TOO_MANY_KEYS' });
  });

  it('walks a million-deep value without overflowing the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 1_000_000; i++) deep = [deep];
    expect(findInputProblem(deep, { maxDepth: 2_000_000, maxKeys: 10 })).toBeUndefined();
  });
});
