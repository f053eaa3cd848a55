/**
 * The activity feed and what sits beside it: pages of the feed (the Activity screen; a contact's
 * timeline is the same feed filtered by `contactId`), a one-item peek used to count newer items,
 * the figures of a period, the types present, the last hour's count and what is coming up.
 * Anything that sends, tracks or changes subscriptions makes these stale: its mutations invalidate
 * `activityQueries.all`.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { type ProjectScope, resourceKey } from './keys.ts';

type FeedParams = NonNullable<Operation<'/activity', 'get'>['parameters']['query']>;
/** A feed's filters; the cursor is the infinite query's own. */
export type FeedQuery = Omit<FeedParams, 'cursor'>;
export type ActivityItem = ResponseBody<Operation<'/activity', 'get'>>['data'][number];
type StatsQuery = NonNullable<Operation<'/activity/stats', 'get'>['parameters']['query']>;

export const activityQueries = {
  all: (projectId: string) => resourceKey(projectId, 'activity'),
  /** The feed, newest first, page after page ("Load older"). */
  feed: ({ api, projectId }: ProjectScope, query: FeedQuery) =>
    infiniteQueryOptions({
      queryKey: resourceKey(projectId, 'activity', 'feed', query),
      queryFn: ({ pageParam }) => api.get('/activity', { query: { ...query, cursor: pageParam || undefined } }),
      initialPageParam: '',
      getNextPageParam: (last) => (last.hasMore ? last.cursor : undefined),
    }),
  /** The first page of a filter alone: with `limit: 1`, its `total` counts the matches. */
  count: ({ api, projectId }: ProjectScope, query: FeedQuery) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'activity', 'count', query),
      queryFn: () => api.get('/activity', { query: { ...query, limit: 1 } }),
    }),
  stats: ({ api, projectId }: ProjectScope, query: StatsQuery) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'activity', 'stats', query),
      queryFn: () => api.get('/activity/stats', { query }),
    }),
  types: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'activity', 'types'),
      queryFn: () => api.get('/activity/types'),
    }),
  recentCount: ({ api, projectId }: ProjectScope, minutes: number) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'activity', 'recent-count', minutes),
      queryFn: () => api.get('/activity/recent-count', { query: { minutes } }),
    }),
  upcoming: ({ api, projectId }: ProjectScope, limit: number) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'activity', 'upcoming', limit),
      queryFn: () => api.get('/activity/upcoming', { query: { limit } }),
    }),
};
