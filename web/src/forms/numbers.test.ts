import { describe, expect, it } from 'vitest';
import { integerText, optionalInteger } from './numbers.ts';

describe('numbers typed into inputs', () => {
  it('reads an optional whole number, passing anything else on for the API to judge', () => {
    expect(optionalInteger('')).toBeNull();
    expect(optionalInteger('  ')).toBeNull();
    expect(optionalInteger('25')).toBe(25);
    expect(optionalInteger('10,000')).toBe(10000);
    expect(optionalInteger('1.5')).toBe('1.5');
    expect(optionalInteger('-3')).toBe('-3');
    expect(integerText(null)).toBe('');
    expect(integerText(7)).toBe('7');
  });
});
