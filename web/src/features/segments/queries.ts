/** Segments data: the list, one segment, its members, the filter catalog and the live preview. */

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Operation, ResponseBody } from '../../../../client/index.ts';
import { projectKey, useProject } from '../../app/project-context.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { buildFieldOptions, type FieldOption } from './filter-model.ts';

export type Segment = ResponseBody<Operation<'/segments/{id}', 'get'>>;
export type SegmentMember = ResponseBody<Operation<'/segments/{id}/contacts', 'get'>>['data'][number];
export type SegmentPreview = ResponseBody<Operation<'/segments/preview', 'post'>>;

export const segmentsKey = (projectId: string) => projectKey(projectId, 'segments');
export const segmentKey = (projectId: string, id: string) => projectKey(projectId, 'segments', id);

export function useSegments() {
  const { api, projectId } = useProject();
  return useQuery({ queryKey: segmentsKey(projectId), queryFn: () => api.get('/segments') });
}

export function useSegment(id: string) {
  const { api, projectId } = useProject();
  return useQuery({
    queryKey: segmentKey(projectId, id),
    queryFn: () => api.get('/segments/{id}', { path: { id } }),
  });
}

export const MEMBERS_PAGE_SIZE = 25;

export function useSegmentMembers(id: string, page: number) {
  const { api, projectId } = useProject();
  return useQuery({
    queryKey: [...segmentKey(projectId, id), 'members', page],
    queryFn: () => api.get('/segments/{id}/contacts', { path: { id }, query: { page, pageSize: MEMBERS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Everything a filter condition can test in this project: contact fields with their types, custom
 * event names, email facts and the other segments.
 */
export function useFieldOptions(excludeSegmentId?: string) {
  const { api, projectId } = useProject();
  const fields = useQuery({
    queryKey: projectKey(projectId, 'contact-fields'),
    queryFn: () => api.get('/contacts/fields'),
    staleTime: 60_000,
  });
  const events = useQuery({
    queryKey: projectKey(projectId, 'event-names'),
    queryFn: () => api.get('/events/names'),
    staleTime: 60_000,
  });
  const segments = useSegments();
  const options = useMemo<FieldOption[] | undefined>(() => {
    if (!fields.data || !events.data || !segments.data) return undefined;
    return buildFieldOptions({
      fields: fields.data.fields,
      events: events.data.names,
      segments: segments.data,
      excludeSegmentId,
    });
  }, [fields.data, events.data, segments.data, excludeSegmentId]);
  const error = fields.error ?? events.error ?? segments.error;
  const retry = () => {
    if (fields.isError) void fields.refetch();
    if (events.isError) void events.refetch();
    if (segments.isError) void segments.refetch();
  };
  return { options, error, retry };
}

/**
 * The live count of a filter being edited: POST /segments/preview once the filter has been still
 * for a moment; `body` undefined (an incomplete filter) asks nothing.
 */
export function useSegmentPreview(body: { filters: unknown; segmentId?: string } | undefined) {
  const { api, projectId } = useProject();
  const key = body ? JSON.stringify(body) : undefined;
  const debounced = useDebouncedValue(key, 400);
  const settled = debounced === key;
  const query = useQuery({
    queryKey: projectKey(projectId, 'segment-preview', debounced),
    queryFn: ({ signal }) =>
      api.post('/segments/preview', { body: { ...JSON.parse(debounced!), sampleSize: 5 }, signal }),
    enabled: debounced !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 5_000,
  });
  return { ...query, settling: !settled || query.isFetching };
}
