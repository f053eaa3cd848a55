/** Accepting a team invitation: single-use, expiring, and only by the account with the invited email. */
import { hashToken } from '../../auth/tokens.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, forbidden } from '../../errors.ts';
import * as repo from './members.repo.ts';
import type { JoinedView } from './members.schemas.ts';
import { toMemberView } from './members.service.ts';

const invalid = (message: string) => badRequest(message, 'INVALID_TOKEN');

/**
 * Joins the signed-in user to the invitation's project. The user's email must be the invited one
 * (compared in normal form, so case does not matter): a link forwarded to someone else does not let
 * them in. The token is spent by a conditional update, so of two concurrent uses one wins and the
 * other is refused. Already a member: the invite is spent and the membership (role included) stays.
 */
export async function acceptInvite(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: string,
  token: string,
): Promise<JoinedView> {
  const invite = await repo.findInviteByHash(deps.db, hashToken(token));
  if (!invite) throw invalid('This invitation link is not valid (it may have been replaced or revoked).');
  if ((await repo.findUserEmail(deps.db, userId)) !== invite.email) {
    throw forbidden('This invitation is for another email address: sign in with the invited address to accept it.');
  }
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const claimed = await repo.claimInvite(trx, invite.id, userId, now);
    if (!claimed) {
      if (invite.acceptedAt === null && new Date(invite.expiresAt) <= now) {
        throw invalid('This invitation has expired: ask for a new one.');
      }
      throw invalid('This invitation was already used.');
    }
    await repo.insertMember(trx, { projectId: invite.projectId, userId, role: claimed.role, createdAt: now });
    const member = (await repo.findMember(trx, invite.projectId, userId))!;
    return { projectId: invite.projectId, ...toMemberView(member) };
  });
}
