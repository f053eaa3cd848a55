/**
 * The capture outbox: a page of captured messages, one message found by its email id, and a
 * message's raw MIME as a file.
 */
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { outboxKeys, type ProjectScope } from './keys.ts';

type ListQuery = NonNullable<Operation<'/outbox', 'get'>['parameters']['query']>;

export type CapturedMessage = ResponseBody<Operation<'/outbox', 'get'>>['data'][number];

export const outboxQueries = {
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

export const outboxMutations = {
  /**
   * The raw MIME of captured message `id`, as a file (a read, but one the person asks for by a
   * button, with progress and failure of its own; it changes nothing).
   */
  download: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: outboxKeys.mutation(projectId, 'download'),
      // Not JSON: the one place that needs api.raw.
      mutationFn: async () => (await api.raw('GET', `/outbox/${encodeURIComponent(id)}/raw`)).blob(),
    }),
};
