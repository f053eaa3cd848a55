/**
 * The activity feed and what sits beside it: pages of the feed (the Activity screen; a contact's
 * timeline is the same feed filtered by `contactId`), a one-item peek used to count newer items,
 * the figures of a period, the types present, the last hour's count and what is coming up.
 * Anything that sends, tracks or changes subscriptions makes these stale (queries/affects.ts).
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { activityKeys, type ProjectScope } from './keys.ts';

type FeedParams = NonNullable<Operation<'/activity', 'get'>['parameters']['query']>;
/** A feed's filters; the cursor is the infinite query's own. */
export type FeedQuery = Omit<FeedParams, 'cursor'>;
export type ActivityItem = ResponseBody<Operation<'/activity', 'get'>>['data'][number];
type StatsQuery = NonNullable<Operation<'/activity/stats', 'get'>['parameters']['query']>;

export const activityQueries = {
  all: (projectId: string) => activityKeys.all(projectId), // LEGACY(issue-40)
  /** The feed, newest first, page after page ("Load older"). */
  feed: ({ api, projectId }: ProjectScope, query: FeedQuery) =>
    infiniteQueryOptions({
      queryKey: [...activityKeys.all(projectId), 'feed', query],
      queryFn: ({ pageParam }) => api.get('/activity', { query: { ...query, cursor: pageParam || undefined } }),
      initialPageParam: '',
      getNextPageParam: (last) => (last.hasMore ? last.cursor : undefined),
    }),
  /** The first page of a filter alone: with `limit: 1`, its `total` counts the matches. */
  count: ({ api, projectId }: ProjectScope, query: FeedQuery) =>
    queryOptions({
      queryKey: [...activityKeys.all(projectId), 'count', query],
      queryFn: () => api.get('/activity', { query: { ...query, limit: 1 } }),
    }),
  stats: ({ api, projectId }: ProjectScope, query: StatsQuery) =>
    queryOptions({
      queryKey: [...activityKeys.all(projectId), 'stats', query],
      queryFn: () => api.get('/activity/stats', { query }),
    }),
  types: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: [...activityKeys.all(projectId), 'types'],
      queryFn: () => api.get('/activity/types'),
    }),
  recentCount: ({ api, projectId }: ProjectScope, minutes: number) =>
    queryOptions({
      queryKey: [...activityKeys.all(projectId), 'recent-count', minutes],
      queryFn: () => api.get('/activity/recent-count', { query: { minutes } }),
    }),
  upcoming: ({ api, projectId }: ProjectScope, limit: number) =>
    queryOptions({
      queryKey: [...activityKeys.all(projectId), 'upcoming', limit],
      queryFn: () => api.get('/activity/upcoming', { query: { limit } }),
    }),
};
