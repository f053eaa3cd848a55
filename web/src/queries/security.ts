/** A project's sending health against the suspension thresholds, and its suspensions. */
import { queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { type ProjectScope, resourceKey } from './keys.ts';

export type Security = ResponseBody<Operation<'/projects/{id}/security', 'get'>>;
export type Suspension = Security['suspensions'][number];

export const securityQueries = {
  all: (projectId: string) => resourceKey(projectId, 'security'),
  health: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'security', 'health'),
      queryFn: () => api.get('/projects/{id}/security', { path: { id: projectId } }),
    }),
};
