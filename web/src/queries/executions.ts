/** Executions of a workflow: a page of them (by status and cursor) and one with its step history. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Operation } from '../../../client/index.ts';
import { activityQueries } from './activity.ts';
import { contactQueries } from './contacts.ts';
import { type ProjectScope, resourceKey } from './keys.ts';
import { workflowQueries } from './workflows.ts';

type ListQuery = NonNullable<Operation<'/workflows/{id}/executions', 'get'>['parameters']['query']>;
type Status = NonNullable<ListQuery['status']>;

/** Executions move by themselves while running or waiting: a screen showing one keeps asking. */
const active = (status: Status) => status === 'RUNNING' || status === 'WAITING';

export const executionQueries = {
  all: (projectId: string) => resourceKey(projectId, 'executions'),
  list: ({ api, projectId }: ProjectScope, workflowId: string, query: ListQuery = {}) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'executions', workflowId, 'list', query),
      queryFn: () => api.get('/workflows/{id}/executions', { path: { id: workflowId }, query }),
      placeholderData: keepPreviousData,
      refetchInterval: (q) => (q.state.data?.data.some((e) => active(e.status)) ? 4000 : false),
    }),
  one: ({ api, projectId }: ProjectScope, workflowId: string, executionId: string) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'executions', workflowId, 'one', executionId),
      queryFn: () => api.get('/workflows/{id}/executions/{executionId}', { path: { id: workflowId, executionId } }),
      refetchInterval: (q) => (q.state.data && active(q.state.data.status) ? 3000 : false),
    }),
};

/**
 * What starting or cancelling executions changes: the executions, the workflows' counts, and the
 * activity feed and contact timelines that show them.
 */
export const executionChanges = (projectId: string) => [
  executionQueries.all(projectId),
  workflowQueries.all(projectId),
  activityQueries.all(projectId),
  contactQueries.all(projectId),
];
