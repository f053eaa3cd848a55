/**
 * Campaigns: a page of the list, one campaign, its results (stats, time series) and the live count
 * of an audience being edited. Every key starts with the campaigns prefix, so a campaign change
 * refreshes all of them.
 */

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Operation, RequestBody, ResponseBody } from '../../../client/index.ts';
import { affects } from './affects.ts'; // LEGACY(issue-40)
import { campaignKeys, type ProjectScope } from './keys.ts';

export type Campaign = ResponseBody<Operation<'/campaigns/{id}', 'get'>>;
export type CampaignSummary = ResponseBody<Operation<'/campaigns', 'get'>>['campaigns'][number];
export type CampaignStats = ResponseBody<Operation<'/campaigns/{id}/stats', 'get'>>;
export type CampaignTimeseries = ResponseBody<Operation<'/campaigns/{id}/timeseries', 'get'>>;
export type AudienceBody = RequestBody<Operation<'/campaigns/audience', 'post'>>;
/** A filter in either API form (the OpenAPI document's FilterInput). */
export type AudienceFilter = NonNullable<AudienceBody['audienceFilter']>;
type ListQuery = NonNullable<Operation<'/campaigns', 'get'>['parameters']['query']>;
export type SeriesInterval = NonNullable<
  NonNullable<Operation<'/campaigns/{id}/timeseries', 'get'>['parameters']['query']>['interval']
>;

export const campaignQueries = {
  all: (projectId: string) => campaignKeys.all(projectId), // LEGACY(issue-40)
  list: ({ api, projectId }: ProjectScope, query: ListQuery = {}) =>
    queryOptions({
      queryKey: [...campaignKeys.lists(projectId), query],
      queryFn: () => api.get('/campaigns', { query }),
      placeholderData: keepPreviousData,
    }),
  one: ({ api, projectId }: ProjectScope, id: string) =>
    queryOptions({
      queryKey: campaignKeys.detail(projectId, id),
      queryFn: () => api.get('/campaigns/{id}', { path: { id } }),
    }),
  /** The prefix of one campaign's results: its stats and every time series of it. */
  results: (projectId: string, id: string) => [...campaignKeys.detail(projectId, id), 'results'],
  stats: ({ api, projectId }: ProjectScope, id: string) =>
    queryOptions({
      queryKey: [...campaignQueries.results(projectId, id), 'stats'],
      queryFn: () => api.get('/campaigns/{id}/stats', { path: { id } }),
    }),
  /** Buckets in UTC (the API takes no time zone); `interval` undefined lets the API choose. */
  timeseries: ({ api, projectId }: ProjectScope, id: string, interval?: SeriesInterval) =>
    queryOptions({
      queryKey: [...campaignQueries.results(projectId, id), 'timeseries', interval ?? 'auto'],
      queryFn: () => api.get('/campaigns/{id}/timeseries', { path: { id }, query: { interval } }),
      placeholderData: keepPreviousData,
    }),
  /** Who a send would reach now (POST, but a read); `body` is the audience as the form has it. */
  audience: ({ api, projectId }: ProjectScope, body: AudienceBody) =>
    queryOptions({
      queryKey: [...campaignKeys.all(projectId), 'audience', body],
      queryFn: ({ signal }) => api.post('/campaigns/audience', { body, signal }),
      placeholderData: keepPreviousData,
      retry: false,
      // Contacts change under it; a few seconds is as fresh as a count being typed needs.
      staleTime: 5_000,
    }),
};

export const campaignEffects = affects.campaigns; // LEGACY(issue-40)
