/**
 * Audiences: what a segment, a campaign or (later) a workflow condition selects, as one SQL condition
 * built from the project's filter environment. Loading the environment is the only I/O; compiling is
 * pure (filters/compile.ts).
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import { getDeletedFields, getFieldTypes } from '../contacts/fields/fields.service.ts';
import type { DialectSql } from '../db/dialect.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../errors.ts';
import {
  type AudienceContact,
  countAudience,
  findMatchingContacts,
  findMaxContactId,
  listAudienceAfter,
  listSegmentDefs,
} from './audience.repo.ts';
import { compileFilter, segmentCondition, topicCondition } from './filters/compile.ts';
import type { Audience, FilterDocuments, FilterEnv, FilterGroup } from './filters/tree.ts';

export type { AudienceContact };
// A segment's condition is compiled beside the filters that reference segments; exported here too.
export { segmentCondition };

/** The project's field types, deleted fields, segments and topics, read once for one evaluation (or one check). */
export async function loadFilterEnv(
  deps: Pick<Deps, 'reader' | 'clock' | 'topics'>,
  projectId: string,
): Promise<FilterEnv> {
  const [fieldTypes, deletedFields, segments, topicDefs] = await Promise.all([
    getFieldTypes(deps, projectId),
    getDeletedFields(deps, projectId),
    listSegmentDefs(deps.reader, projectId),
    // The per-process topic cache: a project without topics costs no statement here.
    deps.topics.read(deps.reader, projectId),
  ]);
  const topics = new Map(topicDefs.map((t) => [t.id, t.defaultSubscribed]));
  const now = deps.clock.now();
  return { fieldTypes, deletedFields, segments: new Map(segments.map((s) => [s.id, s])), topics, now };
}

/**
 * The condition selecting `audience`'s contacts (only its topic's subscribers when it names one; a
 * topic that is gone has none); 404 SEGMENT_NOT_FOUND for a segment that is gone.
 */
export function audienceCondition(
  audience: Audience,
  env: FilterEnv,
  ctx: { dialect: DialectSql; projectId: string },
): Expression<SqlBool> {
  const base = baseCondition(audience, env, ctx);
  if (!audience.topicId) return base;
  return sql<SqlBool>`(${topicCondition(audience.topicId, env)} and ${base})`;
}

function baseCondition(
  audience: Audience,
  env: FilterEnv,
  ctx: { dialect: DialectSql; projectId: string },
): Expression<SqlBool> {
  if (audience.kind === 'all') return sql<SqlBool>`${sql.lit(true)}`;
  if (audience.kind === 'filter') return compileFilter(audience.filter, env, ctx);
  const segment = env.segments.get(audience.segmentId);
  if (!segment) throw notFound('SEGMENT');
  return segmentCondition(segment, env, ctx);
}

/**
 * Whether one contact matches `tree`, with `documents` (a workflow's event data and context) readable
 * beside the contact: one statement, the same compiled condition segments use.
 */
export async function contactMatches(
  deps: Pick<Deps, 'reader' | 'dialect'>,
  env: FilterEnv,
  target: { projectId: string; contactId: string },
  tree: FilterGroup,
  documents?: FilterDocuments,
): Promise<boolean> {
  const where = compileFilter(tree, env, { dialect: deps.dialect, projectId: target.projectId, documents });
  const hit = await findMatchingContacts(deps.reader, target.projectId, where, [target.contactId]);
  return hit.length > 0;
}

/** The newest contact id of the project: a fan-out walks up to it, so contacts added later are not in it. */
export async function newestContactId(deps: Pick<Deps, 'reader'>, projectId: string): Promise<string> {
  return (await findMaxContactId(deps.reader, projectId)) ?? '';
}

/** How many of the project's contacts `where` selects. */
export function countAudienceContacts(
  deps: Pick<Deps, 'reader'>,
  projectId: string,
  where: Expression<SqlBool>,
): Promise<number> {
  return countAudience(deps.reader, projectId, where);
}

/** A fan-out's walk of an audience: by contact id after `cursor`, up to the id frozen when it began. */
export interface AudienceWalk {
  audience: Audience;
  cursor: string;
  upTo: string;
  /** Contacts per batch. */
  limit: number;
  subscribedOnly: boolean;
}

/**
 * The audience's contacts in id order, a batch at a time (the fan-outs of campaigns and SCHEDULE
 * workflows): the filter environment is read once, each batch is one keyset query, and only one
 * batch is in memory. The caller commits a batch with its cursor before asking for the next.
 */
export async function* audienceBatches(
  deps: Pick<Deps, 'reader' | 'clock' | 'dialect' | 'topics'>,
  projectId: string,
  walk: AudienceWalk,
): AsyncGenerator<AudienceContact[]> {
  const env = await loadFilterEnv(deps, projectId);
  const where = audienceCondition(walk.audience, env, { dialect: deps.dialect, projectId });
  let after = walk.cursor;
  for (;;) {
    const range = { after, upTo: walk.upTo, limit: walk.limit, subscribedOnly: walk.subscribedOnly };
    const batch = await listAudienceAfter(deps.reader, projectId, where, range);
    if (batch.length === 0) return;
    yield batch;
    after = batch.at(-1)!.id;
  }
}
