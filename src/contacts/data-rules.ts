/**
 * The custom field rules (interface.md, "Custom field rules" 1–8) as pure functions. Every path that
 * writes a contact's `data` (contacts API, CSV import, and later send, track and workflows) turns its
 * input into a DataPatch here, so the rules hold the same way everywhere.
 */
import type { FieldType } from '../db/schema.ts';

/** Keys never stored from a `data` payload (rule 6); `plunk_*` are the spellings existing clients send. */
export const RESERVED_DATA_KEYS: ReadonlySet<string> = new Set([
  'id',
  'svc_id',
  'svc_email',
  'email',
  'unsubscribeUrl',
  'subscribeUrl',
  'manageUrl',
  // The web version link (beyond.md §11) is generated per email like the three above.
  'webVersionUrl',
  'plunk_id',
  'plunk_email',
  // Not a rule of the spec: a key that would rewrite an object's prototype is never useful data.
  '__proto__',
]);

/** What one write does to `data`: keys to replace, keys to delete, and values for this render only. */
export interface DataPatch {
  /** Keys written whole (rule 1: keys not named here keep their values). */
  set: Record<string, unknown>;
  /** Keys deleted because the payload sent null (rule 3). */
  remove: string[];
  /** `{ value, persistent: false }` values: used for rendering, never stored (rule 5). */
  transient: Record<string, unknown>;
}

type Wrapped = { value: unknown; persistent: boolean };

/** `{ value, persistent }` and nothing else: the rule 5 wrapper (a `persistent: true` one is stored unwrapped). */
function isWrapped(v: unknown): v is Wrapped {
  if (!isPlainObject(v) || typeof v.persistent !== 'boolean' || !('value' in v)) return false;
  return Object.keys(v).length === 2;
}

/** A JSON object (not an array, not null). */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Nested objects are stored whole; their null members are dropped so both databases store the same
 * document (SQLite's json_patch drops them, PostgreSQL's || would keep them). The copy is made with
 * a stack of its own rather than by recursion, so no nesting depth can overflow the call stack.
 */
function dropNestedNulls(v: unknown): unknown {
  if (!isPlainObject(v)) return v;
  const root: Record<string, unknown> = {};
  const stack: Array<[Record<string, unknown>, Record<string, unknown>]> = [[v, root]];
  while (stack.length > 0) {
    const [from, to] = stack.pop()!;
    for (const [k, inner] of Object.entries(from)) {
      // `__proto__` is skipped, so every assignment below defines a plain own property.
      if (inner === null || k === '__proto__') continue;
      if (isPlainObject(inner)) {
        const copy: Record<string, unknown> = {};
        to[k] = copy;
        stack.push([inner, copy]);
      } else to[k] = inner;
    }
  }
  return root;
}

/**
 * Applies rules 1–7 to a `data` payload: null deletes, "" is ignored, reserved and empty keys are
 * dropped silently, `{ value, persistent: false }` is transient, anything else (locale and nested
 * objects included) is stored. The caller has already checked that `input` is an object.
 */
export function toDataPatch(input: Record<string, unknown>): DataPatch {
  const set: [string, unknown][] = [];
  const remove: string[] = [];
  const transient: [string, unknown][] = [];
  for (const [key, raw] of Object.entries(input)) {
    if (key === '' || RESERVED_DATA_KEYS.has(key) || raw === undefined) continue;
    let value: unknown = raw;
    if (isWrapped(raw)) {
      if (!raw.persistent) {
        transient.push([key, raw.value]);
        continue;
      }
      value = raw.value;
    }
    if (value === null) remove.push(key);
    else if (value !== '' && value !== undefined) set.push([key, dropNestedNulls(value)]);
  }
  // fromEntries defines own properties, so even odd keys cannot reach a prototype.
  return { set: Object.fromEntries(set), remove, transient: Object.fromEntries(transient) };
}

/** True when the patch changes nothing whatever the contact holds. */
export function isEmptyPatch(p: DataPatch): boolean {
  return p.remove.length === 0 && Object.keys(p.set).length === 0;
}

/** The stored object after a patch (the databases apply the same through DialectSql.json.patch). */
export function applyDataPatch(current: Record<string, unknown>, p: DataPatch): Record<string, unknown> {
  const next: Record<string, unknown> = { ...current };
  for (const key of p.remove) delete next[key];
  return Object.assign(next, p.set);
}

/** True when applying the patch would leave `current` as it is (values compared as JSON). */
export function patchChangesNothing(current: Record<string, unknown>, p: DataPatch): boolean {
  if (p.remove.some((k) => Object.hasOwn(current, k))) return false;
  for (const [k, v] of Object.entries(p.set)) {
    const old = current[k];
    if (old === v) continue;
    if (typeof v !== 'object' || typeof old !== 'object' || JSON.stringify(old) !== JSON.stringify(v)) return false;
  }
  return true;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{3})?Z$/;

/** `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS[.sss]Z` naming a real calendar day and time. */
export function isIsoDate(s: string): boolean {
  const m = ISO_DAY.exec(s) ?? ISO_INSTANT.exec(s);
  if (!m) return false;
  const [y, mo, d, h = 0, mi = 0, sec = 0] = m
    .slice(1)
    .filter((x) => x !== undefined)
    .map(Number) as number[];
  const t = new Date(Date.UTC(y!, mo! - 1, d!, h, mi, sec));
  // Date.UTC rolls 2026-02-30 over into March; a real date survives the round trip.
  return (
    t.getUTCFullYear() === y && t.getUTCMonth() === mo! - 1 && t.getUTCDate() === d && h < 24 && mi < 60 && sec < 60
  );
}

/** The type a value would fix for its key (rule 8); undefined for null, which fixes nothing. */
export function inferType(value: unknown): FieldType | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'string' && isIsoDate(value)) return 'date';
  return 'string';
}

/** A key that the fields API can address by dotted path: no dots or double quotes inside. */
export function isAddressableKey(key: string): boolean {
  return key !== '' && !key.includes('.') && !key.includes('"');
}

/**
 * The field types a set of stored values proposes, by dotted path: nested objects contribute their
 * leaves (`profile.tier`), so segments and the fields API can reach them. Keys that a dotted path
 * cannot address are left out.
 */
export function fieldTypesOf(set: Record<string, unknown>, prefix = ''): { key: string; type: FieldType }[] {
  const out: { key: string; type: FieldType }[] = [];
  // Depth first in key order, as a recursion would go, but on a stack of its own (any depth is safe).
  const stack: { key: string; value: unknown }[] = [];
  const pushMembers = (obj: Record<string, unknown>, at: string) => {
    const entries = Object.entries(obj).filter(([k]) => isAddressableKey(k));
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ key: at + entries[i]![0], value: entries[i]![1] });
  };
  pushMembers(set, prefix);
  while (stack.length > 0) {
    const { key, value } = stack.pop()!;
    if (isPlainObject(value)) pushMembers(value, `${key}.`);
    else {
      const type = inferType(value);
      if (type) out.push({ key, type });
    }
  }
  return out;
}
