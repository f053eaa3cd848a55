/** Billing of a project (only on a server with billing): its caps, this period's use, its invoices. */
import { queryOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { billingKeys, type ProjectScope } from './keys.ts';

export type Limits = ResponseBody<Operation<'/users/@me/projects/{id}/billing-limits', 'get'>>;
export type Invoice = ResponseBody<Operation<'/users/@me/projects/{id}/billing-invoices', 'get'>>[number];

export const billingQueries = {
  all: (projectId: string) => billingKeys.all(projectId), // LEGACY(issue-40)
  limits: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: [...billingKeys.all(projectId), 'limits'],
      queryFn: () => api.get('/users/@me/projects/{id}/billing-limits', { path: { id: projectId } }),
    }),
  consumption: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: [...billingKeys.all(projectId), 'consumption'],
      queryFn: () => api.get('/users/@me/projects/{id}/billing-consumption', { path: { id: projectId } }),
    }),
  invoices: ({ api, projectId }: ProjectScope) =>
    queryOptions({
      queryKey: [...billingKeys.all(projectId), 'invoices'],
      queryFn: () => api.get('/users/@me/projects/{id}/billing-invoices', { path: { id: projectId } }),
    }),
};
