/**
 * A project's team: its members and pending invitations (GET /projects/:id/members), and the team's
 * writes: inviting, changing a role, removing a member, revoking an invitation. Leaving the project
 * is the project's write (projects.ts): it ends the member's access to everything in it.
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Operation, RequestBody, ResponseBody } from '../../../client/index.ts';
import { sessionKeys } from '../api/session.ts';
import { affects } from './affects.ts';
import { memberKeys, type ProjectScope } from './keys.ts';

export type Team = ResponseBody<Operation<'/projects/{id}/members', 'get'>>;
export type Member = Team['members'][number];
export type Invite = Team['invites'][number];
export type Role = Member['role'];
export type Invitation = RequestBody<Operation<'/projects/{id}/members', 'post'>>;

export const memberQueries = {
  team: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: memberKeys.lists(projectId),
      queryFn: () => api.get('/projects/{id}/members', { path: { id: projectId } }),
    }),
};

export const memberMutations = {
  /** Adds a person who has an account (201, a member now), else mails them an invitation (202). */
  invite: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: memberKeys.mutation(projectId, 'invite'),
      mutationFn: (body: Invitation) => api.post('/projects/{id}/members', { path: { id: projectId }, body }),
      meta: { invalidates: affects.members(projectId) },
    }),
  /**
   * Gives member `userId` another role. The team shows it at once and goes back if the API refuses.
   * The projects answer follows too: a change of one's own role changes what one may do.
   */
  changeRole: ({ api, projectId }: ProjectScope) => {
    const teamKey = memberKeys.lists(projectId);
    return mutationOptions({
      mutationKey: memberKeys.mutation(projectId, 'change-role'),
      mutationFn: ({ userId, role }: { userId: string; role: Role }) =>
        api.patch('/projects/{id}/members/{userId}', { path: { id: projectId, userId }, body: { role } }),
      meta: { invalidates: [...affects.members(projectId), sessionKeys.projects] },
      onMutate: async ({ userId, role }, { client }) => {
        await client.cancelQueries({ queryKey: teamKey });
        const before = client.getQueryData<Team>(teamKey);
        client.setQueryData<Team>(
          teamKey,
          (t) => t && { ...t, members: t.members.map((m) => (m.userId === userId ? { ...m, role } : m)) },
        );
        return { before };
      },
      onError: (_e, _v, onMutate, { client }) => {
        if (onMutate?.before) client.setQueryData(teamKey, onMutate.before);
      },
    });
  },
  /** Takes member `userId` out of the project (someone else: leaving is projectMutations.leave). */
  remove: ({ api, projectId }: ProjectScope, userId: string) =>
    mutationOptions({
      mutationKey: memberKeys.mutation(projectId, 'remove'),
      mutationFn: () => api.delete('/projects/{id}/members/{userId}', { path: { id: projectId, userId } }),
      meta: { invalidates: affects.members(projectId) },
    }),
  /** Revokes invitation `inviteId`: the link in its email stops working. */
  revokeInvite: ({ api, projectId }: ProjectScope, inviteId: string) =>
    mutationOptions({
      mutationKey: memberKeys.mutation(projectId, 'revoke-invite'),
      mutationFn: () => api.delete('/projects/{id}/invites/{inviteId}', { path: { id: projectId, inviteId } }),
      meta: { invalidates: affects.members(projectId) },
    }),
};
