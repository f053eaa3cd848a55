/**
 * Analytics: the email figures over time (the Analytics screen and the Overview's last 30 days share
 * this one factory), the top campaigns and events, and every campaign's breakdown. Sends, campaign
 * changes and tracked events make these stale (queries/affects.ts).
 */
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { analyticsKeys, type ProjectScope } from './keys.ts';

type GetQuery<P extends '/analytics/timeseries' | '/analytics/top-campaigns' | '/analytics/top-events'> = NonNullable<
  Operation<P, 'get'>['parameters']['query']
>;

export type TimeseriesQuery = GetQuery<'/analytics/timeseries'>;
export type Timeseries = ResponseBody<Operation<'/analytics/timeseries', 'get'>>;
export type CampaignMetric = NonNullable<GetQuery<'/analytics/top-campaigns'>['metric']>;
export type CampaignBreakdownRow = ResponseBody<Operation<'/analytics/campaign-stats', 'get'>>['data'][number];

export const analyticsQueries = {
  /** Buckets of the figures; the caller passes the viewer's `timezone` so days are its days. */
  timeseries: ({ api, projectId }: ProjectScope, query: TimeseriesQuery) =>
    queryOptions({
      queryKey: [...analyticsKeys.lists(projectId), 'timeseries', query],
      queryFn: () => api.get('/analytics/timeseries', { query }),
      placeholderData: keepPreviousData,
    }),
  topCampaigns: ({ api, projectId }: ProjectScope, metric: CampaignMetric, limit = 5) =>
    queryOptions({
      queryKey: [...analyticsKeys.lists(projectId), 'top-campaigns', metric, limit],
      queryFn: () => api.get('/analytics/top-campaigns', { query: { metric, limit } }),
      placeholderData: keepPreviousData,
    }),
  topEvents: ({ api, projectId }: ProjectScope, query: GetQuery<'/analytics/top-events'>) =>
    queryOptions({
      queryKey: [...analyticsKeys.lists(projectId), 'top-events', query],
      queryFn: () => api.get('/analytics/top-events', { query }),
      placeholderData: keepPreviousData,
    }),
  /** Every campaign's figures, 20 at a time ("Load more"). */
  campaignStats: ({ api, projectId }: ProjectScope) =>
    infiniteQueryOptions({
      queryKey: [...analyticsKeys.lists(projectId), 'campaign-stats'],
      queryFn: ({ pageParam }) =>
        api.get('/analytics/campaign-stats', { query: { limit: 20, cursor: pageParam || undefined } }),
      initialPageParam: '',
      getNextPageParam: (last) => (last.hasMore ? last.cursor : undefined),
    }),
};
