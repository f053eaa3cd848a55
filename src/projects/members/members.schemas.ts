/** Views and bodies of the team endpoints (members and invitations). */
import { type Static, Type } from 'typebox';
import { DateTime, Id, literals } from '../../http/schemas.ts';

export const RoleSchema = literals(['OWNER', 'ADMIN', 'MEMBER']);

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

/** Who a membership or an invitation is for. */
const Person = { email: Type.String(), role: RoleSchema };

export const MemberView = Type.Object({ userId: Type.String(), ...Person, joinedAt: DateTime });
export type MemberView = Static<typeof MemberView>;

export const InviteView = Type.Object({ id: Type.String(), ...Person, invitedAt: DateTime, expiresAt: DateTime });
export type InviteView = Static<typeof InviteView>;

export const TeamView = Type.Object({
  members: Type.Array(MemberView),
  invites: Type.Array(InviteView, { description: 'Pending invitations (not accepted, not expired).' }),
});
export type TeamView = Static<typeof TeamView>;

/** What accepting an invitation answers: the project joined and the caller's membership in it. */
export const JoinedView = Type.Object({ projectId: Type.String(), ...MemberView.properties });
export type JoinedView = Static<typeof JoinedView>;
