/** Helpers for the filter-language tests: evaluate a filter the way segments and campaigns do, and write the activity rows it reads. */
import { expect } from 'vitest';
import { toJson } from '../../src/db/codecs.ts';
import { insertEvents } from '../../src/events/events.repo.ts';
import { newId } from '../../src/lib/ids.ts';
import { countAudience, findMatchingContacts, listAudiencePage } from '../../src/segments/audience.repo.ts';
import { checkFilter } from '../../src/segments/filters/check.ts';
import { compileFilter } from '../../src/segments/filters/compile.ts';
import { parseFilterInput } from '../../src/segments/filters/parse.ts';
import type { FilterEnv, FilterGroup } from '../../src/segments/filters/tree.ts';
import type { TestEnv } from '../env.ts';
import { storeTestEmail } from './send-helpers.ts';

/** The local parts (before `@`) of the contacts `tree` selects, sorted, checked three ways: page, count and per-id test. */
export async function membersOf(
  t: TestEnv,
  projectId: string,
  env: FilterEnv,
  tree: FilterGroup,
  contactIds: string[],
): Promise<string[]> {
  const where = compileFilter(tree, env, { dialect: t.deps.dialect, projectId });
  const page = await listAudiencePage(t.deps.db, projectId, where, { offset: 0, limit: 100 });
  expect(await countAudience(t.deps.db, projectId, where)).toBe(page.length);
  const matching = await findMatchingContacts(t.deps.db, projectId, where, contactIds);
  expect(matching.sort()).toEqual(page.map((c) => c.id).sort());
  return page.map((c) => c.email.split('@')[0]!).sort();
}

/** A checked tree from the filters form's conditions (ANDed). */
export function andOf(env: FilterEnv, ...conditions: Record<string, unknown>[]): FilterGroup {
  const tree = parseFilterInput({ filters: { operator: 'AND', conditions } })!;
  checkFilter(tree, env, { at: 'filters' });
  return tree;
}

/** An event of the contact at `createdAt`, through the events repo. */
export async function insertEvent(t: TestEnv, projectId: string, contactId: string, name: string, createdAt: Date) {
  await insertEvents(t.deps.db, [{ id: newId(), projectId, contactId, name, data: {}, createdAt }]);
}

type EmailFacts = Partial<
  Record<'sentAt' | 'deliveredAt' | 'openedAt' | 'clickedAt' | 'bouncedAt' | 'complainedAt', Date>
>;

/** An outbox email to the contact, stored through the outbox repo, then given the delivery facts as tracking would. */
export async function insertEmailWith(t: TestEnv, projectId: string, contactId: string, facts: EmailFacts) {
  const id = await storeTestEmail(t, projectId, contactId);
  await t.deps.db.updateTable('emails').set(facts).where('id', '=', id).execute();
}

/** A segment row (and a STATIC one's member rows), as the segments feature stores them. */
export async function insertSegment(
  t: TestEnv,
  projectId: string,
  seg: { id: string; filter?: FilterGroup; members?: string[] },
): Promise<void> {
  const now = t.deps.clock.now();
  await t.deps.db
    .insertInto('segments')
    .values({
      id: seg.id,
      projectId,
      name: seg.id,
      description: null,
      type: seg.filter ? 'DYNAMIC' : 'STATIC',
      filter: seg.filter ? toJson(seg.filter) : null,
      trackMembership: false,
      countedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  for (const contactId of seg.members ?? []) {
    await t.deps.db
      .insertInto('segmentMembers')
      .values({ segmentId: seg.id, contactId, projectId, createdAt: now })
      .execute();
  }
}
