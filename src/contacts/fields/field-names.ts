/** Field names as the API spells them: standard fields by plain name, custom fields as `data.<dotted.path>`. */
import type { FieldType } from '../../db/schema.ts';

/** Contact attributes outside `data`, with their types (createdAt/updatedAt are ISO dates). */
export const STANDARD_FIELDS: readonly { field: string; type: FieldType }[] = [
  { field: 'email', type: 'string' },
  { field: 'subscribed', type: 'boolean' },
  { field: 'createdAt', type: 'date' },
  { field: 'updatedAt', type: 'date' },
];

export type FieldRef =
  | { kind: 'standard'; field: string; type: FieldType }
  | { kind: 'custom'; field: string; key: string; path: string[] };

export type ParsedField = { ok: true; ref: FieldRef } | { ok: false; message: string };

const MAX_FIELD = 256;

/**
 * Reads `data.plan`, `data.profile.tier`, a plain custom key (`plan`) or a standard field (`email`).
 * Path steps must be non-empty and free of double quotes and control characters.
 */
export function parseFieldName(name: string): ParsedField {
  if (name.length === 0 || name.length > MAX_FIELD) {
    return { ok: false, message: `must be 1 to ${MAX_FIELD} characters` };
  }
  const standard = STANDARD_FIELDS.find((f) => f.field === name);
  if (standard) return { ok: true, ref: { kind: 'standard', ...standard } };
  const key = name.startsWith('data.') ? name.slice('data.'.length) : name;
  const path = key.split('.');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (path.some((step) => step === '' || step.includes('"') || /[\u0000-\u001f]/.test(step))) {
    return { ok: false, message: 'must be a field name such as "email" or "data.plan" (dots separate nested keys)' };
  }
  return { ok: true, ref: { kind: 'custom', field: `data.${key}`, key, path } };
}
