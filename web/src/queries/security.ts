/** A project's sending health against the suspension thresholds, and its suspensions. */
import { queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { type ProjectScope, securityKeys } from './keys.ts';

export type Security = ResponseBody<Operation<'/projects/{id}/security', 'get'>>;
export type Suspension = Security['suspensions'][number];

export const securityQueries = {
  all: (projectId: string) => securityKeys.all(projectId), // LEGACY(issue-40)
  health: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: [...securityKeys.all(projectId), 'health'],
      queryFn: () => api.get('/projects/{id}/security', { path: { id: projectId } }),
    }),
};
