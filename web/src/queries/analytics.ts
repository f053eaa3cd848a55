/**
 * Analytics: the email figures over time (the Analytics screen and the Overview's last 30 days share
 * this one factory), the top campaigns and events, and every campaign's breakdown. Sends, campaign
 * changes and tracked events make these stale: their mutations invalidate `analyticsQueries.all`.
 */
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { type ProjectScope, resourceKey } from './keys.ts';

type GetQuery<P extends '/analytics/timeseries' | '/analytics/top-campaigns' | '/analytics/top-events'> = NonNullable<
  Operation<P, 'get'>['parameters']['query']
>;

export type TimeseriesQuery = GetQuery<'/analytics/timeseries'>;
export type Timeseries = ResponseBody<Operation<'/analytics/timeseries', 'get'>>;
export type CampaignMetric = NonNullable<GetQuery<'/analytics/top-campaigns'>['metric']>;
export type CampaignBreakdownRow = ResponseBody<Operation<'/analytics/campaign-stats', 'get'>>['data'][number];

export const analyticsQueries = {
  all: (projectId: string) => resourceKey(projectId, 'analytics'),
  /** Buckets of the figures; the caller passes the viewer's `timezone` so days are its days. */
  timeseries: ({ api, projectId }: ProjectScope, query: TimeseriesQuery) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'analytics', 'timeseries', query),
      queryFn: () => api.get('/analytics/timeseries', { query }),
      placeholderData: keepPreviousData,
    }),
  topCampaigns: ({ api, projectId }: ProjectScope, metric: CampaignMetric, limit = 5) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'analytics', 'top-campaigns', metric, limit),
      queryFn: () => api.get('/analytics/top-campaigns', { query: { metric, limit } }),
      placeholderData: keepPreviousData,
    }),
  topEvents: ({ api, projectId }: ProjectScope, query: GetQuery<'/analytics/top-events'>) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'analytics', 'top-events', query),
      queryFn: () => api.get('/analytics/top-events', { query }),
      placeholderData: keepPreviousData,
    }),
  /** Every campaign's figures, 20 at a time ("Load more"). */
  campaignStats: ({ api, projectId }: ProjectScope) =>
    infiniteQueryOptions({
      queryKey: resourceKey(projectId, 'analytics', 'campaign-stats'),
      queryFn: ({ pageParam }) =>
        api.get('/analytics/campaign-stats', { query: { limit: 20, cursor: pageParam || undefined } }),
      initialPageParam: '',
      getNextPageParam: (last) => (last.hasMore ? last.cursor : undefined),
    }),
};
