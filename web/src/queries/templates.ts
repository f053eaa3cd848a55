/**
 * Templates: the list (the templates page and the pickers of campaigns and workflow steps), one
 * template and where it is used. A template save or delete refreshes every template key, which
 * refreshes every picker with the list. No campaign query carries template data (a campaign copies
 * the content it starts from), so template changes leave the campaigns' keys alone.
 */

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { affects } from './affects.ts'; // LEGACY(issue-40)
import { type ProjectScope, templateKeys } from './keys.ts';

type ListQuery = NonNullable<Operation<'/templates', 'get'>['parameters']['query']>;

export type Template = ResponseBody<Operation<'/templates/{id}', 'get'>>;
export type TemplateType = Template['type'];
export type TemplateUsage = ResponseBody<Operation<'/templates/{id}/usage', 'get'>>;

/** Pickers show the first 100 by the API's order. */
export const PICKER_SIZE = 100;

export const templateQueries = {
  all: (projectId: string) => templateKeys.all(projectId), // LEGACY(issue-40)
  list: ({ api, projectId }: ProjectScope, query: ListQuery = {}) =>
    queryOptions({
      queryKey: [...templateKeys.lists(projectId), query],
      queryFn: () => api.get('/templates', { query }),
      placeholderData: keepPreviousData,
    }),
  picker: (scope: ProjectScope) => templateQueries.list(scope, { pageSize: PICKER_SIZE }),
  one: ({ api, projectId }: ProjectScope, id: string) =>
    queryOptions({
      queryKey: templateKeys.detail(projectId, id),
      queryFn: () => api.get('/templates/{id}', { path: { id } }),
    }),
  /** The workflows that send it (they block a delete) and the campaigns that name it. */
  usage: ({ api, projectId }: ProjectScope, id: string) =>
    queryOptions({
      queryKey: [...templateKeys.detail(projectId, id), 'usage'],
      queryFn: () => api.get('/templates/{id}/usage', { path: { id } }),
      staleTime: 0,
    }),
};

export const templateEffects = affects.templates; // LEGACY(issue-40)
