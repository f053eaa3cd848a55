/**
 * Event webhooks (beyond.md §4): the project's endpoints, one endpoint, its message log (by status
 * and cursor) and one message with its payload and attempts; adding, changing, testing, rotating and
 * deleting an endpoint, and sending a message again.
 */
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Operation, RequestBody, ResponseBody } from '../../../client/index.ts';
import { affects } from './affects.ts';
import { type ProjectScope, removal, webhookKeys } from './keys.ts';

export type WebhookEndpoint = ResponseBody<Operation<'/webhook-endpoints/{id}', 'get'>>;
/** The answer of a create or a rotation: the only times the signing secret is shown. */
export type EndpointWithSecret = ResponseBody<Operation<'/webhook-endpoints', 'post'>>;
export type EndpointBody = RequestBody<Operation<'/webhook-endpoints', 'post'>>;
export type EndpointChange = RequestBody<Operation<'/webhook-endpoints/{id}', 'patch'>>;
type MessageQuery = NonNullable<Operation<'/webhook-endpoints/{id}/messages', 'get'>['parameters']['query']>;
export type WebhookMessage = ResponseBody<Operation<'/webhook-endpoints/{id}/messages', 'get'>>['data'][number];
export type MessageStatus = WebhookMessage['status'];
export type WebhookMessageDetail = ResponseBody<Operation<'/webhook-endpoints/{id}/messages/{messageId}', 'get'>>;
export type WebhookAttempt = WebhookMessageDetail['attemptLog'][number];
/** The answer of a test send: the one attempt it made. */
export type TestAttempt = ResponseBody<Operation<'/webhook-endpoints/{id}/test', 'post'>>;

export const webhookQueries = {
  list: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: webhookKeys.lists(projectId),
      queryFn: () => api.get('/webhook-endpoints'),
    }),
  one: ({ api, projectId }: ProjectScope, id: string) =>
    queryOptions({
      queryKey: webhookKeys.detail(projectId, id),
      queryFn: () => api.get('/webhook-endpoints/{id}', { path: { id } }),
    }),
  /** A page of the endpoint's messages, newest first; pending ones move by themselves, so it keeps asking. */
  messages: ({ api, projectId }: ProjectScope, id: string, query: MessageQuery) =>
    queryOptions({
      queryKey: [...webhookKeys.detail(projectId, id), 'messages', query],
      queryFn: () => api.get('/webhook-endpoints/{id}/messages', { path: { id }, query }),
      placeholderData: keepPreviousData,
      refetchInterval: (q) => (q.state.data?.data.some((m) => m.status === 'PENDING') ? 5000 : false),
    }),
  message: ({ api, projectId }: ProjectScope, id: string, messageId: string) =>
    queryOptions({
      queryKey: [...webhookKeys.detail(projectId, id), 'message', messageId],
      queryFn: () => api.get('/webhook-endpoints/{id}/messages/{messageId}', { path: { id, messageId } }),
      refetchInterval: (q) => (q.state.data?.status === 'PENDING' ? 3000 : false),
    }),
};

export const webhookMutations = {
  create: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: webhookKeys.mutation(projectId, 'create'),
      mutationFn: (body: EndpointBody) => api.post('/webhook-endpoints', { body }),
      meta: { invalidates: affects.webhooks(projectId) },
    }),
  /** Any change of endpoint `id`: an edit, or switching it on or off. */
  update: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: webhookKeys.mutation(projectId, 'update'),
      mutationFn: (body: EndpointChange) => api.patch('/webhook-endpoints/{id}', { path: { id }, body }),
      meta: { invalidates: affects.webhooks(projectId) },
    }),
  /** Sends a `webhook.test` message at once; it joins the endpoint's log too. */
  test: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: webhookKeys.mutation(projectId, 'test'),
      mutationFn: () => api.post('/webhook-endpoints/{id}/test', { path: { id } }),
      meta: { invalidates: affects.webhooks(projectId) },
    }),
  rotateSecret: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: webhookKeys.mutation(projectId, 'rotate-secret'),
      mutationFn: () => api.post('/webhook-endpoints/{id}/rotate-secret', { path: { id } }),
      meta: { invalidates: affects.webhooks(projectId) },
    }),
  remove: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: webhookKeys.mutation(projectId, 'delete'),
      mutationFn: () => api.delete('/webhook-endpoints/{id}', { path: { id } }),
      meta: { invalidates: affects.webhooks(projectId), removes: removal(webhookKeys, projectId, id) },
    }),
  /** Sends message `messageId` again, with the same webhook-id. */
  retry: ({ api, projectId }: ProjectScope, id: string, messageId: string) =>
    mutationOptions({
      mutationKey: webhookKeys.mutation(projectId, 'retry'),
      mutationFn: () => api.post('/webhook-endpoints/{id}/messages/{messageId}/retry', { path: { id, messageId } }),
      meta: { invalidates: affects.webhooks(projectId) },
    }),
};
