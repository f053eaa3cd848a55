/** Campaigns data: the list, one campaign, its stats and time series, and the live audience count. */

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../../client/index.ts';
import { projectKey, useProject } from '../../app/project-context.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import type { CampaignStatus } from './campaign-model.ts';

export type Campaign = ResponseBody<Operation<'/campaigns/{id}', 'get'>>;
export type CampaignSummary = ResponseBody<Operation<'/campaigns', 'get'>>['campaigns'][number];
export type CampaignStats = ResponseBody<Operation<'/campaigns/{id}/stats', 'get'>>;
export type CampaignTimeseries = ResponseBody<Operation<'/campaigns/{id}/timeseries', 'get'>>;
type AudienceBody = NonNullable<Operation<'/campaigns/audience', 'post'>['requestBody']>['content']['application/json'];

export const campaignsKey = (projectId: string) => projectKey(projectId, 'campaigns');
export const campaignKey = (projectId: string, id: string) => projectKey(projectId, 'campaigns', id);

export const PAGE_SIZE = 20;

export function useCampaigns(status: CampaignStatus | undefined, page: number) {
  const { api, projectId } = useProject();
  return useQuery({
    queryKey: [...campaignsKey(projectId), 'list', status ?? 'all', page],
    queryFn: () => api.get('/campaigns', { query: { status, page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    // A list showing a campaign that is sending follows it to the end.
    refetchInterval: (q) => (q.state.data?.campaigns.some((c) => c.status === 'SENDING') ? 3000 : false),
  });
}

/** One campaign; polled while it sends, and around its start time while scheduled. */
export function useCampaign(id: string) {
  const { api, projectId } = useProject();
  return useQuery({
    queryKey: campaignKey(projectId, id),
    queryFn: () => api.get('/campaigns/{id}', { path: { id } }),
    refetchInterval: (q) => {
      const c = q.state.data;
      if (!c) return false;
      if (c.status === 'SENDING') return 1500;
      if (c.status === 'SCHEDULED' && c.scheduledAt && new Date(c.scheduledAt).getTime() - Date.now() < 120_000) {
        return 5000;
      }
      return false;
    },
  });
}

export function useCampaignStats(id: string, live: boolean, enabled = true) {
  const { api, projectId } = useProject();
  return useQuery({
    queryKey: [...campaignKey(projectId, id), 'stats'],
    queryFn: () => api.get('/campaigns/{id}/stats', { path: { id } }),
    refetchInterval: live ? 1500 : false,
    enabled,
  });
}

export function useCampaignTimeseries(id: string, interval: 'hour' | 'day' | undefined, live: boolean) {
  const { api, projectId } = useProject();
  return useQuery({
    queryKey: [...campaignKey(projectId, id), 'timeseries', interval ?? 'auto'],
    queryFn: () => api.get('/campaigns/{id}/timeseries', { path: { id }, query: { interval } }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? 3000 : false,
  });
}

/**
 * The live audience count of a campaign being edited: POST /campaigns/audience once the audience
 * has been still for a moment; `body` undefined (an incomplete filter, no segment chosen) asks nothing.
 */
export function useAudiencePreview(body: AudienceBody | undefined) {
  const { api, projectId } = useProject();
  const key = body ? JSON.stringify(body) : undefined;
  const debounced = useDebouncedValue(key, 400);
  const query = useQuery({
    queryKey: projectKey(projectId, 'audience-preview', debounced),
    queryFn: ({ signal }) => api.post('/campaigns/audience', { body: JSON.parse(debounced!) as AudienceBody, signal }),
    enabled: debounced !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 5_000,
  });
  return { ...query, settling: debounced !== key || query.isFetching };
}

/** Templates to start a campaign's content from. */
export function useTemplateChoices() {
  const { api, projectId } = useProject();
  return useQuery({
    queryKey: projectKey(projectId, 'templates', 'choices'),
    queryFn: () => api.get('/templates', { query: { pageSize: 100 } }),
    staleTime: 60_000,
  });
}
