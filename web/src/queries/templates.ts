/**
 * Templates: the list (the templates page and the pickers of campaigns and workflow steps), one
 * template and where it is used, and their writes. A template save or delete refreshes every
 * template key, which refreshes every picker with the list. No campaign query carries template data
 * (a campaign copies the content it starts from), so template changes leave the campaigns' keys alone.
 */
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Operation, RequestBody, ResponseBody } from '../../../client/index.ts';
import { affects } from './affects.ts';
import { storesAnswer } from './cache.ts';
import { type ProjectScope, removal, templateKeys } from './keys.ts';

type ListQuery = NonNullable<Operation<'/templates', 'get'>['parameters']['query']>;

export type Template = ResponseBody<Operation<'/templates/{id}', 'get'>>;
export type TemplateType = Template['type'];
export type TemplateUsage = ResponseBody<Operation<'/templates/{id}/usage', 'get'>>;
export type NewTemplate = RequestBody<Operation<'/templates', 'post'>>;
export type TemplateChange = RequestBody<Operation<'/templates/{id}', 'patch'>>;

/** Pickers show the first 100 by the API's order. */
export const PICKER_SIZE = 100;

export const templateQueries = {
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

// Each write answers the template as it is now: the editor it returns to has it without asking.
export const templateMutations = {
  create: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: templateKeys.mutation(projectId, 'create'),
      mutationFn: (body: NewTemplate) => api.post('/templates', { body }),
      meta: { invalidates: affects.templates(projectId) },
      onSuccess: storesAnswer<Template>(templateKeys, projectId),
    }),
  /** Changes template `id`: only the fields the body names. */
  update: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: templateKeys.mutation(projectId, 'update'),
      mutationFn: (body: TemplateChange) => api.patch('/templates/{id}', { path: { id }, body }),
      meta: { invalidates: affects.templates(projectId) },
      onSuccess: storesAnswer<Template>(templateKeys, projectId),
    }),
  duplicate: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: templateKeys.mutation(projectId, 'duplicate'),
      mutationFn: () => api.post('/templates/{id}/duplicate', { path: { id } }),
      meta: { invalidates: affects.templates(projectId) },
      onSuccess: storesAnswer<Template>(templateKeys, projectId),
    }),
  /** Deletes it; the API refuses (409) while a workflow step sends it. */
  remove: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: templateKeys.mutation(projectId, 'delete'),
      mutationFn: () => api.delete('/templates/{id}', { path: { id } }),
      meta: { invalidates: affects.templates(projectId), removes: removal(templateKeys, projectId, id) },
    }),
};
