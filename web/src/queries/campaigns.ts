/**
 * Campaigns: a page of the list, one campaign, its results (stats, time series), the live count of
 * an audience being edited, what a local-time send would do, and their writes: create, save, archive, test,
 * send or schedule, choose an A/B test's winner, cancel, copy, delete. Every read of one campaign
 * sits under its detail key, so removing it forgets them all.
 */
import { keepPreviousData, mutationOptions, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Operation, RequestBody, ResponseBody } from '../../../client/index.ts';
import { affects } from './affects.ts';
import { storesAnswer } from './cache.ts';
import { campaignKeys, type ProjectScope, removal } from './keys.ts';

export type Campaign = ResponseBody<Operation<'/campaigns/{id}', 'get'>>;
export type CampaignSummary = ResponseBody<Operation<'/campaigns', 'get'>>['campaigns'][number];
export type CampaignStats = ResponseBody<Operation<'/campaigns/{id}/stats', 'get'>>;
export type CampaignTimeseries = ResponseBody<Operation<'/campaigns/{id}/timeseries', 'get'>>;
export type CampaignBody = RequestBody<Operation<'/campaigns/{id}', 'put'>>;
export type CampaignPatch = RequestBody<Operation<'/campaigns/{id}', 'patch'>>;
export type SendBody = RequestBody<Operation<'/campaigns/{id}/send', 'post'>>;
export type TestBody = RequestBody<Operation<'/campaigns/{id}/test', 'post'>>;
export type AudienceBody = RequestBody<Operation<'/campaigns/audience', 'post'>>;
export type SendPlanBody = RequestBody<Operation<'/campaigns/{id}/send-plan', 'post'>>;
export type SendPlan = ResponseBody<Operation<'/campaigns/{id}/send-plan', 'post'>>;
export type WinnerBody = RequestBody<Operation<'/campaigns/{id}/winner', 'post'>>;
/** A variant of an A/B test as the campaign shows it (the campaign's values filled in). */
export type CampaignVariant = Campaign['variants'][number];
export type AbTest = NonNullable<Campaign['abTest']>;
export type AbPhase = NonNullable<AbTest['phase']>;
export type VariantStats = NonNullable<CampaignStats['variants']>[number];
/** A filter in either API form (the OpenAPI document's FilterInput). */
export type AudienceFilter = NonNullable<AudienceBody['audienceFilter']>;
type ListQuery = NonNullable<Operation<'/campaigns', 'get'>['parameters']['query']>;
export type SeriesInterval = NonNullable<
  NonNullable<Operation<'/campaigns/{id}/timeseries', 'get'>['parameters']['query']>['interval']
>;

/** The prefix of one campaign's results: its stats and every time series of it. */
const resultsKey = (projectId: string, id: string) => [...campaignKeys.detail(projectId, id), 'results'];

export const campaignQueries = {
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
  stats: ({ api, projectId }: ProjectScope, id: string) =>
    queryOptions({
      queryKey: [...resultsKey(projectId, id), 'stats'],
      queryFn: () => api.get('/campaigns/{id}/stats', { path: { id } }),
    }),
  /** Buckets in UTC (the API takes no time zone); `interval` undefined lets the API choose. */
  timeseries: ({ api, projectId }: ProjectScope, id: string, interval?: SeriesInterval) =>
    queryOptions({
      queryKey: [...resultsKey(projectId, id), 'timeseries', interval ?? 'auto'],
      queryFn: () => api.get('/campaigns/{id}/timeseries', { path: { id }, query: { interval } }),
      placeholderData: keepPreviousData,
    }),
  /**
   * Who a send would reach now (POST, but a read); `body` is the audience as the form has it. About
   * contacts rather than one campaign: neither a list of campaigns nor a campaign's detail.
   */
  audience: ({ api, projectId }: ProjectScope, body: AudienceBody) =>
    queryOptions({
      queryKey: [...campaignKeys.all(projectId), 'audience', body],
      queryFn: ({ signal }) => api.post('/campaigns/audience', { body, signal }),
      placeholderData: keepPreviousData,
      retry: false,
      // Contacts change under it; a few seconds is as fresh as a count being typed needs.
      staleTime: 5_000,
    }),
  /**
   * When a send at `body`'s local time would reach whom, zone by zone (POST, but a read: nothing
   * changes). Read again as the time is typed and when the dialog opens again.
   */
  sendPlan: ({ api, projectId }: ProjectScope, id: string, body: SendPlanBody) =>
    queryOptions({
      queryKey: [...campaignKeys.detail(projectId, id), 'send-plan', body],
      queryFn: ({ signal }) => api.post('/campaigns/{id}/send-plan', { path: { id }, body, signal }),
      placeholderData: keepPreviousData,
      retry: false,
      staleTime: 5_000,
    }),
};

/**
 * Reads a campaign's results once more when its send ends: the send job writes its last figures
 * after the screen's last poll of them.
 */
export function useResultsAfterSend({ projectId }: ProjectScope, id: string, sending: boolean): void {
  const client = useQueryClient();
  const wasSending = useRef(sending);
  useEffect(() => {
    if (wasSending.current && !sending) void client.invalidateQueries({ queryKey: resultsKey(projectId, id) });
    wasSending.current = sending;
  }, [client, projectId, id, sending]);
}

export const campaignMutations = {
  /** Makes a draft; the screen opens it by the id in the answer. */
  create: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: campaignKeys.mutation(projectId, 'create'),
      mutationFn: (body: CampaignBody) => api.post('/campaigns', { body }),
      // The answer is the contract's short wrapped form (id, name, subject…), not the record, so it
      // is not stored as the campaign's detail: the draft's screen reads the whole campaign.
      meta: { invalidates: affects.campaigns(projectId) },
    }),
  /** Replaces draft `id` with the form's values. */
  save: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: campaignKeys.mutation(projectId, 'save'),
      mutationFn: (body: CampaignBody) => api.put('/campaigns/{id}', { path: { id }, body }),
      meta: { invalidates: affects.campaigns(projectId) },
      onSuccess: storesAnswer<Campaign>(campaignKeys, projectId),
    }),
  /** Puts campaign `id` on the project's public archive or takes it off, in any status. */
  archive: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: campaignKeys.mutation(projectId, 'archive'),
      mutationFn: (body: CampaignPatch) => api.patch('/campaigns/{id}', { path: { id }, body }),
      meta: { invalidates: affects.campaigns(projectId) },
      onSuccess: storesAnswer<Campaign>(campaignKeys, projectId),
    }),
  /** Sends the saved version to one address: an email like any other send (the log, the outbox). */
  test: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: campaignKeys.mutation(projectId, 'test'),
      mutationFn: (body: TestBody) => api.post('/campaigns/{id}/test', { path: { id }, body }),
      meta: { invalidates: affects.sends(projectId) },
    }),
  /**
   * Sends now, at `scheduledFor` (also to move a scheduled one to another time), or at a local time
   * in each recipient's zone (`localTime` and `date`).
   */
  send: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: campaignKeys.mutation(projectId, 'send'),
      mutationFn: (body: SendBody) => api.post('/campaigns/{id}/send', { path: { id }, body }),
      meta: { invalidates: affects.campaigns(projectId) },
      onSuccess: storesAnswer<Campaign>(campaignKeys, projectId),
    }),
  /** Picks the A/B test's winner by hand (MANUAL, while it waits); the rest of the audience gets it. */
  winner: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: campaignKeys.mutation(projectId, 'winner'),
      mutationFn: (body: WinnerBody) => api.post('/campaigns/{id}/winner', { path: { id }, body }),
      meta: { invalidates: affects.campaigns(projectId) },
      onSuccess: storesAnswer<Campaign>(campaignKeys, projectId),
    }),
  /** Cancels a schedule (back to a draft) or stops a send. */
  cancel: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: campaignKeys.mutation(projectId, 'cancel'),
      mutationFn: () => api.post('/campaigns/{id}/cancel', { path: { id } }),
      meta: { invalidates: affects.campaigns(projectId) },
      onSuccess: storesAnswer<Campaign>(campaignKeys, projectId),
    }),
  duplicate: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: campaignKeys.mutation(projectId, 'duplicate'),
      mutationFn: () => api.post('/campaigns/{id}/duplicate', { path: { id } }),
      meta: { invalidates: affects.campaigns(projectId) },
      onSuccess: storesAnswer<Campaign>(campaignKeys, projectId),
    }),
  remove: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: campaignKeys.mutation(projectId, 'delete'),
      mutationFn: () => api.delete('/campaigns/{id}', { path: { id } }),
      meta: { invalidates: affects.campaigns(projectId), removes: removal(campaignKeys, projectId, id) },
    }),
};
