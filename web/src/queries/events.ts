/**
 * Events: the names tracked in the project (the events page, filter builders, workflow triggers),
 * the totals, a page of tracked events, and where a name is used; tracking one by hand and deleting
 * every event of a name. Events change much besides their own lists (the contact, segments, the
 * feed, the figures, workflow runs): see queries/affects.ts.
 */

import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Operation, RequestBody, ResponseBody } from '../../../client/index.ts';
import { affects } from './affects.ts';
import { eventKeys, type ProjectScope, removal } from './keys.ts';

type ListQuery = NonNullable<Operation<'/events', 'get'>['parameters']['query']>;

export type EventPage = ResponseBody<Operation<'/events', 'get'>>;
export type TrackedEvent = EventPage['data'][number];
export type EventName = ResponseBody<Operation<'/events/names', 'get'>>['names'][number];
export type EventUsage = ResponseBody<Operation<'/events/{eventName}/usage', 'get'>>;
export type TrackBody = RequestBody<Operation<'/events/track', 'post'>>;

export const eventQueries = {
  names: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: [...eventKeys.lists(projectId), 'names'],
      queryFn: () => api.get('/events/names'),
      staleTime: 30_000,
    }),
  stats: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: [...eventKeys.lists(projectId), 'stats'],
      queryFn: () => api.get('/events/stats'),
    }),
  /** One page, newest first; `total` comes with the first page only. */
  list: ({ api, projectId }: ProjectScope, query: ListQuery = {}) =>
    queryOptions({
      queryKey: [...eventKeys.lists(projectId), 'page', query],
      queryFn: () => api.get('/events', { query }),
      placeholderData: keepPreviousData,
    }),
  usage: ({ api, projectId }: ProjectScope, eventName: string) =>
    queryOptions({
      queryKey: [...eventKeys.detail(projectId, eventName), 'usage'],
      queryFn: () => api.get('/events/{eventName}/usage', { path: { eventName } }),
    }),
};

export const eventMutations = {
  /** Tracks an event as the app would (POST /events/track): the contact is created when new. */
  track: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: eventKeys.mutation(projectId, 'track'),
      mutationFn: (body: TrackBody) => api.post('/events/track', { body }),
      meta: { invalidates: affects.events(projectId) },
    }),
  /** Deletes every event named `eventName`; the name is gone with them. */
  removeName: ({ api, projectId }: ProjectScope, eventName: string) =>
    mutationOptions({
      mutationKey: eventKeys.mutation(projectId, 'delete'),
      mutationFn: () => api.delete('/events/{eventName}', { path: { eventName } }),
      meta: { invalidates: affects.events(projectId), removes: removal(eventKeys, projectId, eventName) },
    }),
};
