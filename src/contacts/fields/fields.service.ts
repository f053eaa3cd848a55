/** Custom fields: type recording on write (with the per-project cap), values, usage and removal. Coverage: coverage.ts. */
import type { Executor } from '../../db/index.ts';
import type { FieldType } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { invalid, notFound } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { findUsage } from '../../lib/usage.ts';
import { queueBulkJob } from '../bulk/bulk.service.ts';
import { countContacts } from '../contacts.repo.ts';
import { type FieldRef, parseFieldName } from './field-names.ts';
import * as repo from './fields.repo.ts';
import type { FieldDeleted, FieldUsage, FieldValues } from './fields.schemas.ts';

/**
 * The field types of `set` that the project has not recorded yet, to insert in the write's
 * transaction (then `rememberFieldTypes` after it commits). Reads the database only when the
 * in-memory list lacks a key. 422 TOO_MANY_FIELDS when they would take the project past its cap.
 */
export async function newFieldTypes(
  deps: Pick<Deps, 'reader' | 'fieldTypes' | 'config'>,
  projectId: string,
  types: { key: string; type: FieldType }[],
): Promise<{ key: string; type: FieldType }[]> {
  if (types.length === 0) return [];
  // A key missing from the held list may have been recorded by another process: read them all again.
  const known = await deps.fieldTypes.read(deps.reader, projectId, (held) => types.every((t) => held.has(t.key)));
  const fresh = types.filter((t) => !known.has(t.key));
  if (fresh.length > 0 && known.size + fresh.length > deps.config.maxCustomFields) {
    throw invalid(
      `data.${fresh[0]!.key}`,
      `the project already has ${known.size} of its ${deps.config.maxCustomFields} custom fields; delete unused fields first`,
      'TOO_MANY_FIELDS',
    );
  }
  return fresh;
}

/** Records types for keys that have none yet (a key's first type wins); pass the write's transaction. */
export async function recordFieldTypes(
  deps: { db: Executor; clock: Clock },
  projectId: string,
  types: { key: string; type: FieldType }[],
): Promise<void> {
  await repo.insertFieldTypes(deps.db, projectId, types, deps.clock.now());
}

/** After the write that recorded `types` committed: later writes with these keys skip the check. */
export function rememberFieldTypes(deps: Pick<Deps, 'fieldTypes'>, projectId: string, types: { key: string }[]): void {
  const known = deps.fieldTypes.get(projectId);
  if (known) for (const t of types) known.add(t.key);
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
  deps: Pick<Deps, 'reader' | 'dialect'>,
  projectId: string,
  name: string,
  limit: number,
): Promise<FieldValues> {
  const ref = customOrThrow(name, 'values are listed for custom fields only');
  if ((await repo.findFieldTypes(deps.reader, projectId, ref.key)).length === 0) throw notFound('FIELD');
  const opts = { limit, sample: VALUES_SAMPLE };
  const rows = await repo.listDistinctValues(deps.reader, deps.dialect, projectId, ref.path, opts);
  return {
    field: ref.field,
    values: rows.slice(0, limit).map((r) => JSON.parse(r.value) as unknown),
    hasMore: rows.length > limit,
    sampleSize: VALUES_SAMPLE,
  };
}

/** Distinct values are read from this many newest contacts, so the answer stays fast at any size. */
export const VALUES_SAMPLE = 10_000;

/** Segments, campaigns and workflows referencing the field (empty lists for a field nothing uses). */
export async function getFieldUsage(
  deps: Pick<Deps, 'fieldUsage'>,
  projectId: string,
  name: string,
): Promise<FieldUsage> {
  return findUsage<FieldUsage>(deps.fieldUsage, projectId, parseOrThrow(name).field, {
    segments: [],
    campaigns: [],
    workflows: [],
  });
}

/**
 * Deletes a custom field: it leaves the project's field list (and its type is forgotten, so a later
 * value fixes it afresh) at once, and a bulk job removes the key from the contacts not written since
 * (field-delete.ts). 404 when the project has no such field.
 */
export async function deleteField(
  deps: Pick<Deps, 'db' | 'jobs' | 'clock' | 'fieldTypes'>,
  projectId: string,
  name: string,
): Promise<FieldDeleted> {
  const ref = customOrThrow(name, 'it cannot be deleted');
  // Every process must check the database again before trusting that a key is recorded.
  const jobId = await deps.fieldTypes.writing(deps.db, projectId, async (trx) => {
    const known = await repo.findFieldTypes(trx, projectId, ref.key);
    if (known.length === 0) throw notFound('FIELD');
    await repo.deleteFieldTypes(
      trx,
      projectId,
      known.map((k) => k.key),
    );
    // Conditions on the field match nothing from now on (audience compile), negated ones included.
    await repo.upsertDeletedField(trx, projectId, ref.key, deps.clock.now());
    const total = await countContacts(trx, projectId);
    const id = await queueBulkJob(deps, trx, {
      projectId,
      action: 'deleteField',
      contactIds: [],
      field: ref.field,
      total,
    });
    return id;
  });
  return { field: ref.field, jobId, status: 'queued' };
}

/** The project's recorded custom field types by dotted key (`plan`, `profile.tier`): what filters check against. */
export async function getFieldTypes(deps: Pick<Deps, 'reader'>, projectId: string): Promise<Map<string, FieldType>> {
  const rows = await repo.listFieldTypes(deps.reader, projectId);
  return new Map(rows.map((r) => [r.key, r.type]));
}

/** The keys DELETE /contacts/fields removed from the project (whether recorded again since or not). */
export async function getDeletedFields(deps: Pick<Deps, 'reader'>, projectId: string): Promise<Set<string>> {
  return new Set(await repo.listDeletedFieldKeys(deps.reader, projectId));
}
