/** Sending domains: the project's list (the Domains screens, the Overview, the campaign sender picker) and one domain. */
import { queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { domainKeys, type ProjectScope } from './keys.ts';

export type Domain = ResponseBody<Operation<'/domains/project/{projectId}', 'get'>>[number];
export type DomainRecord = Domain['records'][number];

export const domainQueries = {
  all: (projectId: string) => domainKeys.all(projectId), // LEGACY(issue-40)
  list: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: domainKeys.lists(projectId),
      queryFn: () => api.get('/domains/project/{projectId}', { path: { projectId } }),
    }),
  /**
   * One domain, or null when the project has none by that id. The API has no single-domain read, so
   * it is found in the list; its own key keeps the domain's page apart from the list's refreshes.
   */
  one: ({ api, projectId }: ProjectScope, id: string) =>
    queryOptions({
      queryKey: domainKeys.detail(projectId, id),
      queryFn: async () =>
        (await api.get('/domains/project/{projectId}', { path: { projectId } })).find((d) => d.id === id) ?? null,
    }),
};
