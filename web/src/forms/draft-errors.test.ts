// Invariant: a refusal shows once, under the field it names, or above the form when it names none of them.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { apiFieldError, formLevelError, sameValue, valueAt } from './draft-errors.ts';

const refusal = (code: string, errors: Array<{ field: string; message: string }> = []) =>
  new ApiError(422, code, `${code} said`, errors);

describe('a form draft', () => {
  it('compares plain data by value', () => {
    expect(sameValue({ a: 1, b: ['x', { c: null }] }, { b: ['x', { c: null }], a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue(['a'], { 0: 'a' })).toBe(false);
    expect(sameValue({ a: '' }, { a: ' ' })).toBe(false);
    expect(sameValue(null, {})).toBe(false);
  });

  it('finds a nested field of a draft by its path', () => {
    const draft = { name: 'x', abTest: { variants: [{ subject: 'a' }, { subject: 'b' }] } };
    expect(valueAt(draft, 'name')).toEqual({ found: true, value: 'x' });
    expect(valueAt(draft, 'abTest.variants[1].subject')).toEqual({ found: true, value: 'b' });
    expect(valueAt(draft, 'abTest.variants[2].subject').found).toBe(false);
    expect(valueAt(draft, 'sendRatePerSecond').found).toBe(false);
  });

  it('shows a named field its message, and the form none', () => {
    const error = refusal('VALIDATION_ERROR', [{ field: 'signupForm.fields[0].key', message: 'taken' }]);
    expect(apiFieldError(error, 'signupForm')).toBe('taken');
    expect(apiFieldError(error, 'name')).toBeUndefined();
    expect(formLevelError(error, ['name', 'signupForm'])).toBeNull();
  });

  it('shows the form an error that names none of its fields', () => {
    const error = refusal('VALIDATION_ERROR', [{ field: 'elsewhere', message: 'no' }]);
    expect(formLevelError(error, ['name'])).toBe(error);
    expect(formLevelError(null, ['name'])).toBeNull();
  });

  it('gives a field the error whose code belongs to it', () => {
    const error = refusal('UNVERIFIED_DOMAIN');
    expect(apiFieldError(error, 'from', { UNVERIFIED_DOMAIN: 'from' })).toBe('UNVERIFIED_DOMAIN said');
    expect(formLevelError(error, ['from'], { UNVERIFIED_DOMAIN: 'from' })).toBeNull();
    expect(formLevelError(error, ['from'])).toBe(error);
  });
});
