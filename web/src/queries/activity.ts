/**
 * The activity feed and what sits beside it: pages of the feed (the Activity screen; a contact's
 * timeline is the same feed filtered by `contactId`), a one-item peek used to count newer items,
 * the figures of a period, the types present, the last hour's count and what is coming up.
 * Anything that sends, tracks or changes subscriptions makes these stale (queries/affects.ts). The
 * feed has no records of its own: everything sits under the activity's lists.
 */
import { hashKey, infiniteQueryOptions, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { activityKeys, type ProjectScope } from './keys.ts';

type FeedParams = NonNullable<Operation<'/activity', 'get'>['parameters']['query']>;
/** A feed's filters; the cursor is the infinite query's own. */
export type FeedQuery = Omit<FeedParams, 'cursor'>;
export type ActivityItem = ResponseBody<Operation<'/activity', 'get'>>['data'][number];
type StatsQuery = NonNullable<Operation<'/activity/stats', 'get'>['parameters']['query']>;

export const activityQueries = {
  /** The feed, newest first, page after page ("Load older"). */
  feed: ({ api, projectId }: ProjectScope, query: FeedQuery) =>
    infiniteQueryOptions({
      queryKey: [...activityKeys.lists(projectId), 'feed', query],
      queryFn: ({ pageParam }) => api.get('/activity', { query: { ...query, cursor: pageParam || undefined } }),
      initialPageParam: '',
      getNextPageParam: (last) => (last.hasMore ? last.cursor : undefined),
    }),
  /** The first page of a filter alone: with `limit: 1`, its `total` counts the matches. */
  count: ({ api, projectId }: ProjectScope, query: FeedQuery) =>
    queryOptions({
      queryKey: [...activityKeys.lists(projectId), 'count', query],
      queryFn: () => api.get('/activity', { query: { ...query, limit: 1 } }),
    }),
  stats: ({ api, projectId }: ProjectScope, query: StatsQuery) =>
    queryOptions({
      queryKey: [...activityKeys.lists(projectId), 'stats', query],
      queryFn: () => api.get('/activity/stats', { query }),
    }),
  types: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: [...activityKeys.lists(projectId), 'types'],
      queryFn: () => api.get('/activity/types'),
    }),
  recentCount: ({ api, projectId }: ProjectScope, minutes: number) =>
    queryOptions({
      queryKey: [...activityKeys.lists(projectId), 'recent-count', minutes],
      queryFn: () => api.get('/activity/recent-count', { query: { minutes } }),
    }),
  upcoming: ({ api, projectId }: ProjectScope, limit: number) =>
    queryOptions({
      queryKey: [...activityKeys.lists(projectId), 'upcoming', limit],
      queryFn: () => api.get('/activity/upcoming', { query: { limit } }),
    }),
};

/**
 * "Show new" on feed `query`: the feed starts again from its first page (older pages loaded before
 * would sit under a gap), then the rest of the activity (figures, types, counts) is refreshed, but
 * not the feed just reloaded.
 */
export function useShowNewActivity(scope: ProjectScope, query: FeedQuery): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    const { queryKey } = activityQueries.feed(scope, query);
    await client.resetQueries({ queryKey, exact: true });
    const feed = hashKey(queryKey);
    void client.invalidateQueries({
      queryKey: activityKeys.lists(scope.projectId),
      predicate: (q) => q.queryHash !== feed,
    });
  };
}
