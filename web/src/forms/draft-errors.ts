/**
 * Pure pieces of a form's state (use-draft.ts): whether a draft changed, and which of the API's
 * refusals a field shows and which the form shows above its fields.
 */
import { ApiError, fieldError } from '../api/client.ts';

/** Whether two drafts hold the same values: plain data (objects, arrays, strings, numbers, booleans, null). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) => Object.hasOwn(b, k) && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

/**
 * The value at `path` inside a draft (`name`, `abTest.variants[1].subject`), and whether it is there:
 * a refusal of a nested field shows until that field changes.
 */
export function valueAt(draft: unknown, path: string): { found: boolean; value: unknown } {
  let value = draft;
  for (const part of path.split(/\.|\[(\d+)\]/).filter((p) => p !== undefined && p !== '')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, part)) return { found: false, value };
    value = (value as Record<string, unknown>)[part];
  }
  return { found: true, value };
}

/**
 * The API's message for `field`: from its `errors[]` (the field or one inside it), or the whole
 * error when its code belongs to the field (`codeFields`: a sender off the verified domains is the
 * sender's problem, though the API names no field).
 */
export function apiFieldError(
  error: unknown,
  field: string,
  codeFields: Record<string, string> = {},
): string | undefined {
  if (error instanceof ApiError && codeFields[error.code] === field) return error.message;
  return fieldError(error, field);
}

/** The error to show above the form: unless it names one of `fields`, whose own message shows under it. */
export function formLevelError(
  error: unknown,
  fields: readonly string[],
  codeFields: Record<string, string> = {},
): unknown {
  if (!error) return null;
  return fields.some((f) => apiFieldError(error, f, codeFields)) ? null : error;
}
