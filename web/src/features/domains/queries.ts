/** The project's sending domains, shared by the Domains screens and the Overview. */
import { useQuery } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../../client/index.ts';
import { projectKey, useProject } from '../../app/project-context.tsx';

export type Domain = ResponseBody<Operation<'/domains/project/{projectId}', 'get'>>[number];
export type DomainRecord = Domain['records'][number];

export const domainsKey = (projectId: string) => projectKey(projectId, 'domains');

export function useDomains() {
  const { api, projectId } = useProject();
  return useQuery({
    queryKey: domainsKey(projectId),
    queryFn: () => api.get('/domains/project/{projectId}', { path: { projectId } }),
  });
}
