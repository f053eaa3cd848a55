/**
 * The custom-field editor's logic: a contact's `data` as editable rows, and the rows back into the
 * PATCH payload the API expects (only changed keys; null deletes a key; "" would be ignored by the
 * API, so an empty value is refused here instead of silently doing nothing).
 */
import { activeLanguage } from '../../i18n/active-language.ts';
import { i18n } from '../../i18n/i18n.ts';
import { msg } from '../../i18n/msg.ts';

export type ValueKind = 'text' | 'number' | 'boolean' | 'date' | 'json';

export type FieldType = 'string' | 'number' | 'boolean' | 'date';

export interface DataRow {
  /** Stable identity for React keys and error lookups. */
  id: string;
  key: string;
  kind: ValueKind;
  /** The value as typed: "true"/"false" for booleans, YYYY-MM-DD for dates, JSON text for json. */
  value: string;
  /** The key this row had when loaded from the contact (undefined for a new row). */
  originalKey?: string;
}

export interface RowErrors {
  key?: string;
  value?: string;
}

/** Keys the API drops silently from any `data` payload; refused here so nothing vanishes unseen. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set([
  'id',
  'svc_id',
  'svc_email',
  'email',
  'unsubscribeUrl',
  'subscribeUrl',
  'manageUrl',
  'plunk_id',
  'plunk_email',
  '__proto__',
]);

/** Each kind's name: English messages, translated where shown. */
export const KIND_LABELS: Record<ValueKind, string> = {
  text: msg('Text'),
  number: msg('Number'),
  boolean: msg('Yes / No'),
  date: msg('Date'),
  json: msg('JSON'),
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

let counter = 0;
/** A fresh row id (unique within the page's lifetime). */
export function rowId(): string {
  counter += 1;
  return `row-${counter}`;
}

/** The editor kind that shows a stored value best. */
export function kindOf(value: unknown): ValueKind {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'string') return DAY.test(value) ? 'date' : 'text';
  return 'json';
}

/** The kind a new row for a known field of this type starts with. */
export function kindForFieldType(type: FieldType | undefined): ValueKind {
  switch (type) {
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    default:
      return 'text';
  }
}

function textOf(value: unknown, kind: ValueKind): string {
  if (kind === 'json') return JSON.stringify(value);
  return String(value);
}

/**
 * One row per key of the contact's data, in key order. A stored key's row has an id of its key, so
 * the same data gives the same rows (a form can tell that nothing changed).
 */
export function rowsFromData(data: Record<string, unknown>): DataRow[] {
  return Object.keys(data)
    .sort((a, b) => a.localeCompare(b, activeLanguage()))
    .map((key) => {
      const kind = kindOf(data[key]);
      return { id: `stored:${key}`, key, kind, value: textOf(data[key], kind), originalKey: key };
    });
}

/** A blank row, ready for typing. */
export function emptyRow(kind: ValueKind = 'text'): DataRow {
  return { id: rowId(), key: '', kind, value: kind === 'boolean' ? 'true' : '' };
}

/** Converts a row's text to the value sent; switching kind keeps what still makes sense. */
export function convertValue(value: string, from: ValueKind, to: ValueKind): string {
  if (from === to) return value;
  if (to === 'boolean') return /^(true|yes|1)$/i.test(value.trim()) ? 'true' : value.trim() === '' ? 'true' : 'false';
  if (to === 'date') return DAY.test(value.trim()) ? value.trim() : '';
  if (to === 'number') return Number.isFinite(Number(value)) && value.trim() !== '' ? value.trim() : '';
  if (to === 'json' && from === 'text') return value === '' ? '' : JSON.stringify(value);
  return value;
}

export type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

/** The value a row stands for, or why it cannot be sent. */
export function parseValue(kind: ValueKind, text: string): Parsed {
  switch (kind) {
    case 'text':
      return text === ''
        ? { ok: false, message: i18n.t('Enter a value, or remove the field.') }
        : { ok: true, value: text };
    case 'number': {
      const t = text.trim();
      const n = Number(t);
      // The examples stay as typed in every language: the box takes a dot for decimals.
      if (t === '' || !Number.isFinite(n)) return { ok: false, message: i18n.t('Enter a number, such as 42 or 9.5.') };
      return { ok: true, value: n };
    }
    case 'boolean':
      return { ok: true, value: text === 'true' };
    case 'date':
      if (!DAY.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`)))
        return { ok: false, message: i18n.t('Pick a date.') };
      return { ok: true, value: text };
    case 'json': {
      if (text.trim() === '') return { ok: false, message: i18n.t('Enter a value, or remove the field.') };
      try {
        const value = JSON.parse(text) as unknown;
        if (value === null) return { ok: false, message: i18n.t('null removes a field: use Remove instead.') };
        return { ok: true, value };
      } catch {
        return { ok: false, message: i18n.t('This is not valid JSON.') };
      }
    }
  }
}

/** Problems with a row's name, for new or renamed keys (stored keys are taken as they are). */
export function keyProblem(key: string, isNewName: boolean): string | undefined {
  if (key === '') return i18n.t('Name the field.');
  if (!isNewName) return undefined;
  if (RESERVED_KEYS.has(key)) return i18n.t('"{key}" is reserved by Mailwright and cannot be stored.', { key });
  if (key.includes('.')) return i18n.t('A field name cannot contain a dot (dots address nested values).');
  if (key.length > 100) return i18n.t('Keep the name under {max} characters.', { max: 100 });
  return undefined;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export interface DataPatchResult {
  /** The `data` of the PATCH (or POST) body: changed keys with their values, removed keys as null. */
  patch: Record<string, unknown>;
  /** Problems by row id; the patch must not be sent while there are any. */
  errors: Record<string, RowErrors>;
  /** True when there is nothing to send. */
  empty: boolean;
}

/** Turns the edited rows into the `data` patch against `original` (the contact's data when loaded). */
export function buildDataPatch(original: Record<string, unknown>, rows: DataRow[]): DataPatchResult {
  const errors: Record<string, RowErrors> = {};
  const patch: Record<string, unknown> = {};
  const seen = new Map<string, string>();
  for (const row of rows) {
    const key = row.key.trim();
    const problems: RowErrors = {};
    const renamedOrNew = row.originalKey === undefined || row.originalKey !== key;
    const kp = keyProblem(key, renamedOrNew);
    if (kp) problems.key = kp;
    else if (seen.has(key)) problems.key = i18n.t('This field is already in the list.');
    if (key) seen.set(key, row.id);
    const parsed = parseValue(row.kind, row.value);
    if (!parsed.ok) problems.value = parsed.message;
    if (problems.key || problems.value) {
      errors[row.id] = problems;
      continue;
    }
    if (parsed.ok && (!Object.hasOwn(original, key) || !same(original[key], parsed.value))) patch[key] = parsed.value;
  }
  for (const key of Object.keys(original)) {
    if (!seen.has(key)) patch[key] = null;
  }
  return { patch, errors, empty: Object.keys(patch).length === 0 };
}

/** Where a form's checks keep a row's problem (use-draft's `check` and `error`). */
export function rowField(id: string, part: keyof RowErrors): string {
  return `rows.${id}.${part}`;
}

/** The problems of buildDataPatch as a form's checks: one message per row and part. */
export function rowChecks(errors: Record<string, RowErrors>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(errors).flatMap(([id, e]) => [
      [rowField(id, 'key'), e.key],
      [rowField(id, 'value'), e.value],
    ]),
  );
}

/** A stored value as a short human text (tables, previews). */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? i18n.t('Yes') : i18n.t('No');
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}
