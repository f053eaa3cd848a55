/**
 * Suppressions (beyond.md §10): the addresses and domains the project never sends to, a page at a
 * time by reason and search; adding rules, deleting one, importing a CSV of them (a job, polled until
 * it ends) and exporting them all as CSV.
 */
import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Operation, RequestBody, ResponseBody } from '../../../client/index.ts';
import { affects } from './affects.ts';
import { type ProjectScope, removal, suppressionKeys } from './keys.ts';

export type SuppressionQuery = NonNullable<Operation<'/suppressions', 'get'>['parameters']['query']>;
export type SuppressionRule = ResponseBody<Operation<'/suppressions', 'get'>>['data'][number];
export type SuppressionReason = SuppressionRule['reason'];
export type NewSuppressions = RequestBody<Operation<'/suppressions', 'post'>>;
export type SuppressionImport = ResponseBody<Operation<'/suppressions/imports/{id}', 'get'>>;

/** An import is over once it is DONE or FAILED. */
export function importDone(status: SuppressionImport['status'] | undefined): boolean {
  return status === 'DONE' || status === 'FAILED';
}

export const suppressionQueries = {
  /** One page, by reason, search and cursor. */
  list: ({ api, projectId }: ProjectScope, query: SuppressionQuery) =>
    queryOptions({
      queryKey: [...suppressionKeys.lists(projectId), query],
      queryFn: () => api.get('/suppressions', { query }),
      placeholderData: keepPreviousData,
    }),
  /** An import job, polled until it ends. */
  importJob: ({ api, projectId }: ProjectScope, id: string) =>
    queryOptions({
      queryKey: [...suppressionKeys.detail(projectId, id), 'import'],
      queryFn: () => api.get('/suppressions/imports/{id}', { path: { id } }),
      refetchInterval: (q) => (importDone(q.state.data?.status) || q.state.error ? false : 700),
    }),
};

export const suppressionMutations = {
  /** Adds MANUAL rules for addresses and domains; nothing is written when one of them is refused (422). */
  create: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: suppressionKeys.mutation(projectId, 'create'),
      mutationFn: (body: NewSuppressions) => api.post('/suppressions', { body }),
      meta: { invalidates: affects.suppressions(projectId) },
    }),
  /** Deletes rule `id`: later mail to what it held goes out again. ERASED rules cannot be deleted (409). */
  remove: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: suppressionKeys.mutation(projectId, 'delete'),
      mutationFn: () => api.delete('/suppressions/{id}', { path: { id } }),
      meta: { invalidates: affects.suppressions(projectId), removes: removal(suppressionKeys, projectId, id) },
    }),
  /**
   * Uploads a CSV file (multipart, hence api.raw) and starts its import. Nothing has changed yet when
   * it answers: the job's end refreshes the rules (useRefreshWhenDone).
   */
  upload: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: suppressionKeys.mutation(projectId, 'import'),
      mutationFn: async (file: File) => {
        const body = new FormData();
        body.append('file', file, file.name);
        const res = await api.raw('POST', '/suppressions/import', { body, headers: { accept: 'application/json' } });
        return (await res.json()) as SuppressionImport;
      },
    }),
  /** Every rule as a CSV file to save (a read, run on a click; see auditMutations.exportCsv for why not a link). */
  exportCsv: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: suppressionKeys.mutation(projectId, 'export'),
      mutationFn: async () => {
        const res = await api.raw('GET', '/suppressions/export', { headers: { accept: 'text/csv' } });
        return { blob: await res.blob(), disposition: res.headers.get('content-disposition') };
      },
    }),
};
