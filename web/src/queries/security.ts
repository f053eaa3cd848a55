/** A project's sending health against the suspension thresholds, its suspensions, and reinstating it. */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { sessionKeys } from '../api/session.ts';
import { type ProjectScope, securityKeys } from './keys.ts';

export type Security = ResponseBody<Operation<'/projects/{id}/security', 'get'>>;
export type Suspension = Security['suspensions'][number];

export const securityQueries = {
  health: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: [...securityKeys.all(projectId), 'health'],
      queryFn: () => api.get('/projects/{id}/security', { path: { id: projectId } }),
    }),
};

export const securityMutations = {
  /** Lifts a suspension: sending is back on. The projects answer carries `disabled` (the banner over every screen). */
  reinstate: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: securityKeys.mutation(projectId, 'reinstate'),
      mutationFn: () => api.post('/users/@me/projects/{id}/reinstate', { path: { id: projectId } }),
      meta: { invalidates: [securityKeys.all(projectId), sessionKeys.projects] },
    }),
};
