/** Custom fields: type inference on write, and the project-wide fields API. */
import type { Executor } from '../../db/index.ts';
import type { FieldType } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { invalid, notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { fieldTypesOf } from '../data-rules.ts';
import { type FieldRef, parseFieldName, STANDARD_FIELDS } from './field-names.ts';
import { type FieldUsage, findFieldUsage } from './field-usage.ts';
import * as repo from './fields.repo.ts';

export interface FieldDescriptor {
  field: string;
  type: FieldType;
  isCustom: boolean;
  coverage: number;
}

/** SQLite allows 2000 result columns; stay far below it per coverage query. */
const COVERAGE_CHUNK = 200;

/** Fixes the type of every key in `set` not seen before in the project (rule 8); pass the write's transaction. */
export async function recordFieldTypes(
  deps: { db: Executor; clock: Clock },
  projectId: string,
  set: Record<string, unknown>,
): Promise<void> {
  await repo.insertFieldTypes(deps.db, projectId, fieldTypesOf(set), deps.clock.now());
}

/** Same as recordFieldTypes for types already worked out (the import computes them per batch). */
export async function recordKnownFieldTypes(
  deps: { db: Executor; clock: Clock },
  projectId: string,
  types: { key: string; type: FieldType }[],
): Promise<void> {
  await repo.insertFieldTypes(deps.db, projectId, types, deps.clock.now());
}

/** Standard fields, then custom fields by key, each with the share of contacts that have it set. */
export async function listFields(
  deps: Pick<Deps, 'db' | 'dialect'>,
  projectId: string,
): Promise<{ fields: FieldDescriptor[] }> {
  const custom = await repo.listFieldTypes(deps.db, projectId);
  let total = 0;
  const counts: number[] = [];
  for (let i = 0; i === 0 || i < custom.length; i += COVERAGE_CHUNK) {
    const chunk = custom.slice(i, i + COVERAGE_CHUNK).map((f) => f.key.split('.'));
    const r = await repo.countFieldCoverage(deps.db, deps.dialect, projectId, chunk);
    total = r.total;
    counts.push(...r.counts);
  }
  const share = (n: number) => (total === 0 ? 0 : n / total);
  return {
    fields: [
      ...STANDARD_FIELDS.map((f) => ({ ...f, isCustom: false, coverage: share(total) })),
      ...custom.map((f, i) => ({ field: `data.${f.key}`, type: f.type, isCustom: true, coverage: share(counts[i]!) })),
    ],
  };
}

function parseOrThrow(name: string): FieldRef {
  const parsed = parseFieldName(name);
  if (!parsed.ok) throw invalid('field', parsed.message);
  return parsed.ref;
}

function customOrThrow(name: string, action: string): Extract<FieldRef, { kind: 'custom' }> {
  const ref = parseOrThrow(name);
  if (ref.kind === 'standard')
    throw invalid('field', `"${ref.field}" is a standard field; ${action}`, 'STANDARD_FIELD');
  return ref;
}

/** Distinct values of a custom field, most frequent first, at most `limit`. 404 when the field is unknown. */
export async function listFieldValues(
  deps: Pick<Deps, 'db' | 'dialect'>,
  projectId: string,
  name: string,
  limit: number,
): Promise<{ field: string; values: unknown[]; hasMore: boolean }> {
  const ref = customOrThrow(name, 'values are listed for custom fields only');
  if ((await repo.findFieldTypes(deps.db, projectId, ref.key)).length === 0) throw notFound('FIELD');
  const rows = await repo.listDistinctValues(deps.db, deps.dialect, projectId, ref.path, limit);
  return {
    field: ref.field,
    values: rows.slice(0, limit).map((r) => JSON.parse(r.value) as unknown),
    hasMore: rows.length > limit,
  };
}

/** Segments, campaigns and workflows referencing the field (empty lists for a field nothing uses). */
export async function getFieldUsage(deps: Deps, projectId: string, name: string): Promise<FieldUsage> {
  return findFieldUsage(deps, projectId, parseOrThrow(name).field);
}

/**
 * Removes a custom field from every contact of the project (one UPDATE) and forgets its type, so a
 * later value fixes it afresh. 404 when neither any contact nor the type table knows the field.
 */
export async function deleteField(
  deps: Pick<Deps, 'db' | 'dialect' | 'clock'>,
  projectId: string,
  name: string,
): Promise<{ field: string; contactsUpdated: number }> {
  const ref = customOrThrow(name, 'it cannot be deleted');
  return deps.db.transaction().execute(async (trx) => {
    const known = await repo.findFieldTypes(trx, projectId, ref.key);
    const contactsUpdated = await repo.removeFieldFromContacts(
      trx,
      deps.dialect,
      projectId,
      ref.path,
      deps.clock.now(),
    );
    await repo.deleteFieldTypes(
      trx,
      projectId,
      known.map((k) => k.key),
    );
    if (known.length === 0 && contactsUpdated === 0) throw notFound('FIELD');
    return { field: ref.field, contactsUpdated };
  });
}
