// Invariant: the permission table (src/projects/permissions.ts) is what every project route does for a
// signed-in user. Every secured route of /openapi.json is classified below; each is called as OWNER,
// ADMIN, MEMBER and a non-member of a fresh project: a role outside the route's permission gets 403
// FORBIDDEN, a role inside it never does (a route's own 404/409/422 for an obviously missing id or
// an empty body is fine), a non-member always gets 404 PROJECT_NOT_FOUND. A route added without a
// class here, a class left for a route that is gone, or a permission no route uses fails the test.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/db/schema.ts';
import { PERMISSIONS, type Permission, ROLES } from '../../src/projects/permissions.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestUser } from '../factories.ts';
import { type HttpListener, startHttpListener } from '../servers/http-listener.ts';
import { expectError } from './support.ts';
import { memberOf } from './team-helpers.ts';

/** Routes of signed-in users that belong to no project (the account, project creation, invitations). */
const ACCOUNT_ROUTES = [
  'GET /users/@me',
  'PATCH /users/@me',
  'GET /users/@me/sign-in-methods',
  'POST /users/@me/password',
  'POST /auth/request-verification',
  'GET /users/@me/projects',
  'POST /users/@me/projects',
  'POST /invites/accept',
];

/** Every project route by the permission it needs. Resource routes (X-Project-Id) not listed under another permission are 'project.use'. */
const ROUTES: Record<Permission, string[]> = {
  'project.use': [
    'GET /projects/{id}/members',
    'GET /projects/{id}/setup-state',
    'GET /projects/{id}/security',
    'GET /users/@me/projects/{id}/security',
    'GET /users/@me/projects/{id}/resets/{resetId}',
    'GET /users/@me/projects/{id}/sending-plan',
    'GET /domains/project/{projectId}',
    'GET /domains/{id}/verify',
    'GET /contacts',
    'POST /contacts',
    'POST /contacts/lookup',
    'GET /contacts/{id}',
    'PATCH /contacts/{id}',
    'DELETE /contacts/{id}',
    'GET /contacts/{id}/export',
    'GET /contacts/fields',
    'GET /contacts/fields/{field}/values',
    'GET /contacts/fields/{field}/usage',
    'DELETE /contacts/fields/{field}',
    'POST /contacts/import',
    'GET /contacts/import/{jobId}',
    'POST /contacts/bulk-subscribe',
    'POST /contacts/bulk-unsubscribe',
    'POST /contacts/bulk-delete',
    'GET /contacts/bulk/{jobId}',
    'GET /templates',
    'POST /templates',
    'GET /templates/{id}',
    'PATCH /templates/{id}',
    'DELETE /templates/{id}',
    'POST /templates/{id}/duplicate',
    'GET /templates/{id}/usage',
    'POST /templates/preview',
    'GET /templates/{id}/preview',
    'GET /templates/{id}/versions',
    'GET /templates/{id}/versions/{version}',
    'POST /templates/{id}/versions/{version}/restore',
    'PUT /templates/{id}/draft',
    'DELETE /templates/{id}/draft',
    'POST /templates/{id}/publish',
    // The MCP server: any member (on a session with X-Project-Id) or the key; its tools' writes follow mcpWrites.
    'POST /mcp',
    'GET /campaigns',
    'POST /campaigns',
    'GET /campaigns/{id}',
    'PUT /campaigns/{id}',
    'PATCH /campaigns/{id}',
    'DELETE /campaigns/{id}',
    'POST /campaigns/{id}/duplicate',
    'POST /campaigns/{id}/send',
    'POST /campaigns/{id}/cancel',
    'POST /campaigns/{id}/test',
    'POST /campaigns/{id}/send-plan',
    'POST /campaigns/{id}/winner',
    'GET /campaigns/{id}/stats',
    'GET /campaigns/{id}/timeseries',
    'POST /campaigns/audience',
    'GET /segments',
    'POST /segments',
    'GET /segments/{id}',
    'PATCH /segments/{id}',
    'DELETE /segments/{id}',
    'GET /segments/{id}/contacts',
    'POST /segments/{id}/members',
    'DELETE /segments/{id}/members',
    'POST /segments/{id}/compute',
    'POST /segments/{id}/refresh',
    'POST /segments/preview',
    'GET /topics',
    'POST /topics',
    'GET /topics/{id}',
    'PATCH /topics/{id}',
    'DELETE /topics/{id}',
    'GET /workflows',
    'GET /webhook-endpoints',
    'GET /webhook-endpoints/{id}',
    'GET /webhook-endpoints/{id}/messages',
    'GET /webhook-endpoints/{id}/messages/{messageId}',
    'GET /transports',
    'GET /transports/{id}',
    'POST /workflows',
    'GET /workflows/fields',
    'GET /workflows/{id}',
    'PATCH /workflows/{id}',
    'DELETE /workflows/{id}',
    'POST /workflows/{id}/steps',
    'PATCH /workflows/{id}/steps/{stepId}',
    'DELETE /workflows/{id}/steps/{stepId}',
    'POST /workflows/{id}/transitions',
    'DELETE /workflows/{id}/transitions/{transitionId}',
    'POST /workflows/{id}/executions',
    'GET /workflows/{id}/executions',
    'POST /workflows/{id}/executions/cancel-all',
    'GET /workflows/{id}/executions/{executionId}',
    'DELETE /workflows/{id}/executions/{executionId}',
    'POST /v1/verify',
    'POST /v1/send',
    'GET /smtp-submission',
    'POST /v1/track',
    'POST /v1/subscribe',
    'POST /contacts/{id}/confirmation',
    'POST /events/track',
    'GET /events',
    'GET /events/stats',
    'GET /events/names',
    'GET /events/contact/{contactId}',
    'GET /events/{eventName}/usage',
    'DELETE /events/{eventName}',
    'GET /outbox',
    'GET /outbox/{id}/raw',
    'GET /emails',
    'GET /emails/{id}',
    'POST /emails/{id}/retry',
    'GET /activity',
    'GET /activity/stats',
    'GET /activity/recent-count',
    'GET /activity/types',
    'GET /activity/upcoming',
    'GET /analytics/timeseries',
    'GET /analytics/top-campaigns',
    'GET /analytics/campaign-stats',
    'GET /analytics/top-events',
    'POST /uploads/image',
    'GET /uploads',
    'DELETE /uploads/{id}',
    'GET /suppressions',
    'GET /suppressions/export',
    'GET /suppressions/imports/{id}',
  ],
  'contacts.erase': ['POST /contacts/{id}/erase'],
  'domains.manage': ['POST /domains', 'DELETE /domains/{id}'],
  'webhooks.manage': [
    'POST /webhook-endpoints',
    'PATCH /webhook-endpoints/{id}',
    'DELETE /webhook-endpoints/{id}',
    'POST /webhook-endpoints/{id}/rotate-secret',
    'POST /webhook-endpoints/{id}/test',
    'POST /webhook-endpoints/{id}/messages/{messageId}/retry',
  ],
  'transports.manage': [
    'POST /transports',
    'PATCH /transports/{id}',
    'DELETE /transports/{id}',
    'POST /transports/{id}/test',
  ],
  'settings.change': ['PATCH /users/@me/projects/{id}'],
  'keys.rotate': ['POST /users/@me/projects/{id}/regenerate-keys'],
  'members.invite': ['POST /projects/{id}/members', 'DELETE /projects/{id}/invites/{inviteId}'],
  // Removing someone else; removing oneself (leaving) is any member's right (team-roles.test.ts).
  'members.manage': ['PATCH /projects/{id}/members/{userId}', 'DELETE /projects/{id}/members/{userId}'],
  'billing.manage': [
    'POST /users/@me/projects/{id}/checkout',
    'POST /users/@me/projects/{id}/billing-portal',
    'GET /users/@me/projects/{id}/billing-invoices',
    'PUT /users/@me/projects/{id}/billing-limits',
  ],
  'billing.read': ['GET /users/@me/projects/{id}/billing-limits', 'GET /users/@me/projects/{id}/billing-consumption'],
  'project.reset': ['POST /users/@me/projects/{id}/reset'],
  'project.delete': ['DELETE /users/@me/projects/{id}'],
  'project.reinstate': ['POST /users/@me/projects/{id}/reinstate'],
  'audit.read': ['GET /audit-log', 'GET /audit-log/facets', 'GET /audit-log/export'],
  'suppressions.manage': ['POST /suppressions', 'DELETE /suppressions/{id}', 'POST /suppressions/import'],
};

/** Bodies for routes that check the role after validating the body (so `{}` would meet a 422 first); they change nothing. */
const BODIES: Record<string, object> = {
  'POST /users/@me/projects/{id}/reset': { confirm: 'not the project name' },
};

/** Path parameters that name the project itself; every other one gets an id that exists nowhere. */
const PROJECT_PARAMS = ['/users/@me/projects/{id}', '/projects/{id}', '/domains/project/{projectId}'];
const MISSING = '01900000-0000-7000-8000-000000000000';

type OpenApi = { paths: Record<string, Record<string, { security?: Array<Record<string, unknown>> }>> };
type Route = { key: string; method: string; path: string; viaHeader: boolean };

describe.each(DIALECTS)('permission matrix on %s', (dialect) => {
  // Billing on, its API a loopback server refusing everything: the billing routes run their checks
  // and, for roles allowed through, meet the provider's refusal instead of BILLING_DISABLED.
  let stripe: HttpListener;
  beforeAll(async () => {
    stripe = await startHttpListener();
    stripe.respond(() => ({
      status: 400,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ error: { type: 'invalid_request_error', message: 'refused by the test' } }),
    }));
  });
  afterAll(async () => stripe?.close());
  const t = useTestEnv({
    dialect,
    env: () => ({
      RATE_LIMIT_PER_MINUTE: '1000000',
      STRIPE_SECRET_KEY: 'sk_test_matrix',
      STRIPE_PRICE_ID: 'price_matrix',
      STRIPE_API_URL: stripe.url,
    }),
  });

  async function documentedRoutes(): Promise<Route[]> {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json() as OpenApi;
    return Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security?.length)
        .map(([method, op]) => ({
          key: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          path,
          viaHeader: op.security!.some((s) => 'apiKey' in s),
        })),
    );
  }

  it('classifies every secured route exactly once, and every permission guards some route', async () => {
    const documented = (await documentedRoutes()).map((r) => r.key).sort();
    const classified = [...ACCOUNT_ROUTES, ...Object.values(ROUTES).flat()];
    expect(new Set(classified).size, 'a route classified twice').toBe(classified.length);
    expect(
      documented.filter((k) => !classified.includes(k)),
      'routes without a class',
    ).toEqual([]);
    expect(
      classified.filter((k) => !documented.includes(k)),
      'classes of routes that are gone',
    ).toEqual([]);
    expect(Object.keys(ROUTES).sort()).toEqual(Object.keys(PERMISSIONS).sort());
    for (const [permission, routes] of Object.entries(ROUTES)) expect(routes.length, permission).toBeGreaterThan(0);
  });

  it('refuses each role exactly where the table says, and non-members everywhere', async () => {
    const owner = await t.make.user();
    const outsider = await t.make.user();
    const byKey = new Map(Object.entries(ROUTES).flatMap(([p, keys]) => keys.map((k) => [k, p as Permission])));
    const routes = (await documentedRoutes()).filter((r) => byKey.has(r.key));
    expect(routes.length).toBeGreaterThan(100);
    let checked = 0;
    for (const route of routes) {
      // A fresh project per route: an allowed call may delete or rotate what the next route needs.
      const p = await t.make.project(owner);
      const users: Record<Role, TestUser> = {
        OWNER: owner,
        ADMIN: await memberOf(t, p, 'ADMIN'),
        MEMBER: await memberOf(t, p, 'MEMBER'),
      };
      const call = (user: TestUser) => {
        const prefix = PROJECT_PARAMS.find((x) => route.path.startsWith(x));
        const head = prefix ? prefix.replace(/\{[^}]+\}/, p.id) : '';
        const url = head + route.path.slice(prefix?.length ?? 0).replace(/\{[^}]+\}/g, MISSING);
        const headers: Record<string, string> = { cookie: user.cookie };
        if (route.viaHeader) headers['x-project-id'] = p.id;
        const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
        return t.app.inject({
          method: route.method as 'GET',
          url,
          headers,
          ...(hasBody ? { payload: BODIES[route.key] ?? {} } : {}),
        });
      };
      const permission = byKey.get(route.key)!;
      const label = (who: string, res: LightMyRequestResponse) =>
        `${route.key} as ${who}: ${res.statusCode} ${res.body}`;

      const outside = await call(outsider);
      expect(outside.statusCode, label('a non-member', outside)).toBe(404);
      expectError(outside, 404, 'PROJECT_NOT_FOUND');
      // Refused roles first, so no allowed call (a deletion) runs before them.
      for (const role of [...ROLES].reverse()) {
        const res = await call(users[role]);
        const allowed = (PERMISSIONS[permission] as readonly Role[]).includes(role);
        if (!allowed) {
          expect(res.statusCode, label(role, res)).toBe(403);
          expectError(res, 403, 'FORBIDDEN');
        } else {
          const code = res.statusCode >= 400 ? res.json().error?.code : undefined;
          expect(res.statusCode === 403 && code === 'FORBIDDEN', label(role, res)).toBe(false);
          expect([401, 500], label(role, res)).not.toContain(res.statusCode);
          expect(code, label(role, res)).not.toBe('PROJECT_NOT_FOUND');
        }
        checked++;
      }
    }
    expect(checked).toBe(routes.length * ROLES.length);
    // ~200 routes, a fresh project and four callers each: 15 s alone, past 30 s beside other files.
  }, 120_000);

  it('never limits a secret key: the project key may do what only admins may do in the dashboard', async () => {
    const p = await t.make.project();
    const member = await memberOf(t, p, 'MEMBER');
    const body = { domain: 'matrix-key.test' };
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/domains',
        headers: { cookie: member.cookie, 'x-project-id': p.id },
        payload: body,
      }),
      403,
      'FORBIDDEN',
    );
    const added = await t.app.inject({
      method: 'POST',
      url: '/domains',
      headers: { authorization: p.auth },
      payload: body,
    });
    expect(added.statusCode, added.body).toBe(201);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/domains/${added.json().id}`,
      headers: { authorization: p.auth },
    });
    expect(removed.statusCode).toBe(204);
  });
});
