/** Segments: the list (the page and every picker) and one segment. */
import { queryOptions } from '@tanstack/react-query';
import { type ProjectScope, resourceKey } from './keys.ts';

export const segmentQueries = {
  all: (projectId: string) => resourceKey(projectId, 'segments'),
  list: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'segments', 'list'),
      queryFn: () => api.get('/segments'),
    }),
  one: ({ api, projectId }: ProjectScope, id: string) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'segments', 'one', id),
      queryFn: () => api.get('/segments/{id}', { path: { id } }),
    }),
};
