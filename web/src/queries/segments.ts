/**
 * Segments: the list (the page and every picker), one segment, its members by page, and the live
 * count of a filter being edited; creating, changing, counting, recomputing and deleting a segment,
 * and adding or removing a static segment's members. A segment's members sit under its detail key.
 */
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Operation, RequestBody, ResponseBody } from '../../../client/index.ts';
import { affects } from './affects.ts';
import { storesAnswer } from './cache.ts';
import { type ProjectScope, removal, segmentKeys } from './keys.ts';

export type Segment = ResponseBody<Operation<'/segments/{id}', 'get'>>;
export type SegmentMember = ResponseBody<Operation<'/segments/{id}/contacts', 'get'>>['data'][number];
export type SegmentPreview = ResponseBody<Operation<'/segments/preview', 'post'>>;
export type PreviewBody = RequestBody<Operation<'/segments/preview', 'post'>>;
export type NewSegment = RequestBody<Operation<'/segments', 'post'>>;
export type SegmentChange = RequestBody<Operation<'/segments/{id}', 'patch'>>;
export type NewMembers = RequestBody<Operation<'/segments/{id}/members', 'post'>>;

export const MEMBERS_PAGE_SIZE = 25;

export const segmentQueries = {
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

export const segmentMutations = {
  /** Creates a segment; the answer is its detail, so its screen opens without asking again. */
  create: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: segmentKeys.mutation(projectId, 'create'),
      mutationFn: (body: NewSegment) => api.post('/segments', { body }),
      onSuccess: storesAnswer<Segment>(segmentKeys, projectId),
      meta: { invalidates: affects.segments(projectId) },
    }),
  update: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: segmentKeys.mutation(projectId, 'update'),
      mutationFn: (body: SegmentChange) => api.patch('/segments/{id}', { path: { id }, body }),
      onSuccess: storesAnswer<Segment>(segmentKeys, projectId),
      meta: { invalidates: affects.segments(projectId) },
    }),
  /** Counts the members again and stores the count. */
  refresh: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: segmentKeys.mutation(projectId, 'refresh'),
      mutationFn: () => api.post('/segments/{id}/refresh', { path: { id } }),
      meta: { invalidates: affects.segments(projectId) },
    }),
  /**
   * Recomputes a tracked segment's membership now. Each entry and exit is a recorded event, which
   * changes what tracking an event changes (workflows it starts among them).
   */
  compute: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: segmentKeys.mutation(projectId, 'compute'),
      mutationFn: () => api.post('/segments/{id}/compute', { path: { id } }),
      meta: { invalidates: [...affects.segments(projectId), ...affects.events(projectId)] },
    }),
  remove: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: segmentKeys.mutation(projectId, 'delete'),
      mutationFn: () => api.delete('/segments/{id}', { path: { id } }),
      meta: { invalidates: affects.segments(projectId), removes: removal(segmentKeys, projectId, id) },
    }),
  /** Adds people to static segment `id` by email; with `createMissing`, unknown addresses become contacts. */
  addMembers: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: segmentKeys.mutation(projectId, 'add-members'),
      mutationFn: (body: NewMembers) => api.post('/segments/{id}/members', { path: { id }, body }),
      meta: { invalidates: [...affects.segments(projectId), ...affects.contacts(projectId)] },
    }),
  removeMember: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: segmentKeys.mutation(projectId, 'remove-member'),
      mutationFn: (email: string) => api.delete('/segments/{id}/members', { path: { id }, body: { emails: [email] } }),
      meta: { invalidates: affects.segments(projectId) },
    }),
};
