import { describe, expect, it } from 'vitest';
import { parseSample } from './sample-data.ts';

describe('sample data', () => {
  it('parses sample data as a JSON object only', () => {
    expect(parseSample('')).toEqual({ value: {} });
    expect(parseSample('{"a": 1}')).toEqual({ value: { a: 1 } });
    expect(parseSample('[1]')).toHaveProperty('error');
    expect(parseSample('{a:')).toHaveProperty('error');
  });
});
