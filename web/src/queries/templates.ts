/** Templates: the list (pages and the pickers of campaigns and workflow steps) and one template. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Operation } from '../../../client/index.ts';
import { type ProjectScope, resourceKey } from './keys.ts';

type ListQuery = NonNullable<Operation<'/templates', 'get'>['parameters']['query']>;

/** Pickers show the first 100 by the API's order. */
export const PICKER_SIZE = 100;

export const templateQueries = {
  all: (projectId: string) => resourceKey(projectId, 'templates'),
  list: ({ api, projectId }: ProjectScope, query: ListQuery = {}) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'templates', 'list', query),
      queryFn: () => api.get('/templates', { query }),
      placeholderData: keepPreviousData,
    }),
  picker: (scope: ProjectScope) => templateQueries.list(scope, { pageSize: PICKER_SIZE }),
  one: ({ api, projectId }: ProjectScope, id: string) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'templates', 'one', id),
      queryFn: () => api.get('/templates/{id}', { path: { id } }),
    }),
};
