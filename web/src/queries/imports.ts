/** CSV imports: one import job, polled until it ends (the upload itself is a mutation on the page). */
import { queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { jobDone } from './bulk.ts';
import { type ProjectScope, resourceKey } from './keys.ts';

export type ImportJob = ResponseBody<Operation<'/contacts/import/{jobId}', 'get'>>;

export const importQueries = {
  all: (projectId: string) => resourceKey(projectId, 'imports'),
  job: ({ api, projectId }: ProjectScope, jobId: string) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'imports', jobId),
      queryFn: () => api.get('/contacts/import/{jobId}', { path: { jobId } }),
      refetchInterval: (q) => (jobDone(q.state.data?.status) || q.state.error ? false : 700),
    }),
};
