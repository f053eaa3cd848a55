import { beforeAll, describe, expect, it } from 'vitest';
import { startEnglishForTests } from '../i18n/test-i18n.ts';
import { parseSample } from './sample-data.ts';

beforeAll(startEnglishForTests);

describe('sample data', () => {
  it('parses sample data as a JSON object only', () => {
    expect(parseSample('')).toEqual({ value: {} });
    expect(parseSample('{"a": 1}')).toEqual({ value: { a: 1 } });
    expect(parseSample('[1]')).toEqual({ error: 'Sample data must be a JSON object, like {"firstName": "Ada"}.' });
    expect(parseSample('{a:')).toHaveProperty('error');
  });
});
