/**
 * Events: the names tracked in the project (the events page, filter builders, workflow triggers),
 * the totals, a page of tracked events, and where a name is used. Tracking or deleting events also
 * changes contacts, the activity feed and the overview: see `eventQueries.affected`.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { contactQueries, fieldQueries } from './contacts.ts';
import { type ProjectScope, resourceKey } from './keys.ts';

type ListQuery = NonNullable<Operation<'/events', 'get'>['parameters']['query']>;

export type EventPage = ResponseBody<Operation<'/events', 'get'>>;
export type TrackedEvent = EventPage['data'][number];
export type EventName = ResponseBody<Operation<'/events/names', 'get'>>['names'][number];
export type EventUsage = ResponseBody<Operation<'/events/{eventName}/usage', 'get'>>;

export const eventQueries = {
  all: (projectId: string) => resourceKey(projectId, 'events'),
  /** What a tracked or deleted event changes: its own lists, the contact (created, fields), the feed, the overview. */
  affected: (projectId: string) => [
    eventQueries.all(projectId),
    contactQueries.all(projectId),
    fieldQueries.all(projectId),
    resourceKey(projectId, 'activity'),
    resourceKey(projectId, 'overview'),
  ],
  names: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'events', 'names'),
      queryFn: () => api.get('/events/names'),
      staleTime: 30_000,
    }),
  stats: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'events', 'stats'),
      queryFn: () => api.get('/events/stats'),
    }),
  /** One page, newest first; `total` comes with the first page only. */
  list: ({ api, projectId }: ProjectScope, query: ListQuery = {}) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'events', 'list', query),
      queryFn: () => api.get('/events', { query }),
      placeholderData: keepPreviousData,
    }),
  usage: ({ api, projectId }: ProjectScope, eventName: string) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'events', 'usage', eventName),
      queryFn: () => api.get('/events/{eventName}/usage', { path: { eventName } }),
    }),
};
