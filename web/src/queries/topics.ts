/**
 * Topics (beyond.md §1): the project's list (the topics page and every topic picker: campaigns,
 * workflow steps, a contact's subscriptions, the sign-up form), one topic, and their writes.
 * Subscriber counts move with contact writes, so contact mutations refresh the topics too.
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Operation, RequestBody, ResponseBody } from '../../../client/index.ts';
import { affects } from './affects.ts';
import { type ProjectScope, removal, topicKeys } from './keys.ts';

export type Topic = ResponseBody<Operation<'/topics/{id}', 'get'>>;
export type TopicBody = RequestBody<Operation<'/topics', 'post'>>;

export const topicQueries = {
  list: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: topicKeys.lists(projectId),
      queryFn: () => api.get('/topics'),
    }),
  one: ({ api, projectId }: ProjectScope, id: string) =>
    queryOptions({
      queryKey: topicKeys.detail(projectId, id),
      queryFn: () => api.get('/topics/{id}', { path: { id } }),
    }),
};

export const topicMutations = {
  /** Creates a topic, or changes topic `id`. */
  save: ({ api, projectId }: ProjectScope, id?: string) =>
    mutationOptions({
      mutationKey: topicKeys.mutation(projectId, id ? 'update' : 'create'),
      mutationFn: (body: TopicBody) =>
        id ? api.patch('/topics/{id}', { path: { id }, body }) : api.post('/topics', { body }),
      meta: { invalidates: affects.topics(projectId) },
    }),
  remove: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: topicKeys.mutation(projectId, 'delete'),
      mutationFn: () => api.delete('/topics/{id}', { path: { id } }),
      meta: { invalidates: affects.topics(projectId), removes: removal(topicKeys, projectId, id) },
    }),
};
