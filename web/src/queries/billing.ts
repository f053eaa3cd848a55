/**
 * Billing of a project (only on a server with billing): its caps, this period's use, its invoices;
 * changing the caps, and the ways to Stripe (checkout, the billing portal).
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Operation, RequestBody, ResponseBody } from '../../../client/index.ts';
import { billingKeys, type ProjectScope } from './keys.ts';

export type Limits = ResponseBody<Operation<'/users/@me/projects/{id}/billing-limits', 'get'>>;
export type LimitsBody = RequestBody<Operation<'/users/@me/projects/{id}/billing-limits', 'put'>>;
export type Invoice = ResponseBody<Operation<'/users/@me/projects/{id}/billing-invoices', 'get'>>[number];

export const billingQueries = {
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
      queryKey: billingKeys.lists(projectId),
      queryFn: () => api.get('/users/@me/projects/{id}/billing-invoices', { path: { id: projectId } }),
    }),
};

export const billingMutations = {
  saveLimits: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: billingKeys.mutation(projectId, 'save-limits'),
      mutationFn: (body: LimitsBody) =>
        api.put('/users/@me/projects/{id}/billing-limits', { path: { id: projectId }, body }),
      meta: { invalidates: [billingKeys.all(projectId)] },
    }),
  /** The address of a Stripe page: checkout to subscribe, or the billing portal. Nothing changes until Stripe says so. */
  stripePage: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: billingKeys.mutation(projectId, 'stripe-page'),
      mutationFn: (where: 'checkout' | 'portal') =>
        where === 'checkout'
          ? api.post('/users/@me/projects/{id}/checkout', { path: { id: projectId } })
          : api.post('/users/@me/projects/{id}/billing-portal', { path: { id: projectId } }),
    }),
};
