/** Executions of a workflow: a page of them (by status and cursor) and one with its step history. */

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Operation } from '../../../client/index.ts';
import { affects } from './affects.ts'; // LEGACY(issue-40)
import { executionKeys, type ProjectScope } from './keys.ts';

type ListQuery = NonNullable<Operation<'/workflows/{id}/executions', 'get'>['parameters']['query']>;
type Status = NonNullable<ListQuery['status']>;

/** Executions move by themselves while running or waiting: a screen showing one keeps asking. */
const active = (status: Status) => status === 'RUNNING' || status === 'WAITING';

export const executionQueries = {
  all: (projectId: string) => executionKeys.all(projectId), // LEGACY(issue-40)
  list: ({ api, projectId }: ProjectScope, workflowId: string, query: ListQuery = {}) =>
    queryOptions({
      queryKey: [...executionKeys.lists(projectId), workflowId, query],
      queryFn: () => api.get('/workflows/{id}/executions', { path: { id: workflowId }, query }),
      placeholderData: keepPreviousData,
      refetchInterval: (q) => (q.state.data?.data.some((e) => active(e.status)) ? 4000 : false),
    }),
  one: ({ api, projectId }: ProjectScope, workflowId: string, executionId: string) =>
    queryOptions({
      queryKey: executionKeys.detail(projectId, executionId),
      queryFn: () => api.get('/workflows/{id}/executions/{executionId}', { path: { id: workflowId, executionId } }),
      refetchInterval: (q) => (q.state.data && active(q.state.data.status) ? 3000 : false),
    }),
};

export const executionChanges = affects.executions; // LEGACY(issue-40)
