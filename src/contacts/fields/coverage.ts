/**
 * Field coverage (`GET /contacts/fields`): the share of contacts having each custom field set. A
 * project up to EXACT_MAX contacts is counted live; a larger one is answered from the exact figures a
 * job computed (in slices that yield the event loop), at most MAX_AGE_MS old before a recount is
 * queued, and from a sample of the newest contacts until the first count is done. `coverageInfo`
 * says which. Imports keep stored figures current: they add what each batch changed, and store exact
 * ones before writing into a small project, so a project an import grew has figures at once.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fromJson } from '../../db/codecs.ts';
import type { DialectSql } from '../../db/dialect.ts';
import type { Executor } from '../../db/index.ts';
import type { Deps } from '../../deps.ts';
import * as contacts from '../contacts.repo.ts';
import { type CoverageChange, isEmptyCoverageChange } from './coverage-delta.ts';
import { STANDARD_FIELDS } from './field-names.ts';
import * as repo from './fields.repo.ts';
import type { CoverageInfo, FieldList } from './fields.schemas.ts';

export const COVERAGE_JOB = 'contact.fields.coverage';
/** Projects up to this size are counted on every request (a few milliseconds). */
export const EXACT_MAX = 10_000;
/** Until the first exact count exists, shares are taken among this many newest contacts. */
export const SAMPLE = 5_000;
/** Figures older than this are still served, and a recount is queued. */
export const MAX_AGE_MS = 10 * 60 * 1000;
/** Contacts counted per statement by the job. */
const SLICE = 5_000;
/** SQLite allows 2000 result columns; stay far below it per coverage query. */
const FIELDS_PER_QUERY = 200;

type ReadDeps = Pick<Deps, 'reader' | 'dialect' | 'jobs' | 'clock'>;

/** Counts, for every key, the contacts of `range` having it set, FIELDS_PER_QUERY keys per statement. */
async function countKeys(
  deps: Pick<Deps, 'reader' | 'dialect'>,
  projectId: string,
  keys: string[],
  range?: repo.CoverageRange,
) {
  let total = 0;
  const counts: Record<string, number> = {};
  for (let i = 0; i === 0 || i < keys.length; i += FIELDS_PER_QUERY) {
    const chunk = keys.slice(i, i + FIELDS_PER_QUERY);
    const paths = chunk.map((k) => k.split('.'));
    const r = await repo.countFieldCoverage(deps.reader, deps.dialect, projectId, paths, range);
    total = r.total;
    chunk.forEach((k, j) => {
      counts[k] = r.counts[j]!;
    });
  }
  return { total, counts };
}

/** Standard fields, then custom fields by key, each with the share of contacts that have it set. */
export async function listFields(deps: ReadDeps, projectId: string): Promise<FieldList> {
  const custom = await repo.listFieldTypes(deps.reader, projectId);
  const keys = custom.map((f) => f.key);
  const size = await contacts.countContacts(deps.reader, projectId);
  const now = deps.clock.now();
  let info: CoverageInfo;
  let counts: Record<string, number>;
  if (size <= EXACT_MAX) {
    const live = await countKeys(deps, projectId, keys);
    info = { method: 'live', computedAt: now.toISOString(), contacts: live.total };
    counts = live.counts;
  } else {
    const cached = await repo.findFieldCoverage(deps.reader, projectId);
    const age = cached ? now.getTime() - new Date(cached.computedAt).getTime() : Number.POSITIVE_INFINITY;
    if (age > MAX_AGE_MS)
      await deps.jobs.enqueue(COVERAGE_JOB, { projectId }, { jobKey: `${COVERAGE_JOB}:${projectId}` });
    if (cached) {
      info = { method: 'cached', computedAt: cached.computedAt, contacts: Number(cached.total) };
      counts = fromJson<Record<string, number>>(cached.counts);
    } else {
      const sample = await countKeys(deps, projectId, keys, { newest: SAMPLE });
      info = { method: 'sample', computedAt: now.toISOString(), contacts: sample.total };
      counts = sample.counts;
    }
  }
  const share = (n: number | undefined) => (info.contacts === 0 ? 0 : Math.min(1, (n ?? 0) / info.contacts));
  return {
    fields: [
      ...STANDARD_FIELDS.map((f) => ({ ...f, isCustom: false, coverage: info.contacts === 0 ? 0 : 1 })),
      ...custom.map((f) => ({ field: `data.${f.key}`, type: f.type, isCustom: true, coverage: share(counts[f.key]) })),
    ],
    coverageInfo: info,
  };
}

/**
 * The coverage job: counts the whole project slice by slice (yielding between slices, so requests
 * keep flowing) and stores the figures. Safe to run twice: the last run's figures win.
 */
export async function computeFieldCoverage(deps: Pick<Deps, 'db' | 'reader' | 'dialect' | 'clock'>, projectId: string) {
  const startedAt = deps.clock.now();
  const keys = (await repo.listFieldTypes(deps.reader, projectId)).map((f) => f.key);
  const totals: Record<string, number> = Object.fromEntries(keys.map((k) => [k, 0]));
  let total = 0;
  let afterId: string | undefined;
  for (;;) {
    const upToId = await repo.findSliceEnd(deps.reader, projectId, afterId, SLICE);
    if (!upToId) break;
    const r = await countKeys(deps, projectId, keys, { afterId, upToId });
    total += r.total;
    for (const k of keys) totals[k]! += r.counts[k] ?? 0;
    afterId = upToId;
    await nextTurn();
  }
  await repo.upsertFieldCoverage(deps.db, { projectId, total, counts: totals, computedAt: startedAt });
}

/** The recorded keys and every dotted key above one (`profile` for `profile.tier`): what a write can change. */
function keysWithParents(keys: string[]): string[] {
  const out = new Set<string>();
  for (const key of keys) {
    const parts = key.split('.');
    for (let i = 1; i <= parts.length; i++) out.add(parts.slice(0, i).join('.'));
  }
  return [...out];
}

/**
 * Before a bulk write (an import) into a project of up to EXACT_MAX contacts: stores its exact
 * coverage, counted now (a few milliseconds), so that the write's changes, added by `addToCoverage`,
 * keep it exact and GET /contacts/fields answers from it at once when the write took the project past
 * EXACT_MAX. A larger project keeps the figures it has (if any): they only get the changes added.
 */
export async function storeCoverageBeforeBulkWrite(
  deps: Pick<Deps, 'db' | 'reader' | 'dialect' | 'clock'>,
  projectId: string,
): Promise<void> {
  if ((await contacts.countContacts(deps.reader, projectId)) > EXACT_MAX) return;
  const computedAt = deps.clock.now();
  const keys = keysWithParents((await repo.listFieldTypes(deps.reader, projectId)).map((f) => f.key));
  const { total, counts } = await countKeys(deps, projectId, keys);
  await repo.upsertFieldCoverage(deps.db, { projectId, total, counts, computedAt });
}

/** Adds a bulk write's change to the project's stored coverage (none stored: nothing); pass the write's transaction. */
export async function addToCoverage(
  deps: { db: Executor; dialect: DialectSql },
  projectId: string,
  change: CoverageChange,
): Promise<void> {
  if (!isEmptyCoverageChange(change)) await repo.addToFieldCoverage(deps.db, deps.dialect, projectId, change);
}

/** The coverage job's handler; the payload carries only the project id. */
export function coverageTasks(deps: Pick<Deps, 'db' | 'reader' | 'dialect' | 'clock'>) {
  return {
    [COVERAGE_JOB]: async (payload: Record<string, unknown>) => computeFieldCoverage(deps, String(payload.projectId)),
  };
}
