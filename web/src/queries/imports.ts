/**
 * CSV imports: uploading a file (the answer is the import job), and one import job, polled until it
 * ends. The job's end, not the upload, changes the contacts: its screen refreshes them then.
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { jobDone } from './bulk.ts';
import { importKeys, type ProjectScope } from './keys.ts';

export type ImportJob = ResponseBody<Operation<'/contacts/import/{jobId}', 'get'>>;

export const importQueries = {
  job: ({ api, projectId }: ProjectScope, jobId: string) =>
    queryOptions({
      queryKey: importKeys.detail(projectId, jobId),
      queryFn: () => api.get('/contacts/import/{jobId}', { path: { jobId } }),
      refetchInterval: (q) => (jobDone(q.state.data?.status) || q.state.error ? false : 700),
    }),
};

export const importMutations = {
  /** Uploads a CSV file (multipart, hence api.raw) and starts its import. */
  upload: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: importKeys.mutation(projectId, 'upload'),
      mutationFn: async (file: File) => {
        const body = new FormData();
        body.append('file', file, file.name);
        const res = await api.raw('POST', '/contacts/import', { body, headers: { accept: 'application/json' } });
        return (await res.json()) as { jobId: string };
      },
    }),
};
