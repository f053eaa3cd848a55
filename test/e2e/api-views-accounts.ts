/**
 * The account-side and reporting calls of api-views.test.ts: team, project safety, billing, uploads,
 * activity and analytics. Each answer goes through the test's `check`, which holds it to its schema
 * and marks the operation exercised.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { recordFeedback } from '../../src/bounces/feedback.service.ts';
import type { TestEnv } from '../env.ts';
import type { TestUser } from '../factories.ts';
import { type StripeApiServer, stripeSignature } from '../servers/stripe-api.ts';
import { safetyHelpers } from './project-safety-helpers.ts';
import { PNG, uploadImage } from './uploads-helpers.ts';

/** api-views.test.ts's check: holds an answer to its schema, marks the operation exercised, returns the body. */
// biome-ignore lint/suspicious/noExplicitAny: the test reads answers of several shapes; check() asserts them.
export type Check = (res: LightMyRequestResponse, path: string, method: string) => any;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Api = (method: Method, url: string, payload?: object) => Promise<LightMyRequestResponse>;

/** Emails sent before a bounce suspends a project: the SUSPEND_MIN_VOLUME the test env sets. */
export const SUSPEND_VOLUME = 20;

/** Team, setup state, security, reinstatement, reset and billing, as `user` (the OWNER of `projectId`). */
export async function checkAccountViews(
  t: TestEnv,
  check: Check,
  ctx: { user: TestUser; projectId: string; stripe: StripeApiServer; webhookSecret: string },
): Promise<void> {
  const { user, projectId, stripe } = ctx;
  const session = (u: TestUser) => (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: u.cookie }, ...(payload ? { payload } : {}) });
  const as = session(user);
  const team = `/projects/${projectId}/members`;
  const colleague = await t.make.user();
  check(await as('POST', team, { email: colleague.email }), '/projects/{id}/members', 'post');
  const invite = { email: 'invitee@views.test', role: 'ADMIN' };
  const invited = check(await as('POST', team, invite), '/projects/{id}/members', 'post');
  expect(invited).toMatchObject({ email: 'invitee@views.test', role: 'ADMIN' });
  check(await as('PATCH', `${team}/${colleague.id}`, { role: 'ADMIN' }), '/projects/{id}/members/{userId}', 'patch');
  const roster = check(await as('GET', team), '/projects/{id}/members', 'get');
  expect(roster.invites).toHaveLength(1);
  // The invitation link is in the queued mail's text, as the invitee would read it.
  const mail = await t.deps.db
    .selectFrom('emails')
    .select('text')
    .where('toEmail', '=', 'invitee@views.test')
    .executeTakeFirstOrThrow();
  const token = decodeURIComponent(/\/invite\?token=([A-Za-z0-9_%-]+)/.exec(mail.text ?? '')![1]!);
  const invitee = await t.make.user({ email: 'invitee@views.test' });
  check(await session(invitee)('POST', '/invites/accept', { token }), '/invites/accept', 'post');

  check(await as('GET', `/projects/${projectId}/setup-state`), '/projects/{id}/setup-state', 'get');
  check(await as('GET', `/projects/${projectId}/security`), '/projects/{id}/security', 'get');

  // Suspension, reinstatement and reset happen to a throwaway project, so the test's data stays.
  const spare = await t.make.project(user);
  const safety = safetyHelpers(t);
  const sent: string[] = [];
  for (let i = 0; i < SUSPEND_VOLUME; i++) sent.push(await safety.email(spare));
  await recordFeedback(t.deps, { kind: 'bounce', bounceType: 'hard', emailId: sent[0]! });
  await t.deps.jobs.drain();
  const mine = `/users/@me/projects/${spare.id}`;
  const suspended = check(await as('GET', `${mine}/security`), '/users/@me/projects/{id}/security', 'get');
  expect(suspended).toMatchObject({ disabled: true, suspensions: [expect.objectContaining({ liftedAt: null })] });
  check(await as('POST', `${mine}/reinstate`), '/users/@me/projects/{id}/reinstate', 'post');
  const reset = check(
    await as('POST', `${mine}/reset`, { confirm: spare.name }),
    '/users/@me/projects/{id}/reset',
    'post',
  );
  await t.deps.jobs.drain();
  const done = check(await as('GET', `${mine}/resets/${reset.id}`), '/users/@me/projects/{id}/resets/{resetId}', 'get');
  expect(done.status).toBe('completed');

  const billing = `/users/@me/projects/${projectId}`;
  const billed = (path: string) => `/users/@me/projects/{id}/${path}`;
  check(await as('POST', `${billing}/checkout`), billed('checkout'), 'post');
  check(await as('POST', `${billing}/billing-portal`), billed('billing-portal'), 'post');
  const { stripeCustomerId: customer } = await t.deps.db
    .selectFrom('projectBilling')
    .select('stripeCustomerId')
    .where('projectId', '=', projectId)
    .executeTakeFirstOrThrow();
  stripe.setInvoices(customer!, [
    {
      id: 'in_views',
      number: null,
      status: 'open',
      amount_due: 1900,
      amount_paid: 0,
      currency: 'eur',
      created: 1_790_000_000,
      hosted_invoice_url: null,
    },
  ]);
  expect(check(await as('GET', `${billing}/billing-invoices`), billed('billing-invoices'), 'get')).toHaveLength(1);
  const limits = { transactional: 1_000_000, marketing: null };
  check(await as('PUT', `${billing}/billing-limits`, limits), billed('billing-limits'), 'put');
  check(await as('GET', `${billing}/billing-limits`), billed('billing-limits'), 'get');
  check(await as('GET', `${billing}/billing-consumption`), billed('billing-consumption'), 'get');
  const event = JSON.stringify({
    id: 'evt_views_1',
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: 'cs_views', object: 'checkout.session', client_reference_id: projectId, customer } },
  });
  const hook = await t.app.inject({
    method: 'POST',
    url: '/webhooks/incoming/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(event, ctx.webhookSecret) },
    payload: event,
  });
  expect(check(hook, '/webhooks/incoming/stripe', 'post')).toEqual({ received: true, outcome: 'handled' });
}

/**
 * Uploads, the activity feed and analytics through the project's key. Run while a workflow
 * execution waits and after a campaign went out, so the feed, rankings and upcoming lists have rows.
 */
export async function checkReportViews(t: TestEnv, check: Check, api: Api, auth: string): Promise<void> {
  const png = { content: PNG, filename: 'logo.png', contentType: 'image/png' };
  const image = check(await uploadImage(t.app, { authorization: auth }, png), '/uploads/image', 'post');
  const uploads = check(await api('GET', '/uploads'), '/uploads', 'get');
  expect(uploads.data.map((u: { id: string }) => u.id)).toEqual([image.id]);

  const body = { name: 'Later', subject: 'S', body: '<p>x</p>', from: 'a@views.test', audienceType: 'ALL' };
  const later = check(await api('POST', '/campaigns', body), '/campaigns', 'post').data;
  const scheduledFor = new Date(Date.now() + 3_600_000).toISOString();
  check(await api('POST', `/campaigns/${later.id}/send`, { scheduledFor }), '/campaigns/{id}/send', 'post');
  const feed = check(await api('GET', '/activity?limit=100'), '/activity', 'get');
  expect(feed.data.length).toBeGreaterThan(0);
  check(await api('GET', '/activity/stats'), '/activity/stats', 'get');
  check(await api('GET', '/activity/recent-count?minutes=60'), '/activity/recent-count', 'get');
  check(await api('GET', '/activity/types'), '/activity/types', 'get');
  const upcoming = check(await api('GET', '/activity/upcoming'), '/activity/upcoming', 'get');
  expect([upcoming.campaigns.length, upcoming.executions.length]).toEqual([1, 1]);
  check(await api('POST', `/campaigns/${later.id}/cancel`), '/campaigns/{id}/cancel', 'post');

  check(await api('GET', '/analytics/timeseries?interval=hour'), '/analytics/timeseries', 'get');
  const top = check(await api('GET', '/analytics/top-campaigns?metric=sent'), '/analytics/top-campaigns', 'get');
  expect(top.data.length).toBeGreaterThan(0);
  check(await api('GET', '/analytics/campaign-stats'), '/analytics/campaign-stats', 'get');
  check(await api('GET', '/analytics/top-events'), '/analytics/top-events', 'get');
}
