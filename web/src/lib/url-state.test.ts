// Invariant: a filter change in the URL drops the page it was on, and the stack of earlier pages
// survives a round trip through the URL whatever the cursors contain.
import { describe, expect, it } from 'vitest';
import { formatBackStack, parseBackStack, patchSearchParams } from './url-state.ts';

describe('patchSearchParams', () => {
  it('sets and removes several params at once', () => {
    const next = patchSearchParams(new URLSearchParams('a=1&b=2'), { a: undefined, b: '3', c: 'x' });
    expect(next.toString()).toBe('b=3&c=x');
  });

  it('drops the page when a filter changes', () => {
    const next = patchSearchParams(new URLSearchParams('type=open&cursor=abc&back=%2Cdef'), { type: 'click' });
    expect(next.toString()).toBe('type=click');
  });

  it('keeps the page when a filter is set to the value it has', () => {
    const next = patchSearchParams(new URLSearchParams('type=open&cursor=abc'), { type: 'open' });
    expect(next.get('cursor')).toBe('abc');
  });

  it('moves the page without dropping it', () => {
    const next = patchSearchParams(new URLSearchParams('type=open&cursor=abc'), { cursor: 'def', back: ',abc' });
    expect(next.get('cursor')).toBe('def');
    expect(next.get('type')).toBe('open');
  });
});

describe('back stack', () => {
  it('round-trips cursors with commas and the empty first page', () => {
    const stack = ['', 'a,b', 'c%d'];
    expect(parseBackStack(formatBackStack(stack))).toEqual(stack);
  });

  it('reads a missing param as no earlier page', () => {
    expect(parseBackStack(null)).toEqual([]);
    expect(parseBackStack('')).toEqual([]);
  });
});
