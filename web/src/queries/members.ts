/** A project's team: its members and pending invitations (GET /projects/:id/members). */
import { queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { type ProjectScope, resourceKey } from './keys.ts';

export type Team = ResponseBody<Operation<'/projects/{id}/members', 'get'>>;
export type Member = Team['members'][number];
export type Invite = Team['invites'][number];

export const memberQueries = {
  all: (projectId: string) => resourceKey(projectId, 'members'),
  team: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'members', 'team'),
      queryFn: () => api.get('/projects/{id}/members', { path: { id: projectId } }),
    }),
};
