/**
 * Topics (beyond.md §1): the project's list (the topics page and every topic picker: campaigns,
 * workflow steps, a contact's subscriptions, the sign-up form) and one topic. Subscriber counts
 * move with contact writes, so `contactEffects` refreshes the topics too.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Operation, RequestBody, ResponseBody } from '../../../client/index.ts';
import { type ProjectScope, resourceKey } from './keys.ts';

export type Topic = ResponseBody<Operation<'/topics/{id}', 'get'>>;
export type TopicBody = RequestBody<Operation<'/topics', 'post'>>;

export const topicQueries = {
  all: (projectId: string) => resourceKey(projectId, 'topics'),
  list: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'topics', 'list'),
      queryFn: () => api.get('/topics'),
    }),
  one: ({ api, projectId }: ProjectScope, id: string) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'topics', 'one', id),
      queryFn: () => api.get('/topics/{id}', { path: { id } }),
    }),
};
