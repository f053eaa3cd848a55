/**
 * Tracked membership: the member rows of a segment and the entry/exit events that follow them. A
 * change is applied with conditional writes (insert-if-absent, delete-returning), and only the rows
 * that really changed fire events, in the same transaction: two runs racing over the same contact
 * fire its entry once. DYNAMIC segments are recomputed in slices of contact ids (memory stays flat at
 * any size); single contacts are re-evaluated after contact writes (segments.jobs.ts).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
// The contacts feature's keyset slice of contact ids (its field deletion walks the same way).
import { contactIdsAfter } from '../contacts/contacts.service.ts';
import { fromJson } from '../db/codecs.ts';
import type { Executor } from '../db/index.ts';
import type { Deps } from '../deps.ts';
import { recordEvents } from '../events/events.service.ts';
import { countAudience, findMatchingContacts } from './audience.repo.ts';
import { loadFilterEnv } from './audience.ts';
import { compileFilter } from './filters/compile.ts';
import type { FilterEnv, FilterGroup } from './filters/tree.ts';
import * as repo from './segments.repo.ts';

export type MembershipDeps = Pick<Deps, 'db' | 'reader' | 'dialect' | 'clock' | 'eventListeners' | 'topics'>;
type TrxDeps = Pick<Deps, 'clock' | 'eventListeners'> & { db: Executor };

/** Contacts per compute transaction. */
export const COMPUTE_SLICE = 1000;

/**
 * The event-name slug of a segment name (decisions.md): lower-cased, spaces to '-', other non-word
 * characters dropped. A name with no word character at all falls back to the segment's id.
 */
export function segmentSlug(name: string, id: string): string {
  const slug = name
    .toLowerCase()
    .trim()
    .replace(/[^\w\s-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? id : slug;
}

/** `segment.<slug>.entry` or `segment.<slug>.exit`. */
export function membershipEventName(seg: { name: string; id: string }, kind: 'entry' | 'exit'): string {
  return `segment.${segmentSlug(seg.name, seg.id)}.${kind}`;
}

type SegmentRef = Pick<repo.SegmentRow, 'id' | 'projectId' | 'name'>;

/**
 * Adds `enter` and removes `exit` (in the caller's transaction), moves the cached count by what
 * really changed and, when `fire`, records one entry or exit event per contact that really moved.
 */
export async function applyMembership(
  deps: TrxDeps,
  seg: SegmentRef,
  change: { enter: readonly string[]; exit: readonly string[] },
  fire: boolean,
): Promise<{ entered: string[]; exited: string[] }> {
  const entered = await repo.insertMembers(deps.db, seg, change.enter, deps.clock.now());
  const exited = await repo.deleteMembers(deps.db, seg, change.exit);
  await repo.addToMemberCount(deps.db, seg.projectId, seg.id, entered.length - exited.length);
  if (fire) {
    const data = { segmentId: seg.id, segmentName: seg.name };
    const event = (kind: 'entry' | 'exit') => (contactId: string) => ({
      projectId: seg.projectId,
      contactId,
      name: membershipEventName(seg, kind),
      data,
    });
    await recordEvents(deps, [...entered.map(event('entry')), ...exited.map(event('exit'))]);
  }
  return { entered, exited };
}

/** Who enters (matches, not a member) and who exits (a member, no longer matches). */
function difference(matchedIds: readonly string[], memberIds: readonly string[]): { enter: string[]; exit: string[] } {
  const matched = new Set(matchedIds);
  const members = new Set(memberIds);
  return {
    enter: matchedIds.filter((id) => !members.has(id)),
    exit: memberIds.filter((id) => !matched.has(id)),
  };
}

/** A tracked segment's filter compiled against `env`. */
function conditionOf(deps: Pick<Deps, 'dialect'>, seg: repo.SegmentRow, env: FilterEnv) {
  const tree = fromJson<FilterGroup>(seg.filter);
  return compileFilter(tree, env, { dialect: deps.dialect, projectId: seg.projectId });
}

/**
 * Recomputes a DYNAMIC segment's member rows over every contact, one transaction per slice of
 * COMPUTE_SLICE contact ids, firing entry/exit events for exactly the difference; sets the cached
 * count. Running it twice in a row fires nothing the second time.
 */
export async function computeMembership(
  deps: MembershipDeps,
  seg: repo.SegmentRow,
): Promise<{ memberCount: number; entered: number; exited: number }> {
  const env = await loadFilterEnv(deps, seg.projectId);
  const where = conditionOf(deps, seg, env);
  const out = { memberCount: 0, entered: 0, exited: 0 };
  let after: string | undefined = '';
  while (after !== undefined) {
    const from: string = after;
    after = await deps.db.transaction().execute(async (trx) => {
      const ids = await contactIdsAfter(trx, seg.projectId, from, COMPUTE_SLICE);
      const upTo = ids.at(-1);
      if (upTo === undefined) return undefined;
      // Member rows of deleted contacts went with them, so rows in the slice's id range are all there is.
      const matched = await findMatchingContacts(trx, seg.projectId, where, ids);
      const members = await repo.listMemberIdsBetween(trx, seg.id, { after: from, upTo });
      const done = await applyMembership({ ...deps, db: trx }, seg, difference(matched, members), true);
      out.memberCount += matched.length;
      out.entered += done.entered.length;
      out.exited += done.exited.length;
      return ids.length === COMPUTE_SLICE ? upTo : undefined;
    });
    await nextTurn();
  }
  await repo.updateSegment(deps.db, seg.projectId, seg.id, {
    memberCount: out.memberCount,
    countedAt: deps.clock.now(),
  });
  return out;
}

/**
 * Re-evaluates `contactIds` against every tracked DYNAMIC segment of the project and applies the
 * difference with its events, all in one transaction (the job a contact write enqueues).
 */
export async function evaluateContacts(
  deps: MembershipDeps,
  projectId: string,
  contactIds: readonly string[],
): Promise<void> {
  const tracked = await repo.listTrackedSegments(deps.reader, projectId);
  if (tracked.length === 0 || contactIds.length === 0) return;
  const env = await loadFilterEnv(deps, projectId);
  await deps.db.transaction().execute(async (trx) => {
    for (const seg of tracked) {
      const matched = await findMatchingContacts(trx, projectId, conditionOf(deps, seg, env), contactIds);
      const members = await repo.findMemberIds(trx, seg.id, contactIds);
      await applyMembership({ ...deps, db: trx }, seg, difference(matched, members), true);
    }
  });
}

/** The live count of a segment: its filter's matches (DYNAMIC) or its member rows (STATIC). */
export async function countSegment(deps: Pick<Deps, 'reader' | 'dialect' | 'clock' | 'topics'>, seg: repo.SegmentRow) {
  if (seg.type === 'STATIC') return repo.countMembers(deps.reader, seg.id);
  const env = await loadFilterEnv(deps, seg.projectId);
  return countAudience(deps.reader, seg.projectId, conditionOf(deps, seg, env));
}
