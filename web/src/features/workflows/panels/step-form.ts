/** Helpers of the step and trigger forms: which API errors no control shows, and config equality. Pure. */
import { ApiError } from '../../../api/client.ts';

/** JSON text with object keys sorted at every depth: equal for equal values whatever the key order. */
export function canonicalJson(value: unknown): string {
  const canon = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canon)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canon((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify(canon(value)) ?? 'undefined';
}

/** JSON equality whatever the key order (PostgreSQL's jsonb reorders keys). */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** The error for the form's top when no control shows it (controls show the fields under `prefixes`). */
export function unshown(error: unknown, prefixes: string[]): unknown {
  if (!error) return null;
  if (!(error instanceof ApiError) || error.errors.length === 0) return error;
  const shown = error.errors.every((e) =>
    prefixes.some((p) => e.field === p || e.field.startsWith(`${p}.`) || e.field.startsWith(`${p}[`)),
  );
  return shown ? null : error;
}
