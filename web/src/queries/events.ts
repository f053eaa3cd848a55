/**
 * Events: the names tracked in the project (the events page, filter builders, workflow triggers),
 * the totals, a page of tracked events, and where a name is used. Tracking or deleting events also
 * changes contacts, the activity feed and the overview: see `eventQueries.affected`.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { activityQueries } from './activity.ts';
import { analyticsQueries } from './analytics.ts';
import { contactQueries, fieldQueries } from './contacts.ts';
import { type ProjectScope, resourceKey } from './keys.ts';
import { overviewQueries } from './overview.ts';
import { setupQueries } from './setup.ts';

type ListQuery = NonNullable<Operation<'/events', 'get'>['parameters']['query']>;

export type EventPage = ResponseBody<Operation<'/events', 'get'>>;
export type TrackedEvent = EventPage['data'][number];
export type EventName = ResponseBody<Operation<'/events/names', 'get'>>['names'][number];
export type EventUsage = ResponseBody<Operation<'/events/{eventName}/usage', 'get'>>;

export const eventQueries = {
  all: (projectId: string) => resourceKey(projectId, 'events'),
  /**
   * What a tracked or deleted event changes: its own lists, the contact (created, its fields), the
   * feed, the event rankings, the overview and its checklist.
   */
  affected: (projectId: string) => [
    eventQueries.all(projectId),
    contactQueries.all(projectId),
    fieldQueries.all(projectId),
    activityQueries.all(projectId),
    analyticsQueries.all(projectId),
    overviewQueries.all(projectId),
    setupQueries.all(projectId),
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
