/** SQL for memberships and invitations. Every statement is scoped by project_id. */
import type { DialectSql } from '../../db/dialect.ts';
import type { Executor } from '../../db/index.ts';
import type { Role } from '../../db/schema.ts';

/** A user id by (normalised) email; what adding a member needs of the users table. */
export async function findUserIdByEmail(db: Executor, email: string) {
  return db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
}

export async function findUserEmail(db: Executor, userId: string) {
  return (await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst())?.email;
}

const memberColumns = ['memberships.userId', 'users.email', 'memberships.role', 'memberships.createdAt'] as const;

/** The project's members with their emails, oldest first. */
export async function listMembers(db: Executor, projectId: string) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.userId')
    .select(memberColumns)
    .where('memberships.projectId', '=', projectId)
    .orderBy('memberships.createdAt')
    .orderBy('memberships.userId')
    .execute();
}

export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

export async function findMember(db: Executor, projectId: string, userId: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.userId')
    .select(memberColumns)
    .where('memberships.projectId', '=', projectId)
    .where('memberships.userId', '=', userId)
    .executeTakeFirst();
}

/**
 * Locks and returns the membership rows that a role change or removal must judge: every OWNER of the
 * project plus the given users. Taken in user-id order, so two such transactions never deadlock; a
 * concurrent demotion that commits first is seen here (PostgreSQL re-checks locked rows), which is
 * what keeps "at least one OWNER" true. SQLite runs write transactions one at a time anyway.
 */
export async function lockOwnersAnd(
  db: Executor,
  dialect: DialectSql,
  projectId: string,
  userIds: string[],
): Promise<Array<{ userId: string; role: Role }>> {
  const q = db
    .selectFrom('memberships')
    .select(['userId', 'role'])
    .where('projectId', '=', projectId)
    .where((eb) => eb.or([eb('role', '=', 'OWNER'), eb('userId', 'in', userIds)]))
    .orderBy('userId');
  return dialect.rowLocks ? q.forUpdate().execute() : q.execute();
}

/** Adds a member; false when the user already is one (the primary key decides, so concurrent adds cannot both win). */
export async function insertMember(
  db: Executor,
  m: { projectId: string; userId: string; role: Role; createdAt: Date },
): Promise<boolean> {
  const r = await db
    .insertInto('memberships')
    .values(m)
    .onConflict((oc) => oc.columns(['projectId', 'userId']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function updateMemberRole(db: Executor, projectId: string, userId: string, role: Role): Promise<void> {
  await db
    .updateTable('memberships')
    .set({ role })
    .where('projectId', '=', projectId)
    .where('userId', '=', userId)
    .execute();
}

export async function deleteMember(db: Executor, projectId: string, userId: string): Promise<void> {
  await db.deleteFrom('memberships').where('projectId', '=', projectId).where('userId', '=', userId).execute();
}

export interface NewInvite {
  id: string;
  projectId: string;
  email: string;
  role: Role;
  tokenHash: string;
  invitedBy: string;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * Writes the pending invite of (project, email), replacing an earlier pending one (new id, token,
 * role and expiry) in the same statement, so the old link stops working the moment the new one exists.
 */
export async function upsertInvite(db: Executor, invite: NewInvite) {
  return db
    .insertInto('invites')
    .values(invite)
    .onConflict((oc) =>
      oc.columns(['projectId', 'email']).where('acceptedAt', 'is', null).doUpdateSet({
        id: invite.id,
        role: invite.role,
        tokenHash: invite.tokenHash,
        invitedBy: invite.invitedBy,
        createdAt: invite.createdAt,
        expiresAt: invite.expiresAt,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Pending invites (not accepted, not expired at `now`), oldest first. */
export async function listPendingInvites(db: Executor, projectId: string, now: Date) {
  return db
    .selectFrom('invites')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('acceptedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .orderBy('id')
    .execute();
}

/** Deletes a pending invite of the project; false when there is none with that id. */
export async function deletePendingInvite(db: Executor, projectId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('invites')
    .where('projectId', '=', projectId)
    .where('id', '=', id)
    .where('acceptedAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function findInviteByHash(db: Executor, tokenHash: string) {
  return db.selectFrom('invites').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

/** Marks an invite used by `userId` if it still is pending and unexpired; the row, or undefined when another use won. */
export async function claimInvite(db: Executor, id: string, userId: string, now: Date) {
  return db
    .updateTable('invites')
    .set({ acceptedAt: now, acceptedBy: userId })
    .where('id', '=', id)
    .where('acceptedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .returningAll()
    .executeTakeFirst();
}

export async function findProjectName(db: Executor, projectId: string) {
  return (await db.selectFrom('projects').select('name').where('id', '=', projectId).executeTakeFirst())?.name;
}
