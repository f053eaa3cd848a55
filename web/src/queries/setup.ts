/**
 * The project's setup checklist (the Overview's "Get set up"). A first domain, contact, template,
 * campaign or send ticks a step: those writes refresh it (queries/affects.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { type ProjectScope, setupKeys } from './keys.ts';

export const setupQueries = {
  state: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: [...setupKeys.all(projectId), 'state'],
      queryFn: () => api.get('/projects/{id}/setup-state', { path: { id: projectId } }),
    }),
};
