/**
 * How a write changes field coverage, as pure functions: which dotted keys a stored `data` object has
 * set (present and not null, as coverage counts them), and the per-key difference a write makes. A
 * bulk writer adds the sum to the stored coverage (fields.repo.ts `addToFieldCoverage`), so the
 * figures stay current without a recount.
 */
import { isAddressableKey, isPlainObject } from '../data-rules.ts';

/** Contacts added, and per dotted key the contacts that gained it (positive) or lost it (negative). */
export interface CoverageChange {
  total: number;
  counts: Record<string, number>;
}

export function emptyCoverageChange(): CoverageChange {
  return { total: 0, counts: {} };
}

/**
 * Adds ±1 for every dotted key set in `value`, stored at `key`: the key itself and, for an object,
 * every key under it. A key with a dot or a quote in it is skipped with what lies under it: its dotted
 * form would name another path.
 */
function addKeysOf(counts: Record<string, number>, key: string, value: unknown, sign: 1 | -1): void {
  const stack: [string, unknown][] = [[key, value]];
  while (stack.length > 0) {
    const [at, v] = stack.pop()!;
    if (v === null || v === undefined) continue;
    counts[at] = (counts[at] ?? 0) + sign;
    if (isPlainObject(v)) for (const k in v) if (isAddressableKey(k)) stack.push([`${at}.${k}`, v[k]]);
  }
}

/** Counts a new contact whose whole data is `data`. */
export function addNewContact(change: CoverageChange, data: Record<string, unknown>): void {
  change.total++;
  for (const key in data) if (isAddressableKey(key)) addKeysOf(change.counts, key, data[key], 1);
}

/**
 * Counts an existing contact whose top-level keys `written` went from their values in `before` to
 * those in `after` (values replaced whole, as a data patch replaces them).
 */
export function addChangedContact(
  change: CoverageChange,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  written: Iterable<string>,
): void {
  for (const key of written) {
    if (!isAddressableKey(key)) continue;
    addKeysOf(change.counts, key, before[key], -1);
    addKeysOf(change.counts, key, after[key], 1);
  }
}

/** True when the change moves no figure. */
export function isEmptyCoverageChange(change: CoverageChange): boolean {
  return change.total === 0 && Object.values(change.counts).every((n) => n === 0);
}
