/** Bulk contact jobs (subscribe, unsubscribe, delete, field removal): one job, polled until it ends. */
import { queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { bulkKeys, type ProjectScope } from './keys.ts';

export type BulkJob = ResponseBody<Operation<'/contacts/bulk/{jobId}', 'get'>>;

/** A bulk or import job is over once it completed or failed. */
export function jobDone(status: string | undefined): boolean {
  return status === 'completed' || status === 'failed';
}

export const bulkQueries = {
  all: (projectId: string) => bulkKeys.all(projectId), // LEGACY(issue-40)
  job: ({ api, projectId }: ProjectScope, jobId: string) =>
    queryOptions({
      queryKey: bulkKeys.detail(projectId, jobId),
      queryFn: () => api.get('/contacts/bulk/{jobId}', { path: { jobId } }),
      refetchInterval: (q) => (jobDone(q.state.data?.status) ? false : 500),
    }),
};
