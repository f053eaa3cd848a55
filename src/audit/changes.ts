/**
 * What an audit entry says changed: the top-level fields of a resource's view whose value differs
 * between before and after, each as [before, after]. Secrets never reach an entry: a field named like
 * one (or a value shaped like a key) is kept only as the fact that it changed, and long values are cut
 * so one entry stays small whatever a template weighs.
 */

export type Changes = Record<string, [unknown, unknown]>;

export const REDACTED = '[redacted]';

/** Field names that hold secrets or key material anywhere in the API's views. */
const SECRET_FIELD = /secret|password|passwd|token|apikey|privatekey|publickey|credential|authorization|dkim/i;
/** Values that are key material whatever their field is called (sk_, pk_, whsec_ keys). */
const SECRET_VALUE = /^(sk|pk|whsec)_[A-Za-z0-9_-]{8,}/;
/** Fields that change with every write and say nothing about what was changed. */
const VOLATILE = new Set(['createdAt', 'updatedAt', 'lastUsedAt', 'lastCheckedAt', 'stats', 'etag']);

const MAX_STRING = 4000;
const MAX_DEPTH = 6;
const MAX_ITEMS = 200;

/** A copy of `value` with secrets redacted and long strings and lists cut. */
export function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    if (SECRET_VALUE.test(value)) return REDACTED;
    return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}… (${value.length} characters)` : value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => scrub(v, depth + 1));
    if (value.length > MAX_ITEMS) items.push(`… (${value.length - MAX_ITEMS} more)`);
    return items;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_FIELD.test(k) ? REDACTED : scrub(v, depth + 1);
  return out;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * The fields that differ between two views (undefined: the resource did not exist then). A secret
 * field that changed reads [redacted, redacted]; undefined when nothing differs.
 */
export function diffViews(before: unknown, after: unknown): Changes | undefined {
  const a = asRecord(before);
  const b = asRecord(after);
  const changes: Changes = {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const was = a[key] ?? null;
    const now = b[key] ?? null;
    if (VOLATILE.has(key) || key === 'id' || same(was, now)) continue;
    changes[key] = SECRET_FIELD.test(key) ? [REDACTED, REDACTED] : [scrub(was), scrub(now)];
  }
  return Object.keys(changes).length > 0 ? changes : undefined;
}
