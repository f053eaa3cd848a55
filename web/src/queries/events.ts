/** Events: the names tracked in the project (the events page, filter builders, workflow triggers). */
import { queryOptions } from '@tanstack/react-query';
import { type ProjectScope, resourceKey } from './keys.ts';

export const eventQueries = {
  all: (projectId: string) => resourceKey(projectId, 'events'),
  names: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'events', 'names'),
      queryFn: () => api.get('/events/names'),
      staleTime: 30_000,
    }),
};
