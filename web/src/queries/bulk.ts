/**
 * Bulk contact jobs (subscribe, unsubscribe, delete, field removal): starting one on a selection,
 * and one job, polled until it ends. A job changes what contact writes change, but after its start
 * answered: the screen following it refreshes that when it ends (useRefreshWhenDone).
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { bulkKeys, type ProjectScope } from './keys.ts';

export type BulkJob = ResponseBody<Operation<'/contacts/bulk/{jobId}', 'get'>>;
export type BulkAction = 'subscribe' | 'unsubscribe' | 'delete';

/** The API takes at most this many ids per bulk call. */
export const BULK_MAX = 1000;

const PATHS = {
  subscribe: '/contacts/bulk-subscribe',
  unsubscribe: '/contacts/bulk-unsubscribe',
  delete: '/contacts/bulk-delete',
} as const;

/** A bulk or import job is over once it completed or failed. */
export function jobDone(status: string | undefined): boolean {
  return status === 'completed' || status === 'failed';
}

export const bulkQueries = {
  job: ({ api, projectId }: ProjectScope, jobId: string) =>
    queryOptions({
      queryKey: bulkKeys.detail(projectId, jobId),
      queryFn: () => api.get('/contacts/bulk/{jobId}', { path: { jobId } }),
      refetchInterval: (q) => (jobDone(q.state.data?.status) ? false : 500),
    }),
};

export const bulkMutations = {
  /** Starts `action` on the first BULK_MAX of `contactIds`; the answer is the job to follow. */
  start: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: bulkKeys.mutation(projectId, 'start'),
      mutationFn: ({ action, contactIds }: { action: BulkAction; contactIds: readonly string[] }) =>
        api.post(PATHS[action], { body: { contactIds: contactIds.slice(0, BULK_MAX) } }),
    }),
};
