/**
 * Sending domains: the project's list (the Domains screens, the Overview, the campaign sender
 * picker), one domain, and their writes: adding one, checking its DNS records now, deleting it.
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { affects } from './affects.ts';
import { storesAnswer } from './cache.ts';
import { domainKeys, type ProjectScope, removal } from './keys.ts';

export type Domain = ResponseBody<Operation<'/domains/project/{projectId}', 'get'>>[number];
export type DomainRecord = Domain['records'][number];

export const domainQueries = {
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

export const domainMutations = {
  /** Adds a domain; the answer is the domain with its records, which its page shows at once. */
  create: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: domainKeys.mutation(projectId, 'create'),
      mutationFn: (body: { domain: string }) => api.post('/domains', { body }),
      meta: { invalidates: affects.domains(projectId) },
      onSuccess: storesAnswer<Domain>(domainKeys, projectId),
    }),
  /**
   * Checks the DNS records of domain `id` now. Its page and the list read the project's domains, which
   * the refresh asks for again before the screen reacts, so the answer itself is not stored.
   */
  verify: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: domainKeys.mutation(projectId, 'verify'),
      mutationFn: () => api.get('/domains/{id}/verify', { path: { id } }),
      meta: { invalidates: affects.domains(projectId) },
    }),
  remove: ({ api, projectId }: ProjectScope, id: string) =>
    mutationOptions({
      mutationKey: domainKeys.mutation(projectId, 'delete'),
      mutationFn: () => api.delete('/domains/{id}', { path: { id } }),
      meta: { invalidates: affects.domains(projectId), removes: removal(domainKeys, projectId, id) },
    }),
};
