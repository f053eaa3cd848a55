/**
 * Segments: the list (the page and every picker), one segment, its members by page, and the live
 * count of a filter being edited. Every key starts with the segments prefix, so a segment change
 * refreshes all of them; a segment's members sit under its `one` key.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Operation, RequestBody, ResponseBody } from '../../../client/index.ts';
import { type ProjectScope, segmentKeys } from './keys.ts';

export type Segment = ResponseBody<Operation<'/segments/{id}', 'get'>>;
export type SegmentMember = ResponseBody<Operation<'/segments/{id}/contacts', 'get'>>['data'][number];
export type SegmentPreview = ResponseBody<Operation<'/segments/preview', 'post'>>;
export type PreviewBody = RequestBody<Operation<'/segments/preview', 'post'>>;

export const MEMBERS_PAGE_SIZE = 25;

export const segmentQueries = {
  all: (projectId: string) => segmentKeys.all(projectId), // LEGACY(issue-40)
  list: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: segmentKeys.lists(projectId),
      queryFn: () => api.get('/segments'),
    }),
  one: ({ api, projectId }: ProjectScope, id: string) =>
    queryOptions({
      queryKey: segmentKeys.detail(projectId, id),
      queryFn: () => api.get('/segments/{id}', { path: { id } }),
    }),
  members: ({ api, projectId }: ProjectScope, id: string, page: number) =>
    queryOptions({
      queryKey: [...segmentKeys.detail(projectId, id), 'members', page],
      queryFn: () => api.get('/segments/{id}/contacts', { path: { id }, query: { page, pageSize: MEMBERS_PAGE_SIZE } }),
      placeholderData: keepPreviousData,
    }),
  /** Who a filter being edited matches now (POST, but a read): the count and the first five. */
  preview: ({ api, projectId }: ProjectScope, body: PreviewBody) =>
    queryOptions({
      queryKey: [...segmentKeys.all(projectId), 'preview', body],
      queryFn: ({ signal }) => api.post('/segments/preview', { body: { ...body, sampleSize: 5 }, signal }),
      placeholderData: keepPreviousData,
      retry: false,
      // Contacts change under it; a few seconds is as fresh as a filter being typed needs.
      staleTime: 5_000,
    }),
};
