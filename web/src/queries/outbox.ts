/** The capture outbox: a page of captured messages, and one message found by its email id. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { outboxKeys, type ProjectScope } from './keys.ts';

type ListQuery = NonNullable<Operation<'/outbox', 'get'>['parameters']['query']>;

export type CapturedMessage = ResponseBody<Operation<'/outbox', 'get'>>['data'][number];

export const outboxQueries = {
  all: (projectId: string) => outboxKeys.all(projectId), // LEGACY(issue-40)
  /** One page, newest first; `total` comes with the first page only. */
  list: ({ api, projectId }: ProjectScope, query: ListQuery = {}) =>
    queryOptions({
      queryKey: [...outboxKeys.lists(projectId), query],
      queryFn: () => api.get('/outbox', { query }),
      placeholderData: keepPreviousData,
    }),
  /** The message of one email, or null when none was captured for it. */
  message: ({ api, projectId }: ProjectScope, emailId: string) =>
    queryOptions({
      queryKey: outboxKeys.detail(projectId, emailId),
      queryFn: async () => (await api.get('/outbox', { query: { emailId, limit: 1 } })).data[0] ?? null,
    }),
};
