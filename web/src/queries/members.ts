/** A project's team: its members and pending invitations (GET /projects/:id/members). */
import { queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { memberKeys, type ProjectScope } from './keys.ts';

export type Team = ResponseBody<Operation<'/projects/{id}/members', 'get'>>;
export type Member = Team['members'][number];
export type Invite = Team['invites'][number];

export const memberQueries = {
  all: (projectId: string) => memberKeys.all(projectId), // LEGACY(issue-40)
  team: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: memberKeys.lists(projectId),
      queryFn: () => api.get('/projects/{id}/members', { path: { id: projectId } }),
    }),
};
