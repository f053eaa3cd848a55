/**
 * A STATIC segment's members, added and removed by email. Unknown addresses are created through the
 * contacts service when asked (never by our own SQL); the member rows and the cached count change in
 * one transaction, and a STATIC segment with trackMembership fires entry/exit events there too.
 */
import { lookupContacts, upsertContact, type WriteDeps } from '../contacts/contacts.service.ts';
import { toBool } from '../db/codecs.ts';
import type { Deps } from '../deps.ts';
import { invalid } from '../errors.ts';
import { applyMembership } from './membership.ts';
import type { SegmentRow } from './segments.repo.ts';
import type { AddMembersBody, AddMembersResult, RemoveMembersResult } from './segments.schemas.ts';
import { getSegmentRow } from './segments.service.ts';

type MemberDeps = WriteDeps & Pick<Deps, 'batches'>;

async function staticSegment(deps: Pick<Deps, 'reader'>, projectId: string, id: string): Promise<SegmentRow> {
  const seg = await getSegmentRow(deps, projectId, id);
  if (seg.type !== 'STATIC') throw invalid('id', 'members are added and removed on STATIC segments only');
  return seg;
}

/**
 * Makes the project's contacts with these addresses members (422 naming `emails.<i>` for a malformed
 * one); with `createMissing`, unknown addresses become contacts first (`subscribed`, default true).
 */
export async function addMembers(
  deps: MemberDeps,
  projectId: string,
  id: string,
  input: AddMembersBody,
): Promise<AddMembersResult> {
  const seg = await staticSegment(deps, projectId, id);
  const { found, notFound } = await lookupContacts(deps, projectId, input.emails);
  const ids = found.map((c) => c.id);
  let created = 0;
  const missing: string[] = [];
  for (const email of notFound) {
    if (!input.createMissing) {
      missing.push(email);
      continue;
    }
    const up = await upsertContact(deps, projectId, { email, subscribed: input.subscribed ?? true });
    ids.push(up.contact.id);
    if (up.isNew) created++;
  }
  const { entered } = await deps.db
    .transaction()
    .execute((trx) =>
      applyMembership({ ...deps, db: trx }, seg, { enter: ids, exit: [] }, toBool(seg.trackMembership)),
    );
  return { added: entered.length, alreadyMembers: ids.length - entered.length, created, notFound: missing };
}

/** Removes the project's contacts with these addresses from the segment; unknown addresses are ignored. */
export async function removeMembers(
  deps: MemberDeps,
  projectId: string,
  id: string,
  emails: string[],
): Promise<RemoveMembersResult> {
  const seg = await staticSegment(deps, projectId, id);
  const { found } = await lookupContacts(deps, projectId, emails);
  const { exited } = await deps.db
    .transaction()
    .execute((trx) =>
      applyMembership(
        { ...deps, db: trx },
        seg,
        { enter: [], exit: found.map((c) => c.id) },
        toBool(seg.trackMembership),
      ),
    );
  return { removed: exited.length };
}
