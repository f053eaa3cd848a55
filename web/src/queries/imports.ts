/** CSV imports: one import job, polled until it ends (the upload itself is a mutation on the page). */
import { queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { jobDone } from './bulk.ts';
import { importKeys, type ProjectScope } from './keys.ts';

export type ImportJob = ResponseBody<Operation<'/contacts/import/{jobId}', 'get'>>;

export const importQueries = {
  all: (projectId: string) => importKeys.all(projectId), // LEGACY(issue-40)
  job: ({ api, projectId }: ProjectScope, jobId: string) =>
    queryOptions({
      queryKey: importKeys.detail(projectId, jobId),
      queryFn: () => api.get('/contacts/import/{jobId}', { path: { jobId } }),
      refetchInterval: (q) => (jobDone(q.state.data?.status) || q.state.error ? false : 700),
    }),
};
