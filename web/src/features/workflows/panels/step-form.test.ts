// Invariant: a step form says every API error once, under its control or at the form's top.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client.ts';
import { sameJson, unshown } from './step-form.ts';

const apiError = (...fields: string[]) =>
  new ApiError(
    422,
    'VALIDATION_ERROR',
    'invalid',
    fields.map((field) => ({ field, message: 'is wrong' })),
  );

describe('unshown', () => {
  it('leaves to the controls the errors they show', () => {
    expect(unshown(apiError('config.url', 'config.headers[0]'), ['config.url', 'config.headers'])).toBeNull();
  });

  it('puts at the top an error no control shows, or one naming no field', () => {
    const e = apiError('config.url', 'steps');
    expect(unshown(e, ['config.url'])).toBe(e);
    const plain = new Error('offline');
    expect(unshown(plain, ['config.url'])).toBe(plain);
    expect(unshown(null, [])).toBeNull();
  });
});

describe('sameJson', () => {
  it('ignores key order at every depth but not array order', () => {
    expect(sameJson({ a: 1, b: { c: [1, 2], d: null } }, { b: { d: null, c: [1, 2] }, a: 1 })).toBe(true);
    expect(sameJson({ c: [1, 2] }, { c: [2, 1] })).toBe(false);
  });
});
