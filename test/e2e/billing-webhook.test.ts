// Invariant: POST /webhooks/incoming/stripe acts only on deliveries signed with STRIPE_WEBHOOK_SECRET
// over the exact bytes received and at most 300 s old; a missing, forged or stale signature is 400
// with no effect; each event id has its effect once however often it is delivered; unknown types are
// acknowledged and ignored. Subscription events set the billing period that consumption then uses.
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { stripeSignature } from '../servers/stripe-api.ts';
import { expectError } from './support.ts';

const SECRET = 'whsec_test_secret';

for (const dialect of DIALECTS) {
  describe(`Stripe webhook on ${dialect}`, () => {
    const t = useTestEnv({
      dialect,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_mailwright',
        STRIPE_WEBHOOK_SECRET: SECRET,
        STRIPE_API_URL: 'http://127.0.0.1:9',
      },
    });
    let n = 0;
    const event = (type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) => {
      n += 1;
      return { id: `evt_test_${n}_${Date.now()}`, object: 'event', type, created, data: { object } };
    };
    const deliver = (payload: string, signature?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/webhooks/incoming/stripe',
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
        payload,
      });
    const signed = (e: object) => {
      const payload = JSON.stringify(e);
      return deliver(payload, stripeSignature(payload, SECRET));
    };
    const billingRow = (p: TestProject) =>
      t.deps.db.selectFrom('projectBilling').selectAll().where('projectId', '=', p.id).executeTakeFirst();
    const seen = async (id: string) =>
      (await t.deps.db.selectFrom('stripeEvents').select('id').where('id', '=', id).execute()).length;

    const completed = (p: TestProject, customer: string) =>
      event('checkout.session.completed', {
        id: 'cs_test_1',
        object: 'checkout.session',
        client_reference_id: p.id,
        customer,
        subscription: 'sub_test_1',
        metadata: { projectId: p.id },
      });
    const subscription = (
      type: string,
      customer: string,
      start: number,
      end: number,
      status = 'active',
      created?: number,
    ) =>
      event(
        type,
        {
          id: 'sub_test_1',
          object: 'subscription',
          customer,
          status,
          metadata: {},
          items: { object: 'list', data: [{ id: 'si_1', current_period_start: start, current_period_end: end }] },
        },
        created,
      );

    it('stores the customer and subscription of a completed checkout, once per event id', async () => {
      const p = await t.make.project();
      const e = completed(p, 'cus_hook_1');
      const first = await signed(e);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ received: true, outcome: 'handled' });
      expect(await billingRow(p)).toMatchObject({ stripeCustomerId: 'cus_hook_1', stripeSubscriptionId: 'sub_test_1' });
      const replay = await signed(e);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
      expect(await seen(e.id)).toBe(1);
    });

    it('keeps the subscription period from subscription events, which consumption then uses', async () => {
      const p = await t.make.project();
      await signed(completed(p, 'cus_hook_2'));
      const start = Math.floor(Date.now() / 1000) - 86_400;
      const end = start + 30 * 86_400;
      const res = await signed(subscription('customer.subscription.created', 'cus_hook_2', start, end));
      expect(res.json()).toEqual({ received: true, outcome: 'handled' });
      expect(await billingRow(p)).toMatchObject({ subscriptionStatus: 'active', stripeSubscriptionId: 'sub_test_1' });
      const c = await t.app.inject({
        method: 'GET',
        url: `/users/@me/projects/${p.id}/billing-consumption`,
        headers: { cookie: p.owner.cookie },
      });
      expect(c.json()).toMatchObject({
        periodStart: new Date(start * 1000).toISOString(),
        periodEnd: new Date(end * 1000).toISOString(),
      });
      // An older event delivered late changes nothing; a deletion ends the period (calendar months again).
      const stale = subscription('customer.subscription.updated', 'cus_hook_2', start, end, 'past_due', start);
      expect((await signed(stale)).statusCode).toBe(200);
      expect(await billingRow(p)).toMatchObject({ subscriptionStatus: 'active' });
      await signed(subscription('customer.subscription.deleted', 'cus_hook_2', start, end, 'canceled'));
      expect(await billingRow(p)).toMatchObject({ subscriptionStatus: 'canceled', periodStart: null, periodEnd: null });
    });

    it('records paid and failed invoices of the customer', async () => {
      const p = await t.make.project();
      await signed(completed(p, 'cus_hook_3'));
      const failed = event('invoice.payment_failed', { id: 'in_hook_1', object: 'invoice', customer: 'cus_hook_3' });
      expect((await signed(failed)).json()).toEqual({ received: true, outcome: 'handled' });
      expect(await billingRow(p)).toMatchObject({ lastInvoiceId: 'in_hook_1', lastInvoiceStatus: 'payment_failed' });
      await signed(event('invoice.paid', { id: 'in_hook_1', object: 'invoice', customer: 'cus_hook_3' }));
      expect(await billingRow(p)).toMatchObject({ lastInvoiceId: 'in_hook_1', lastInvoiceStatus: 'paid' });
      // A late redelivery of the failure has no second effect: the invoice stays paid.
      expect((await signed(failed)).json()).toEqual({ received: true, outcome: 'duplicate' });
      expect(await billingRow(p)).toMatchObject({ lastInvoiceId: 'in_hook_1', lastInvoiceStatus: 'paid' });
    });

    it('refuses a missing, forged or stale signature with 400 and no effect', async () => {
      const p = await t.make.project();
      const e = completed(p, 'cus_forged');
      const payload = JSON.stringify(e);
      expectError(await deliver(payload), 400, 'BAD_REQUEST');
      expectError(await deliver(payload, stripeSignature(payload, 'whsec_someone_else')), 400, 'BAD_REQUEST');
      // Signed right, but the body was changed after signing.
      const tampered = payload.replace('cus_forged', 'cus_evil');
      expectError(await deliver(tampered, stripeSignature(payload, SECRET)), 400, 'BAD_REQUEST');
      const old = Math.floor(Date.now() / 1000) - 301;
      expectError(await deliver(payload, stripeSignature(payload, SECRET, old)), 400, 'BAD_REQUEST');
      expectError(await deliver(payload, 'garbage'), 400, 'BAD_REQUEST');
      expect(await billingRow(p)).toBeUndefined();
      expect(await seen(e.id)).toBe(0);
      // The same delivery, fresh and signed, is accepted: the refusals were about the signature alone.
      expect((await deliver(payload, stripeSignature(payload, SECRET))).json().outcome).toBe('handled');
    });

    it('acknowledges and ignores unknown event types', async () => {
      const e = event('customer.created', { id: 'cus_x', object: 'customer' });
      const res = await signed(e);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
      expect(await seen(e.id)).toBe(0);
    });
  });
}
