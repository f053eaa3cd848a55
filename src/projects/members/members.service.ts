/**
 * Team management: listing, adding (or inviting), changing roles, removing. Who may do what is the
 * permission table's (../permissions.ts); the route hook checked the caller's route permission, and
 * role changes re-check it on locked rows, because that is where the "one OWNER at least" rule lives.
 */
import { randomBytes } from 'node:crypto';
import { normalizeEmail } from '../../auth/auth.service.ts';
import { hashToken } from '../../auth/tokens.ts';
import type { Role } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { mayAssign, requirePermission } from '../permissions.ts';
import * as repo from './members.repo.ts';
import type { AddMemberBody, InviteView, MemberView, TeamView } from './members.schemas.ts';
import { sendAddedMail, sendInviteMail } from './team-mail.ts';

/** How long an invitation link works. */
export const INVITE_TTL_MS = 7 * 24 * 3600 * 1000;

type TeamDeps = Pick<Deps, 'db' | 'dialect' | 'clock' | 'config' | 'deliveryWaker'>;

/** The member acting, as the route hook resolved them. */
export interface Actor {
  userId: string;
  role: Role;
}

export function toMemberView(row: repo.MemberRow): MemberView {
  return { userId: row.userId, email: row.email, role: row.role, joinedAt: row.createdAt };
}

function toInviteView(row: {
  id: string;
  email: string;
  role: Role;
  createdAt: string;
  expiresAt: string;
}): InviteView {
  return { id: row.id, email: row.email, role: row.role, invitedAt: row.createdAt, expiresAt: row.expiresAt };
}

const lastOwner = () =>
  conflict('A project needs at least one OWNER: make another member OWNER first, or delete the project.');
const ownerOnly = () => forbidden('Only an OWNER may grant or take away the OWNER role.');

/** Members and pending invitations of the project. */
export async function getTeam(deps: Pick<Deps, 'db' | 'clock'>, projectId: string): Promise<TeamView> {
  const [members, invites] = await Promise.all([
    repo.listMembers(deps.db, projectId),
    repo.listPendingInvites(deps.db, projectId, deps.clock.now()),
  ]);
  return { members: members.map(toMemberView), invites: invites.map(toInviteView) };
}

/**
 * Adds the user with that email at once (and tells them by mail), or, when no account has it,
 * invites the address: a pending invite replacing any earlier one, whose link is mailed. 409 when
 * the user already is a member; 403 when a non-OWNER offers OWNER.
 */
export async function addMember(
  deps: TeamDeps,
  actor: Actor,
  projectId: string,
  body: AddMemberBody,
): Promise<{ member: MemberView } | { invite: InviteView }> {
  const role = body.role ?? 'MEMBER';
  if (!mayAssign(actor.role, undefined, role)) throw ownerOnly();
  const email = normalizeEmail(body.email);
  const now = deps.clock.now();
  const [user, projectName, inviter] = await Promise.all([
    repo.findUserIdByEmail(deps.db, email),
    repo.findProjectName(deps.db, projectId),
    repo.findUserEmail(deps.db, actor.userId),
  ]);
  if (!projectName || !inviter) throw notFound('PROJECT');
  if (user) {
    if (!(await repo.insertMember(deps.db, { projectId, userId: user.id, role, createdAt: now }))) {
      throw conflict(`${email} is already a member of this project.`);
    }
    await sendAddedMail(deps, { to: email, projectName, inviter, role });
    return { member: toMemberView((await repo.findMember(deps.db, projectId, user.id))!) };
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
  const invite = await repo.upsertInvite(deps.db, {
    id: newId(),
    projectId,
    email,
    role,
    tokenHash: hashToken(token),
    invitedBy: actor.userId,
    createdAt: now,
    expiresAt,
  });
  await sendInviteMail(deps, { to: email, projectName, inviter, role, token, expiresAt });
  return { invite: toInviteView(invite) };
}

/**
 * Changes a member's role. The caller's and the target's rows and every OWNER row are locked first
 * and judged as they are now, so two owners demoting each other at once cannot leave none: the
 * second sees the first's change and gets 409.
 */
export async function changeRole(
  deps: Pick<Deps, 'db' | 'dialect'>,
  actorId: string,
  projectId: string,
  targetId: string,
  role: Role,
): Promise<MemberView> {
  return deps.db.transaction().execute(async (trx) => {
    const rows = await repo.lockOwnersAnd(trx, deps.dialect, projectId, [actorId, targetId]);
    const actor = rows.find((r) => r.userId === actorId);
    if (!actor) throw notFound('PROJECT');
    requirePermission(actor.role, 'members.manage');
    const target = rows.find((r) => r.userId === targetId);
    if (!target) throw notFound('MEMBER');
    if (!mayAssign(actor.role, target.role, role)) throw ownerOnly();
    const owners = rows.filter((r) => r.role === 'OWNER').length;
    if (target.role === 'OWNER' && role !== 'OWNER' && owners <= 1) throw lastOwner();
    if (target.role !== role) await repo.updateMemberRole(trx, projectId, targetId, role);
    return toMemberView((await repo.findMember(trx, projectId, targetId))!);
  });
}

/**
 * Removes a member, or lets the caller leave (`targetId` is themself; any role may). Removing an
 * OWNER takes an OWNER; the last OWNER can neither leave nor be removed (409). Locked as changeRole.
 */
export async function removeMember(
  deps: Pick<Deps, 'db' | 'dialect'>,
  actorId: string,
  projectId: string,
  targetId: string,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const rows = await repo.lockOwnersAnd(trx, deps.dialect, projectId, [actorId, targetId]);
    const actor = rows.find((r) => r.userId === actorId);
    if (!actor) throw notFound('PROJECT');
    if (targetId !== actorId) requirePermission(actor.role, 'members.manage');
    const target = rows.find((r) => r.userId === targetId);
    if (!target) throw notFound('MEMBER');
    if (targetId !== actorId && target.role === 'OWNER' && actor.role !== 'OWNER') throw ownerOnly();
    if (target.role === 'OWNER' && rows.filter((r) => r.role === 'OWNER').length <= 1) throw lastOwner();
    await repo.deleteMember(trx, projectId, targetId);
  });
}

/** Revokes a pending invitation (its link stops working); 404 INVITE_NOT_FOUND when there is none. */
export async function revokeInvite(deps: Pick<Deps, 'db'>, projectId: string, inviteId: string): Promise<void> {
  if (!(await repo.deletePendingInvite(deps.db, projectId, inviteId))) throw notFound('INVITE');
}
