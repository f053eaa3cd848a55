/**
 * Templates: the list (the templates page and the pickers of campaigns and workflow steps), one
 * template and where it is used. A template save or delete invalidates `templateQueries.all`, which
 * refreshes every picker with the list. No campaign query carries template data (a campaign copies
 * the content it starts from), so template changes leave the campaigns' keys alone.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { type ProjectScope, resourceKey } from './keys.ts';
import { setupQueries } from './setup.ts';

type ListQuery = NonNullable<Operation<'/templates', 'get'>['parameters']['query']>;

export type Template = ResponseBody<Operation<'/templates/{id}', 'get'>>;
export type TemplateType = Template['type'];
export type TemplateUsage = ResponseBody<Operation<'/templates/{id}/usage', 'get'>>;

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
  /** The workflows that send it (they block a delete) and the campaigns that name it. */
  usage: ({ api, projectId }: ProjectScope, id: string) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'templates', 'usage', id),
      queryFn: () => api.get('/templates/{id}/usage', { path: { id } }),
      staleTime: 0,
    }),
};

/**
 * What a template create, save, copy or delete changes: the templates (every list, picker and
 * usage) and the setup checklist's "first template".
 */
export const templateEffects = (projectId: string) => [templateQueries.all(projectId), setupQueries.all(projectId)];
