/**
 * Event webhooks (beyond.md §4): the project's endpoints, one endpoint, its message log (by status
 * and cursor) and one message with its payload and attempts.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { type ProjectScope, resourceKey } from './keys.ts';

export type WebhookEndpoint = ResponseBody<Operation<'/webhook-endpoints/{id}', 'get'>>;
/** The answer of a create or a rotation: the only times the signing secret is shown. */
export type EndpointWithSecret = ResponseBody<Operation<'/webhook-endpoints', 'post'>>;
type MessageQuery = NonNullable<Operation<'/webhook-endpoints/{id}/messages', 'get'>['parameters']['query']>;
export type WebhookMessage = ResponseBody<Operation<'/webhook-endpoints/{id}/messages', 'get'>>['data'][number];
export type MessageStatus = WebhookMessage['status'];
export type WebhookMessageDetail = ResponseBody<Operation<'/webhook-endpoints/{id}/messages/{messageId}', 'get'>>;
export type WebhookAttempt = WebhookMessageDetail['attemptLog'][number];
/** The answer of a test send: the one attempt it made. */
export type TestAttempt = ResponseBody<Operation<'/webhook-endpoints/{id}/test', 'post'>>;

// A record, so a status the API adds fails to compile here until it is listed.
const STATUSES: Record<MessageStatus, true> = { PENDING: true, DELIVERED: true, FAILED: true };
export const MESSAGE_STATUSES = Object.keys(STATUSES) as MessageStatus[];

export const webhookQueries = {
  all: (projectId: string) => resourceKey(projectId, 'webhooks'),
  list: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'webhooks', 'list'),
      queryFn: () => api.get('/webhook-endpoints'),
    }),
  one: ({ api, projectId }: ProjectScope, id: string) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'webhooks', 'one', id),
      queryFn: () => api.get('/webhook-endpoints/{id}', { path: { id } }),
    }),
  /** A page of the endpoint's messages, newest first; pending ones move by themselves, so it keeps asking. */
  messages: ({ api, projectId }: ProjectScope, id: string, query: MessageQuery) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'webhooks', 'one', id, 'messages', query),
      queryFn: () => api.get('/webhook-endpoints/{id}/messages', { path: { id }, query }),
      placeholderData: keepPreviousData,
      refetchInterval: (q) => (q.state.data?.data.some((m) => m.status === 'PENDING') ? 5000 : false),
    }),
  message: ({ api, projectId }: ProjectScope, id: string, messageId: string) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'webhooks', 'one', id, 'message', messageId),
      queryFn: () => api.get('/webhook-endpoints/{id}/messages/{messageId}', { path: { id, messageId } }),
      refetchInterval: (q) => (q.state.data?.status === 'PENDING' ? 3000 : false),
    }),
};
