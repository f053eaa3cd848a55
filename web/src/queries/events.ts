/**
 * Events: the names tracked in the project (the events page, filter builders, workflow triggers),
 * the totals, a page of tracked events, and where a name is used. Tracking or deleting events also
 * changes contacts, the activity feed and the figures: see queries/affects.ts.
 */

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { affects } from './affects.ts'; // LEGACY(issue-40)
import { eventKeys, type ProjectScope } from './keys.ts';

type ListQuery = NonNullable<Operation<'/events', 'get'>['parameters']['query']>;

export type EventPage = ResponseBody<Operation<'/events', 'get'>>;
export type TrackedEvent = EventPage['data'][number];
export type EventName = ResponseBody<Operation<'/events/names', 'get'>>['names'][number];
export type EventUsage = ResponseBody<Operation<'/events/{eventName}/usage', 'get'>>;

export const eventQueries = {
  all: (projectId: string) => eventKeys.all(projectId), // LEGACY(issue-40)
  affected: (projectId: string) => affects.events(projectId), // LEGACY(issue-40)
  names: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: [...eventKeys.all(projectId), 'names'],
      queryFn: () => api.get('/events/names'),
      staleTime: 30_000,
    }),
  stats: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: [...eventKeys.all(projectId), 'stats'],
      queryFn: () => api.get('/events/stats'),
    }),
  /** One page, newest first; `total` comes with the first page only. */
  list: ({ api, projectId }: ProjectScope, query: ListQuery = {}) =>
    queryOptions({
      queryKey: [...eventKeys.lists(projectId), query],
      queryFn: () => api.get('/events', { query }),
      placeholderData: keepPreviousData,
    }),
  usage: ({ api, projectId }: ProjectScope, eventName: string) =>
    queryOptions({
      queryKey: [...eventKeys.detail(projectId, eventName), 'usage'],
      queryFn: () => api.get('/events/{eventName}/usage', { path: { eventName } }),
    }),
};
