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
export type TemplateFormat = Template['format'];
export type TemplateVersionSummary = ResponseBody<Operation<'/templates/{id}/versions', 'get'>>['versions'][number];
export type TemplateVersion = ResponseBody<Operation<'/templates/{id}/versions/{version}', 'get'>>;
export type TemplateDraftBody = RequestBody<Operation<'/templates/{id}/draft', 'put'>>;
export type PreviewBody = RequestBody<Operation<'/templates/preview', 'post'>>;
export type Preview = ResponseBody<Operation<'/templates/preview', 'post'>>;

/**
 * A save from the editor: the template's changes published as a new version, or (`asDraft`) its
 * subject and content kept as the draft, the other fields (name, sender…) saved as they are.
 */
export interface TemplateSave {
  change: TemplateChange;
  asDraft: boolean;
}

const CONTENT_FIELDS = ['subject', 'format', 'body', 'document'] as const;

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
  /** A page of its versions, newest first. */
  versions: ({ api, projectId }: ProjectScope, id: string, page: number, pageSize: number) =>
    queryOptions({
      queryKey: [...templateKeys.detail(projectId, id), 'versions', { page, pageSize }],
      queryFn: () => api.get('/templates/{id}/versions', { path: { id }, query: { page, pageSize } }),
      placeholderData: keepPreviousData,
    }),
  /** One version's whole content; a version never changes once made. */
  version: ({ api, projectId }: ProjectScope, id: string, version: number) =>
    queryOptions({
      queryKey: [...templateKeys.detail(projectId, id), 'version', version],
      queryFn: () => api.get('/templates/{id}/versions/{version}', { path: { id, version: String(version) } }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /**
   * An email rendered by the server as it would be sent (MJML and block documents compiled, Liquid
   * filled from `body.data`); POST, but a read that stores nothing. The same body renders the same.
   */
  preview: ({ api, projectId }: ProjectScope, body: PreviewBody) =>
    queryOptions({
      queryKey: [...templateKeys.all(projectId), 'preview', body],
      queryFn: ({ signal }) => api.post('/templates/preview', { body, signal }),
      placeholderData: keepPreviousData,
      retry: false,
      staleTime: 60_000,
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
  /**
   * Saves from the editor (TemplateSave): published, or kept as the draft, the rest of the fields
   * saved first when they changed. Both carry `baseVersion`: a newer version saved meanwhile is a 409.
   */
  save: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: templateKeys.mutation(projectId, 'save'),
      mutationFn: async ({ change, asDraft }: TemplateSave) => {
        if (!asDraft) return api.patch('/templates/{id}', { path: { id }, body: change });
        const draft: Record<string, unknown> = { baseVersion: change.baseVersion };
        const rest: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(change)) {
          if ((CONTENT_FIELDS as readonly string[]).includes(key)) draft[key] = value;
          else if (key !== 'baseVersion') rest[key] = value;
        }
        if (Object.keys(rest).length > 0)
          await api.patch('/templates/{id}', { path: { id }, body: rest as TemplateChange });
        return api.put('/templates/{id}/draft', { path: { id }, body: draft as TemplateDraftBody });
      },
      meta: { invalidates: affects.templates(projectId) },
      onSuccess: storesAnswer<Template>(templateKeys, projectId),
    }),
  /** Makes the draft the template's content, as a new version. */
  publish: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: templateKeys.mutation(projectId, 'publish'),
      mutationFn: (baseVersion: number) => api.post('/templates/{id}/publish', { path: { id }, body: { baseVersion } }),
      meta: { invalidates: affects.templates(projectId) },
      onSuccess: storesAnswer<Template>(templateKeys, projectId),
    }),
  /** Drops the draft; the template's content is as it was. */
  discardDraft: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: templateKeys.mutation(projectId, 'discard-draft'),
      mutationFn: () => api.delete('/templates/{id}/draft', { path: { id } }),
      meta: { invalidates: affects.templates(projectId) },
    }),
  /** Makes an earlier version's content the template's again, as a new version. */
  restore: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: templateKeys.mutation(projectId, 'restore'),
      mutationFn: ({ version, baseVersion }: { version: number; baseVersion: number }) =>
        api.post('/templates/{id}/versions/{version}/restore', {
          path: { id, version: String(version) },
          body: { baseVersion },
        }),
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
