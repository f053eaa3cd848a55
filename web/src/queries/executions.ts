/**
 * Executions of a workflow: a page of them (by status and cursor), one with its step history, and
 * starting one by hand or cancelling one or all. A start or a cancel answers with the execution as it
 * is now, which becomes its detail.
 */
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { affects } from './affects.ts';
import { storesAnswer } from './cache.ts';
import { executionKeys, type ProjectScope } from './keys.ts';

type ListQuery = NonNullable<Operation<'/workflows/{id}/executions', 'get'>['parameters']['query']>;
export type ExecutionPage = ResponseBody<Operation<'/workflows/{id}/executions', 'get'>>;
export type ExecutionSummary = ExecutionPage['data'][number];
export type Execution = ResponseBody<Operation<'/workflows/{id}/executions/{executionId}', 'get'>>;
export type ExecutionStatus = Execution['status'];
export type StepRun = Execution['steps'][number];
/** A start by hand: the contact, and the context its conditions and templates read as `workflow.<key>`. */
export type StartBody = { contactId: string; context?: Record<string, unknown> };

/** Executions move by themselves while running or waiting: a screen showing one keeps asking. */
export const isActive = (status: ExecutionStatus) => status === 'RUNNING' || status === 'WAITING';

export const executionQueries = {
  list: ({ api, projectId }: ProjectScope, workflowId: string, query: ListQuery = {}) =>
    queryOptions({
      queryKey: [...executionKeys.lists(projectId), workflowId, query],
      queryFn: () => api.get('/workflows/{id}/executions', { path: { id: workflowId }, query }),
      placeholderData: keepPreviousData,
      refetchInterval: (q) => (q.state.data?.data.some((e) => isActive(e.status)) ? 4000 : false),
    }),
  one: ({ api, projectId }: ProjectScope, workflowId: string, executionId: string) =>
    queryOptions({
      queryKey: executionKeys.detail(projectId, executionId),
      queryFn: () => api.get('/workflows/{id}/executions/{executionId}', { path: { id: workflowId, executionId } }),
      refetchInterval: (q) => (q.state.data && isActive(q.state.data.status) ? 3000 : false),
    }),
};

export const executionMutations = {
  /** Starts workflow `workflowId` for a contact now. */
  start: ({ api, projectId }: ProjectScope, workflowId: string) =>
    mutationOptions({
      mutationKey: executionKeys.mutation(projectId, 'start'),
      mutationFn: (body: StartBody) => api.post('/workflows/{id}/executions', { path: { id: workflowId }, body }),
      onSuccess: storesAnswer(executionKeys, projectId),
      meta: { invalidates: affects.executions(projectId) },
    }),
  /** Stops one running or waiting execution where it is; nothing takes a cancel back. */
  cancel: ({ api, projectId }: ProjectScope, workflowId: string, executionId: string) =>
    mutationOptions({
      mutationKey: executionKeys.mutation(projectId, 'cancel'),
      mutationFn: () =>
        api.delete('/workflows/{id}/executions/{executionId}', { path: { id: workflowId, executionId } }),
      onSuccess: storesAnswer(executionKeys, projectId),
      meta: { invalidates: affects.executions(projectId) },
    }),
  /** Stops every running or waiting execution of workflow `workflowId`. */
  cancelAll: ({ api, projectId }: ProjectScope, workflowId: string) =>
    mutationOptions({
      mutationKey: executionKeys.mutation(projectId, 'cancel-all'),
      mutationFn: () => api.post('/workflows/{id}/executions/cancel-all', { path: { id: workflowId } }),
      meta: { invalidates: affects.executions(projectId) },
    }),
};
