/**
 * Billing for signed-in users (/users/@me/projects/:id/…) and Stripe's webhook receiver. The rules
 * live in billing.service.ts and webhook.service.ts; docs/billing.md describes them.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Deps } from '../deps.ts';
import { requireUser } from '../http/auth.ts';
import { routeSchema, SESSION } from '../http/routes.ts';
import { IdParams } from '../http/schemas.ts';
import {
  BillingConsumption,
  BillingInvoice,
  BillingLimits,
  BillingUrl,
  StripeWebhookReply,
  UpdateBillingLimitsBody,
} from './billing.schemas.ts';
import {
  createCheckout,
  createPortal,
  getConsumption,
  getLimits,
  listInvoices,
  updateLimits,
} from './billing.service.ts';
import { receiveStripeEvent } from './webhook.service.ts';

export const billingRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.addHook('onRequest', requireUser(deps));
  const schema = routeSchema('billing', SESSION);
  const params = IdParams;
  const base = '/users/@me/projects/:id';

  app.post(`${base}/checkout`, schema({ params, response: { 200: BillingUrl } }), async (req) =>
    createCheckout(deps, req.userId!, req.params.id),
  );
  app.post(`${base}/billing-portal`, schema({ params, response: { 200: BillingUrl } }), async (req) =>
    createPortal(deps, req.userId!, req.params.id),
  );
  app.get(`${base}/billing-invoices`, schema({ params, response: { 200: Type.Array(BillingInvoice) } }), async (req) =>
    listInvoices(deps, req.userId!, req.params.id),
  );
  app.get(`${base}/billing-limits`, schema({ params, response: { 200: BillingLimits } }), async (req) =>
    getLimits(deps, req.userId!, req.params.id),
  );
  app.put(
    `${base}/billing-limits`,
    schema({ params, body: UpdateBillingLimitsBody, response: { 200: BillingLimits } }),
    async (req) => updateLimits(deps, req.userId!, req.params.id, req.body),
  );
  app.get(`${base}/billing-consumption`, schema({ params, response: { 200: BillingConsumption } }), async (req) =>
    getConsumption(deps, req.userId!, req.params.id),
  );
};

/** Stripe signs the exact bytes it sent, so this scope takes every body raw (capped) instead of parsing it. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export const stripeWebhookRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );
  app.post(
    '/webhooks/incoming/stripe',
    { schema: { tags: ['webhooks'], response: { 200: StripeWebhookReply } } },
    async (req) => {
      const signature = req.headers['stripe-signature'];
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const outcome = await receiveStripeEvent(deps, raw, typeof signature === 'string' ? signature : undefined);
      return { received: true as const, outcome };
    },
  );
};
