/** Views and bodies of the team endpoints (members and invitations). */
import { type Static, Type } from 'typebox';

const Id = Type.String({ minLength: 1, maxLength: 64 });

export const RoleSchema = Type.Union([Type.Literal('OWNER'), Type.Literal('ADMIN'), Type.Literal('MEMBER')]);

export const MemberParams = Type.Object({ id: Id, userId: Id });
export type MemberParams = Static<typeof MemberParams>;

export const InviteParams = Type.Object({ id: Id, inviteId: Id });
export type InviteParams = Static<typeof InviteParams>;

export const AddMemberBody = Type.Object({
  email: Type.String({ format: 'email', minLength: 3, maxLength: 254 }),
  role: Type.Optional({ ...RoleSchema, description: 'Default MEMBER. Only an OWNER may grant OWNER.' }),
});
export type AddMemberBody = Static<typeof AddMemberBody>;

export const UpdateMemberBody = Type.Object({ role: RoleSchema });
export type UpdateMemberBody = Static<typeof UpdateMemberBody>;

export const AcceptInviteBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export type AcceptInviteBody = Static<typeof AcceptInviteBody>;

export const MemberView = Type.Object({
  userId: Type.String(),
  email: Type.String(),
  role: RoleSchema,
  joinedAt: Type.String({ format: 'date-time' }),
});
export type MemberView = Static<typeof MemberView>;

export const InviteView = Type.Object({
  id: Type.String(),
  email: Type.String(),
  role: RoleSchema,
  invitedAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type InviteView = Static<typeof InviteView>;

export const TeamView = Type.Object({
  members: Type.Array(MemberView),
  invites: Type.Array(InviteView, { description: 'Pending invitations (not accepted, not expired).' }),
});
export type TeamView = Static<typeof TeamView>;

/** What accepting an invitation answers: the project joined and the caller's membership in it. */
export const JoinedView = Type.Object({ projectId: Type.String(), ...MemberView.properties });
export type JoinedView = Static<typeof JoinedView>;
