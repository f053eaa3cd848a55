/**
 * Segments: create, read, patch, delete, list, the contacts page, refresh and compute. A DYNAMIC
 * segment stores its normalised filter (either body form, checked against the project: fields,
 * operators, referenced segments, no self-reference); a STATIC one stores none and has member rows.
 * Every write forgets the project's tracked-segments cache entry, here and in other processes.
 */
import { type SqlBool, sql } from 'kysely';
import { toContactView } from '../contacts/contact-view.ts';
import { fromJson, toBool, toJson } from '../db/codecs.ts';
import type { Trx } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import { conflict, invalid, notFound } from '../errors.ts';
import { pageInfo, resolvePage } from '../http/pages.ts';
import { isUuid, newId } from '../lib/ids.ts';
import { countAudience, listAudiencePage } from './audience.repo.ts';
import { loadFilterEnv, segmentCondition } from './audience.ts';
import { checkFilter, filterReferences } from './filters/check.ts';
import { compileFilter } from './filters/compile.ts';
import { parseFilterInput, toConditionForm, toFiltersForm } from './filters/parse.ts';
import type { FilterGroup } from './filters/tree.ts';
import { computeMembership, countSegment, type MembershipDeps } from './membership.ts';
import * as repo from './segments.repo.ts';
import type {
  ComputeResult,
  CreateSegmentBody,
  PreviewSegmentBody,
  SegmentContactsPage,
  SegmentContactsQuery,
  SegmentPreview,
  SegmentView,
  UpdateSegmentBody,
} from './segments.schemas.ts';

type WriteDeps = Pick<Deps, 'db' | 'reader' | 'dialect' | 'clock' | 'trackedSegments' | 'topics'>;

/** Runs a segment write with the project's tracked segments forgotten in every process (db/project-cache.ts). */
function writeSegment<T>(deps: WriteDeps, projectId: string, write: (trx: Trx) => Promise<T>): Promise<T> {
  return deps.trackedSegments.writing(deps.db, projectId, write);
}

/** The API shape of a segment row: `filters` when the contract form can express the filter, `condition` always. */
export function toSegmentView(row: repo.SegmentRow): SegmentView {
  const tree = row.filter === null ? null : fromJson<FilterGroup>(row.filter);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    filters: tree ? (toFiltersForm(tree) ?? null) : null,
    condition: tree ? toConditionForm(tree) : null,
    trackMembership: toBool(row.trackMembership),
    memberCount: Number(row.memberCount),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The segment row of the project; 404 SEGMENT_NOT_FOUND otherwise (a malformed id included). */
export async function getSegmentRow(deps: Pick<Deps, 'reader'>, projectId: string, id: string) {
  const row = isUuid(id) ? await repo.findSegment(deps.reader, projectId, id) : undefined;
  if (!row) throw notFound('SEGMENT');
  return row;
}

/** One segment with its cached member count. */
export async function getSegment(deps: Pick<Deps, 'reader'>, projectId: string, id: string): Promise<SegmentView> {
  return toSegmentView(await getSegmentRow(deps, projectId, id));
}

/** Every segment of the project, oldest first, no paging (a project has few). */
export async function listSegments(deps: Pick<Deps, 'reader'>, projectId: string): Promise<SegmentView[]> {
  return (await repo.listSegments(deps.reader, projectId)).map(toSegmentView);
}

/** The filter given in either form, parsed and checked against the project; undefined when none is given. */
async function checkedFilter(
  deps: Pick<Deps, 'reader' | 'dialect' | 'clock' | 'topics'>,
  projectId: string,
  input: { filters?: unknown; condition?: unknown },
  selfId?: string,
) {
  const tree = parseFilterInput(input);
  if (!tree) return undefined;
  const env = await loadFilterEnv(deps, projectId);
  checkFilter(tree, env, { at: input.condition !== undefined ? 'condition' : 'filters', selfId });
  const count = () =>
    countAudience(deps.reader, projectId, compileFilter(tree, env, { dialect: deps.dialect, projectId }));
  return { tree, count };
}

/** Creates a segment: DYNAMIC (default) needs a filter, STATIC refuses one; the count is taken at once. */
export async function createSegment(
  deps: WriteDeps,
  projectId: string,
  input: CreateSegmentBody,
): Promise<SegmentView> {
  const type = input.type ?? 'DYNAMIC';
  const given = input.condition !== undefined ? 'condition' : input.filters !== undefined ? 'filters' : undefined;
  if (type === 'STATIC' && given) throw invalid(given, 'a STATIC segment takes no filter; add members by email');
  const checked = await checkedFilter(deps, projectId, input);
  if (type === 'DYNAMIC' && !checked) throw invalid('filters', 'a DYNAMIC segment needs filters (or condition)');
  const now = deps.clock.now();
  const row = await writeSegment(deps, projectId, async (trx) =>
    repo.insertSegment(trx, {
      id: newId(),
      projectId,
      name: input.name,
      description: input.description ?? null,
      type,
      filter: checked ? toJson(checked.tree) : null,
      trackMembership: input.trackMembership ?? false,
      memberCount: checked ? await checked.count() : 0,
      countedAt: now,
      createdAt: now,
      updatedAt: now,
    }),
  );
  return toSegmentView(row);
}

/** Patches name, description, filter (DYNAMIC only, re-checked and re-counted) and trackMembership. */
export async function updateSegment(
  deps: WriteDeps,
  projectId: string,
  id: string,
  input: UpdateSegmentBody,
): Promise<SegmentView> {
  const current = await getSegmentRow(deps, projectId, id);
  const given = input.condition !== undefined ? 'condition' : input.filters !== undefined ? 'filters' : undefined;
  if (current.type === 'STATIC' && given) throw invalid(given, 'a STATIC segment takes no filter');
  const checked = await checkedFilter(deps, projectId, input, id);
  const patch: repo.SegmentPatch = { updatedAt: deps.clock.now() };
  if (input.name !== undefined) patch.name = input.name;
  if (input.description !== undefined) patch.description = input.description;
  if (input.trackMembership !== undefined) patch.trackMembership = input.trackMembership;
  if (checked) {
    patch.filter = toJson(checked.tree);
    patch.memberCount = await checked.count();
    patch.countedAt = deps.clock.now();
  }
  const row = await writeSegment(deps, projectId, (trx) => repo.updateSegment(trx, projectId, id, patch));
  if (!row) throw notFound('SEGMENT');
  return toSegmentView(row);
}

/**
 * Deletes a segment; 409 while a SCHEDULED or SENDING campaign addresses it, or another segment's
 * filter references it (that filter would name a segment that no longer exists).
 */
export async function deleteSegment(deps: WriteDeps, projectId: string, id: string): Promise<void> {
  await getSegmentRow(deps, projectId, id);
  const campaigns = await repo.countActiveCampaignsUsing(deps.reader, projectId, id);
  if (campaigns > 0) throw conflict(`The segment is the audience of ${campaigns} scheduled or sending campaign(s).`);
  const users = (await repo.listSegments(deps.reader, projectId)).filter(
    (s) => s.filter !== null && filterReferences(fromJson<FilterGroup>(s.filter)).segments.includes(id),
  );
  if (users.length > 0) throw conflict(`Segment(s) ${users.map((s) => s.name).join(', ')} reference this segment.`);
  const deleted = await writeSegment(deps, projectId, (trx) => repo.deleteSegment(trx, projectId, id));
  if (!deleted) throw notFound('SEGMENT');
}

/** A page of the segment's contacts in id order: live for DYNAMIC, the member rows for STATIC. */
export async function listSegmentContacts(
  deps: Pick<Deps, 'reader' | 'dialect' | 'clock' | 'topics'>,
  projectId: string,
  id: string,
  query: SegmentContactsQuery,
): Promise<SegmentContactsPage> {
  const row = await getSegmentRow(deps, projectId, id);
  const page = resolvePage(query);
  const env = await loadFilterEnv(deps, projectId);
  const def = env.segments.get(row.id);
  if (!def) throw notFound('SEGMENT');
  const where = segmentCondition(def, env, { dialect: deps.dialect, projectId });
  const [rows, total] = await Promise.all([
    listAudiencePage(deps.reader, projectId, where, { offset: page.offset, limit: page.pageSize }),
    row.type === 'STATIC' ? repo.countMembers(deps.reader, row.id) : countAudience(deps.reader, projectId, where),
  ]);
  return { data: rows.map(toContactView), ...pageInfo(page, total) };
}

/**
 * What a filter would select, without saving anything: the count, how many of those are subscribed
 * and the first few contacts. The filter is checked as a save would check it (422 naming the path),
 * `segmentId` being the segment under edit (so a filter reaching it is refused here too).
 */
export async function previewSegment(
  deps: Pick<Deps, 'reader' | 'dialect' | 'clock' | 'topics'>,
  projectId: string,
  input: PreviewSegmentBody,
): Promise<SegmentPreview> {
  const tree = parseFilterInput(input);
  if (!tree) throw invalid('filters', 'is required (or condition)');
  const env = await loadFilterEnv(deps, projectId);
  checkFilter(tree, env, { at: input.condition !== undefined ? 'condition' : 'filters', selfId: input.segmentId });
  const where = compileFilter(tree, env, { dialect: deps.dialect, projectId });
  const subscribedWhere = sql<SqlBool>`(${where} and contacts.subscribed = ${sql.lit(true)})`;
  const limit = input.sampleSize ?? 5;
  const [count, subscribed, rows] = await Promise.all([
    countAudience(deps.reader, projectId, where),
    countAudience(deps.reader, projectId, subscribedWhere),
    limit > 0 ? listAudiencePage(deps.reader, projectId, where, { offset: 0, limit }) : Promise.resolve([]),
  ]);
  return { count, subscribed, sample: rows.map(toContactView) };
}

/** Counts the segment again and stores the count; no membership writes, no events. */
export async function refreshSegment(
  deps: Pick<Deps, 'db' | 'reader' | 'dialect' | 'clock' | 'topics'>,
  projectId: string,
  id: string,
): Promise<SegmentView> {
  const seg = await getSegmentRow(deps, projectId, id);
  const memberCount = await countSegment(deps, seg);
  const row = await repo.updateSegment(deps.db, projectId, id, { memberCount, countedAt: deps.clock.now() });
  if (!row) throw notFound('SEGMENT');
  return toSegmentView(row);
}

/**
 * Recomputes a tracked segment's membership and fires entry/exit events for the difference. A
 * tracked STATIC segment's members are its rows: it is recounted, nothing moves. 409 for a segment
 * that does not track membership (POST /segments/:id/refresh counts any segment).
 */
export async function computeSegment(deps: MembershipDeps, projectId: string, id: string): Promise<ComputeResult> {
  const seg = await getSegmentRow(deps, projectId, id);
  if (!toBool(seg.trackMembership)) {
    throw conflict('The segment does not track membership: set trackMembership, or use /refresh for the count.');
  }
  if (seg.type === 'STATIC') {
    const memberCount = (await refreshSegment(deps, projectId, id)).memberCount;
    return { memberCount, entered: 0, exited: 0 };
  }
  return computeMembership(deps, seg);
}
