/**
 * The audit log (beyond.md §10): who changed how the project is set up, newest first, page after
 * page by filter; the values its filters offer; and the same entries as a CSV file.
 *
 * Every write of every screen (and of the API, and of other members) appends to the log, so instead
 * of naming it in each of affects' lists, it is read afresh whenever a screen shows it.
 */
import { infiniteQueryOptions, mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { auditKeys, type ProjectScope } from './keys.ts';

type ListParams = NonNullable<Operation<'/audit-log', 'get'>['parameters']['query']>;
/** The log's filters; the cursor is the infinite query's own, the page size the screen's. */
export type AuditFilter = Omit<ListParams, 'cursor' | 'limit'>;
export type AuditEntry = ResponseBody<Operation<'/audit-log', 'get'>>['data'][number];
export type AuditActor = AuditEntry['actor'];
export type AuditFacets = ResponseBody<Operation<'/audit-log/facets', 'get'>>;

/** The filter as a query string (`?actor=…&since=…`), for the CSV export. */
function queryString(filter: AuditFilter): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const auditQueries = {
  /** Entries matching `filter`, newest first, `limit` at a time ("Load more"); `total` comes with the first page. */
  list: ({ api, projectId }: ProjectScope, filter: AuditFilter, limit: number) =>
    infiniteQueryOptions({
      queryKey: [...auditKeys.lists(projectId), filter, limit],
      queryFn: ({ pageParam }) =>
        api.get('/audit-log', { query: { ...filter, limit, cursor: pageParam || undefined } }),
      initialPageParam: '',
      getNextPageParam: (last) => (last.hasMore && last.cursor ? last.cursor : undefined),
      staleTime: 0,
      refetchOnMount: 'always',
    }),
  /** The people, keys, actions and resource types present in the log: what the filters offer. */
  facets: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: [...auditKeys.lists(projectId), 'facets'],
      queryFn: () => api.get('/audit-log/facets'),
      staleTime: 0,
      refetchOnMount: 'always',
    }),
};

export const auditMutations = {
  /**
   * The entries matching `filter` as a CSV file to save (a read, run on a click). A plain link would
   * carry the session cookie but not the project (X-Project-Id), so the file is fetched and handed over.
   */
  exportCsv: ({ api, projectId }: ProjectScope, filter: AuditFilter) =>
    mutationOptions({
      mutationKey: auditKeys.mutation(projectId, 'export'),
      mutationFn: async () => {
        const res = await api.raw('GET', `/audit-log/export${queryString(filter)}`, {
          headers: { accept: 'text/csv' },
        });
        return { blob: await res.blob(), disposition: res.headers.get('content-disposition') };
      },
    }),
};
