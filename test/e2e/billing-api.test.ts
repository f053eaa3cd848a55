// Invariant: billing is off without STRIPE_SECRET_KEY (every billing route answers 404
// BILLING_DISABLED and GET /config says billing: false); with it, checkout, portal and invoices go
// through the Stripe SDK to the configured API (one customer per project, reused), limits are read
// by any member and changed only by an OWNER with valid values, and consumption counts the email rows
// of the current period by source.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject, TestUser } from '../factories.ts';
import { type StripeApiServer, startStripeApi } from '../servers/stripe-api.ts';
import { expectError } from './support.ts';

type Method = 'GET' | 'POST' | 'PUT';
const ROUTES: Array<[Method, string]> = [
  ['POST', 'checkout'],
  ['POST', 'billing-portal'],
  ['GET', 'billing-invoices'],
  ['GET', 'billing-limits'],
  ['PUT', 'billing-limits'],
  ['GET', 'billing-consumption'],
];

for (const dialect of DIALECTS) {
  describe(`billing disabled on ${dialect}`, () => {
    const t = useTestEnv({ dialect });

    it('answers 404 BILLING_DISABLED on every billing route and says billing: false in /config', async () => {
      const p = await t.make.project();
      for (const [method, path] of ROUTES) {
        const res = await t.app.inject({
          method,
          url: `/users/@me/projects/${p.id}/${path}`,
          headers: { cookie: p.owner.cookie },
          ...(method === 'PUT' ? { payload: { transactional: 5 } } : {}),
        });
        expect(expectError(res, 404, 'BILLING_DISABLED').message).toMatch(/STRIPE_SECRET_KEY/);
      }
      const hook = await t.app.inject({ method: 'POST', url: '/webhooks/incoming/stripe', payload: { id: 'evt_1' } });
      expectError(hook, 404, 'BILLING_DISABLED');
      expect((await t.app.inject({ method: 'GET', url: '/config' })).json()).toMatchObject({ billing: false });
      // Nothing was written.
      expect(await t.deps.db.selectFrom('projectBilling').selectAll().execute()).toEqual([]);
    });
  });

  describe(`billing through Stripe on ${dialect}`, () => {
    let stripe: StripeApiServer;
    beforeAll(async () => {
      stripe = await startStripeApi();
    });
    afterAll(async () => stripe?.close());
    const t = useTestEnv({
      dialect,
      env: () => ({
        STRIPE_SECRET_KEY: 'sk_test_mailwright',
        STRIPE_PRICE_ID: 'price_test_pro',
        STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
        STRIPE_API_URL: stripe.url,
      }),
    });
    const call = (u: TestUser, method: Method, p: { id: string }, path: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/users/@me/projects/${p.id}/${path}`,
        headers: { cookie: u.cookie },
        ...(payload ? { payload } : {}),
      });
    async function member(p: TestProject, role: 'ADMIN' | 'MEMBER') {
      const u = await t.make.user();
      await t.deps.db
        .insertInto('memberships')
        .values({ userId: u.id, projectId: p.id, role, createdAt: new Date() } as never)
        .execute();
      return u;
    }

    it('says billing: true in /config', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/config' })).json()).toMatchObject({ billing: true });
    });

    it('creates a subscription checkout with the price and BASE_URL return URLs, creating the customer once', async () => {
      const p = await t.make.project();
      const first = await call(p.owner, 'POST', p, 'checkout');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
      const again = await call(p.owner, 'POST', p, 'checkout');
      expect(again.statusCode, again.body).toBe(200);

      const customers = stripe.calls('POST', '/v1/customers').filter((r) => r.form['metadata[projectId]'] === p.id);
      expect(customers).toHaveLength(1);
      expect(customers[0]!.form.email).toBe(p.owner.email);
      const customerId = (
        await t.deps.db.selectFrom('projectBilling').selectAll().where('projectId', '=', p.id).executeTakeFirstOrThrow()
      ).stripeCustomerId;
      expect(customerId).toMatch(/^cus_test/);
      const sessions = stripe.calls('POST', '/v1/checkout/sessions').filter((r) => r.form.client_reference_id === p.id);
      expect(sessions).toHaveLength(2);
      for (const s of sessions) {
        expect(s.form).toMatchObject({
          mode: 'subscription',
          customer: customerId,
          'line_items[0][price]': 'price_test_pro',
          'line_items[0][quantity]': '1',
          'subscription_data[metadata][projectId]': p.id,
          success_url: `http://localhost:3000/p/${p.id}/settings/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `http://localhost:3000/p/${p.id}/settings/billing?checkout=cancelled`,
        });
      }
    });

    it('opens the billing portal for the customer, and answers 409 before any checkout', async () => {
      const p = await t.make.project();
      expectError(await call(p.owner, 'POST', p, 'billing-portal'), 409, 'CONFLICT');
      await call(p.owner, 'POST', p, 'checkout');
      const res = await call(p.owner, 'POST', p, 'billing-portal');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
      const row = await t.deps.db
        .selectFrom('projectBilling')
        .selectAll()
        .where('projectId', '=', p.id)
        .executeTakeFirstOrThrow();
      const [portal] = stripe
        .calls('POST', '/v1/billing_portal/sessions')
        .filter((r) => r.form.customer === row.stripeCustomerId);
      expect(portal!.form.return_url).toBe(`http://localhost:3000/p/${p.id}/settings/billing`);
    });

    it('lists the customer’s invoices from Stripe, and none before a checkout', async () => {
      const p = await t.make.project();
      const none = await call(p.owner, 'GET', p, 'billing-invoices');
      expect(none.statusCode, none.body).toBe(200);
      expect(none.json()).toEqual([]);
      await call(p.owner, 'POST', p, 'checkout');
      const row = await t.deps.db
        .selectFrom('projectBilling')
        .selectAll()
        .where('projectId', '=', p.id)
        .executeTakeFirstOrThrow();
      stripe.setInvoices(row.stripeCustomerId!, [
        {
          id: 'in_1',
          number: 'MW-0001',
          status: 'paid',
          amount_due: 1900,
          amount_paid: 1900,
          currency: 'eur',
          created: 1_790_000_000,
          hosted_invoice_url: 'https://invoice.stripe.test/i/in_1',
        },
      ]);
      const res = await call(p.owner, 'GET', p, 'billing-invoices');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual([
        {
          id: 'in_1',
          number: 'MW-0001',
          status: 'paid',
          amountDue: 1900,
          amountPaid: 1900,
          currency: 'eur',
          created: new Date(1_790_000_000 * 1000).toISOString(),
          hostedInvoiceUrl: 'https://invoice.stripe.test/i/in_1',
        },
      ]);
      const list = stripe.calls('GET', '/v1/invoices').at(-1)!;
      expect(list.query.get('customer')).toBe(row.stripeCustomerId);
    });

    it('answers 502 PAYMENT_PROVIDER_ERROR when Stripe fails, storing nothing', async () => {
      const p = await t.make.project();
      stripe.fail(true);
      try {
        expectError(await call(p.owner, 'POST', p, 'checkout'), 502, 'PAYMENT_PROVIDER_ERROR');
      } finally {
        stripe.fail(false);
      }
      expect(await t.deps.db.selectFrom('projectBilling').selectAll().where('projectId', '=', p.id).execute()).toEqual(
        [],
      );
    });

    it('lets only an OWNER check out, open the portal, list invoices or change limits; members read limits', async () => {
      const p = await t.make.project();
      for (const role of ['ADMIN', 'MEMBER'] as const) {
        const u = await member(p, role);
        expectError(await call(u, 'POST', p, 'checkout'), 403, 'FORBIDDEN');
        expectError(await call(u, 'POST', p, 'billing-portal'), 403, 'FORBIDDEN');
        expectError(await call(u, 'GET', p, 'billing-invoices'), 403, 'FORBIDDEN');
        expectError(await call(u, 'PUT', p, 'billing-limits', { transactional: 1 }), 403, 'FORBIDDEN');
        expect((await call(u, 'GET', p, 'billing-limits')).statusCode).toBe(200);
        expect((await call(u, 'GET', p, 'billing-consumption')).statusCode).toBe(200);
      }
      const stranger = await t.make.user();
      expectError(await call(stranger, 'GET', p, 'billing-limits'), 404, 'PROJECT_NOT_FOUND');
      expectError(await call(stranger, 'PUT', p, 'billing-limits', { transactional: 1 }), 404, 'PROJECT_NOT_FOUND');
      const anonymous = await t.app.inject({ method: 'GET', url: `/users/@me/projects/${p.id}/billing-limits` });
      expect(anonymous.statusCode).toBe(401);
      expect((await call(p.owner, 'GET', p, 'billing-limits')).json()).toEqual({
        transactional: null,
        marketing: null,
        workflow: null,
      });
    });

    it('sets, keeps and clears limits, refusing bad values with 422 and changing nothing', async () => {
      const p = await t.make.project();
      const put = (body: object) => call(p.owner, 'PUT', p, 'billing-limits', body);
      const set = await put({ transactional: 100, marketing: 0 });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toEqual({ transactional: 100, marketing: 0, workflow: null });
      // A category left out keeps its cap; null removes one.
      expect((await put({ workflow: 7, marketing: null })).json()).toEqual({
        transactional: 100,
        marketing: null,
        workflow: 7,
      });
      for (const bad of [
        { transactional: -1 },
        { marketing: 1.5 },
        { workflow: '10' },
        { transactional: 2_000_000_000 },
      ]) {
        const res = await put(bad);
        expectError(res, 422, 'VALIDATION_ERROR');
      }
      expect((await call(p.owner, 'GET', p, 'billing-limits')).json()).toEqual({
        transactional: 100,
        marketing: null,
        workflow: 7,
      });
    });

    it('counts the current calendar month’s email rows by source, and not other months or projects', async () => {
      const p = await t.make.project();
      const other = await t.make.project();
      const now = new Date();
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const lastMonth = new Date(monthStart.getTime() - 1000);
      const rows = [
        ...Array.from({ length: 3 }, () => ({ projectId: p.id, sourceType: 'TRANSACTIONAL', createdAt: now })),
        ...Array.from({ length: 2 }, () => ({ projectId: p.id, sourceType: 'CAMPAIGN', createdAt: monthStart })),
        { projectId: p.id, sourceType: 'WORKFLOW', createdAt: now },
        { projectId: p.id, sourceType: 'TRANSACTIONAL', createdAt: lastMonth },
        { projectId: other.id, sourceType: 'TRANSACTIONAL', createdAt: now },
      ];
      for (const r of rows) await insertEmailRow(r);
      const res = await call(p.owner, 'GET', p, 'billing-consumption');
      expect(res.statusCode, res.body).toBe(200);
      const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
      expect(res.json()).toEqual({
        periodStart: monthStart.toISOString(),
        periodEnd: nextMonth.toISOString(),
        transactional: 3,
        marketing: 2,
        workflow: 1,
        total: 6,
      });
    });

    /** An email row as the outbox stores it, with only what consumption reads varied. */
    async function insertEmailRow(r: { projectId: string; sourceType: string; createdAt: Date }) {
      await t.deps.db
        .insertInto('emails')
        .values({
          id: newId(),
          projectId: r.projectId,
          contactId: null,
          templateId: null,
          sourceType: r.sourceType,
          sourceId: null,
          emailType: 'TRANSACTIONAL',
          status: 'SENT',
          priority: 0,
          toEmail: 'hand@count.test',
          toName: null,
          fromEmail: 'me@count.test',
          fromName: null,
          replyTo: null,
          subject: 's',
          html: '<p>h</p>',
          text: 'h',
          headers: '{}',
          hasAttachments: false,
          messageId: `${newId()}@count.test`,
          attempts: 0,
          nextAttemptAt: r.createdAt,
          openCount: 0,
          clickCount: 0,
          createdAt: r.createdAt,
          updatedAt: r.createdAt,
        } as never)
        .execute();
    }
  });
}
