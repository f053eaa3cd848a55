/** Sending domains: the project's list (the Domains screens, the Overview, the campaign sender picker). */
import { queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { type ProjectScope, resourceKey } from './keys.ts';

export type Domain = ResponseBody<Operation<'/domains/project/{projectId}', 'get'>>[number];
export type DomainRecord = Domain['records'][number];

export const domainQueries = {
  all: (projectId: string) => resourceKey(projectId, 'domains'),
  // One list: the API has no single-domain read, so a domain's page finds its row here.
  list: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: resourceKey(projectId, 'domains', 'list'),
      queryFn: () => api.get('/domains/project/{projectId}', { path: { projectId } }),
    }),
};
