/** Contacts and their fields: one contact (pages, links across screens) and the field catalogue. */
import { queryOptions } from '@tanstack/react-query';
import { type ProjectScope, resourceKey } from './keys.ts';

export const contactQueries = {
  all: (projectId: string) => resourceKey(projectId, 'contacts'),
  one: ({ api, projectId }: ProjectScope, id: string) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'contacts', 'one', id),
      queryFn: () => api.get('/contacts/{id}', { path: { id } }),
    }),
};

/** Fields change with contact writes: a contact mutation invalidates `fieldQueries.all` too. */
export const fieldQueries = {
  all: (projectId: string) => resourceKey(projectId, 'fields'),
  list: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'fields', 'list'),
      queryFn: () => api.get('/contacts/fields'),
      staleTime: 30_000,
    }),
};
