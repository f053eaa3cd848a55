/**
 * The project's setup checklist (the Overview's "Get set up"). A first domain, contact, template,
 * campaign or send ticks a step: those mutations invalidate `setupQueries.all`.
 */
import { queryOptions } from '@tanstack/react-query';
import { type ProjectScope, resourceKey } from './keys.ts';

export const setupQueries = {
  all: (projectId: string) => resourceKey(projectId, 'setup'),
  state: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'setup', 'state'),
      queryFn: () => api.get('/projects/{id}/setup-state', { path: { id: projectId } }),
    }),
};
