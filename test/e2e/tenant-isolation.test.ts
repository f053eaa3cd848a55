// Invariant: no route answers one project's data to another, or lets another user act on it. Every
// route of the OpenAPI document is called with project A's ids by project B (its key, and its owner's
// session), and by B's owner naming A's project; each gets exactly the refusal the contract gives (404,
// or 403 where decisions.md says so), leaks nothing and changes nothing. New routes join by existing:
// one without an entry in EXPECTED must answer 404 <RESOURCE>_NOT_FOUND.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { reportFigures } from '../fixtures/figures.ts';
import { multipartBody, uploadCsv } from './contacts-helpers.ts';
import { sampleMessage } from './mail-helpers.ts';
import { expectError } from './support.ts';

type OpenApi = { paths: Record<string, Record<string, { security?: Array<Record<string, unknown>> }>> };
type Route = { method: string; path: string; session: boolean };
type Expected = { status: number; code: string } | { status: 200; body: unknown };

/** What B gets for a route when it names A's ids; anything else is 404 `<RESOURCE>_NOT_FOUND`. */
const EXPECTED: Record<string, Expected> = {
  'PATCH /users/@me/projects/{id}': { status: 404, code: 'PROJECT_NOT_FOUND' },
  'DELETE /users/@me/projects/{id}': { status: 404, code: 'PROJECT_NOT_FOUND' },
  'POST /users/@me/projects/{id}/regenerate-keys': { status: 404, code: 'PROJECT_NOT_FOUND' },
  // decisions.md: "answers 403 when the id is not the caller's project".
  'GET /domains/project/{projectId}': { status: 403, code: 'FORBIDDEN' },
  'GET /domains/{id}/verify': { status: 404, code: 'DOMAIN_NOT_FOUND' },
  'DELETE /domains/{id}': { status: 404, code: 'DOMAIN_NOT_FOUND' },
  'GET /contacts/{id}': { status: 404, code: 'CONTACT_NOT_FOUND' },
  'PATCH /contacts/{id}': { status: 404, code: 'CONTACT_NOT_FOUND' },
  'DELETE /contacts/{id}': { status: 404, code: 'CONTACT_NOT_FOUND' },
  // A field name is not an id: B asks about its own field named like A's id, which nothing uses.
  'GET /contacts/fields/{field}/usage': { status: 200, body: { segments: [], campaigns: [], workflows: [] } },
  'GET /contacts/fields/{field}/values': { status: 404, code: 'FIELD_NOT_FOUND' },
  'DELETE /contacts/fields/{field}': { status: 404, code: 'FIELD_NOT_FOUND' },
  'GET /contacts/import/{jobId}': { status: 404, code: 'IMPORT_JOB_NOT_FOUND' },
  'GET /contacts/bulk/{jobId}': { status: 404, code: 'BULK_JOB_NOT_FOUND' },
  'GET /templates/{id}': { status: 404, code: 'TEMPLATE_NOT_FOUND' },
  'PATCH /templates/{id}': { status: 404, code: 'TEMPLATE_NOT_FOUND' },
  'DELETE /templates/{id}': { status: 404, code: 'TEMPLATE_NOT_FOUND' },
  'POST /templates/{id}/duplicate': { status: 404, code: 'TEMPLATE_NOT_FOUND' },
  'GET /templates/{id}/usage': { status: 404, code: 'TEMPLATE_NOT_FOUND' },
  'GET /templates/{id}/preview': { status: 404, code: 'TEMPLATE_NOT_FOUND' },
  'GET /templates/{id}/versions': { status: 404, code: 'TEMPLATE_NOT_FOUND' },
  'GET /templates/{id}/versions/{version}': { status: 404, code: 'TEMPLATE_NOT_FOUND' },
  'POST /templates/{id}/versions/{version}/restore': { status: 404, code: 'TEMPLATE_NOT_FOUND' },
  'PUT /templates/{id}/draft': { status: 404, code: 'TEMPLATE_NOT_FOUND' },
  'DELETE /templates/{id}/draft': { status: 404, code: 'TEMPLATE_NOT_FOUND' },
  'POST /templates/{id}/publish': { status: 404, code: 'TEMPLATE_NOT_FOUND' },
  'GET /outbox/{id}/raw': { status: 404, code: 'MESSAGE_NOT_FOUND' },
  'GET /campaigns/{id}': { status: 404, code: 'CAMPAIGN_NOT_FOUND' },
  'PUT /campaigns/{id}': { status: 404, code: 'CAMPAIGN_NOT_FOUND' },
  'PATCH /campaigns/{id}': { status: 404, code: 'CAMPAIGN_NOT_FOUND' },
  'DELETE /campaigns/{id}': { status: 404, code: 'CAMPAIGN_NOT_FOUND' },
  'POST /campaigns/{id}/duplicate': { status: 404, code: 'CAMPAIGN_NOT_FOUND' },
  'POST /campaigns/{id}/send': { status: 404, code: 'CAMPAIGN_NOT_FOUND' },
  'POST /campaigns/{id}/cancel': { status: 404, code: 'CAMPAIGN_NOT_FOUND' },
  'POST /campaigns/{id}/test': { status: 404, code: 'CAMPAIGN_NOT_FOUND' },
  'GET /campaigns/{id}/stats': { status: 404, code: 'CAMPAIGN_NOT_FOUND' },
  'GET /segments/{id}': { status: 404, code: 'SEGMENT_NOT_FOUND' },
  'PATCH /segments/{id}': { status: 404, code: 'SEGMENT_NOT_FOUND' },
  'DELETE /segments/{id}': { status: 404, code: 'SEGMENT_NOT_FOUND' },
  'GET /segments/{id}/contacts': { status: 404, code: 'SEGMENT_NOT_FOUND' },
  'POST /segments/{id}/members': { status: 404, code: 'SEGMENT_NOT_FOUND' },
  'DELETE /segments/{id}/members': { status: 404, code: 'SEGMENT_NOT_FOUND' },
  'POST /segments/{id}/compute': { status: 404, code: 'SEGMENT_NOT_FOUND' },
  'POST /segments/{id}/refresh': { status: 404, code: 'SEGMENT_NOT_FOUND' },
  'GET /events/contact/{contactId}': { status: 404, code: 'CONTACT_NOT_FOUND' },
  // Event names are not ids: B asks about (or deletes) its own events named like A's ids, of which it has none.
  'GET /events/{eventName}/usage': { status: 200, body: { segments: [], workflows: [] } },
  'DELETE /events/{eventName}': { status: 200, body: { deleted: 0 } },
  'GET /workflows/{id}': { status: 404, code: 'WORKFLOW_NOT_FOUND' },
  'PATCH /workflows/{id}': { status: 404, code: 'WORKFLOW_NOT_FOUND' },
  'DELETE /workflows/{id}': { status: 404, code: 'WORKFLOW_NOT_FOUND' },
  'POST /workflows/{id}/steps': { status: 404, code: 'WORKFLOW_NOT_FOUND' },
  'PATCH /workflows/{id}/steps/{stepId}': { status: 404, code: 'WORKFLOW_NOT_FOUND' },
  'DELETE /workflows/{id}/steps/{stepId}': { status: 404, code: 'WORKFLOW_NOT_FOUND' },
  'POST /workflows/{id}/transitions': { status: 404, code: 'WORKFLOW_NOT_FOUND' },
  'DELETE /workflows/{id}/transitions/{transitionId}': { status: 404, code: 'WORKFLOW_NOT_FOUND' },
  'POST /workflows/{id}/executions': { status: 404, code: 'WORKFLOW_NOT_FOUND' },
  'GET /workflows/{id}/executions': { status: 404, code: 'WORKFLOW_NOT_FOUND' },
  'POST /workflows/{id}/executions/cancel-all': { status: 404, code: 'WORKFLOW_NOT_FOUND' },
  'GET /workflows/{id}/executions/{executionId}': { status: 404, code: 'WORKFLOW_NOT_FOUND' },
  'DELETE /workflows/{id}/executions/{executionId}': { status: 404, code: 'WORKFLOW_NOT_FOUND' },
};

function expectRefusal(res: LightMyRequestResponse, route: Route, label: string): void {
  const want = EXPECTED[`${route.method} ${route.path}`];
  if (want && 'body' in want) {
    expect(res.statusCode, `${label}: ${res.body}`).toBe(want.status);
    expect(res.json(), label).toEqual(want.body);
  } else if (want) {
    expectError(res, want.status, want.code);
  } else {
    expect(res.statusCode, `${label}: ${res.body}`).toBe(404);
    expectError(res, 404, res.json().error.code);
    expect(res.json().error.code, label).toMatch(/^[A-Z_]+_NOT_FOUND$/);
  }
}

describe.each(DIALECTS)('tenant isolation sweep on %s', (dialect) => {
  // The sweep makes well over 1000 calls a minute as B; rate limits are tested in rate-limit.test.ts.
  const t = useTestEnv({ dialect, env: { RATE_LIMIT_PER_MINUTE: '1000000', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });

  // ~200 routes, three callers each, and the checks that nothing changed: longer than one test's default.
  it("refuses every route for another project's ids and another user's session, leaking and changing nothing", async () => {
    const a = await t.make.project();
    const b = await t.make.project();
    const asA = { authorization: a.auth };
    const contact = await t.make.contact(a, { data: { secretPlan: 'a-only-value' } });
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: asA, payload });
    const domain = (await post('/domains', { domain: 'a-only.test' })).json();
    const bulk = (await post('/contacts/bulk-unsubscribe', { contactIds: [contact.id] })).json();
    const upload = (await uploadCsv(t.app, a.auth, 'email,plan\nimported@a-only.test,x\n')).json();
    const template = await t.make.template(a, { name: 'a-only-template', subject: 'a-only-subject' });
    const segment = (await post('/segments', { name: 'a-only-segment', type: 'STATIC' })).json();
    await post(`/segments/${segment.id}/members`, { emails: [contact.email] });
    const mail = sampleMessage({ projectId: a.id, to: { email: 'captured@a-only.test' }, subject: 'a-only subject' });
    const captured = await t.deps.transport.send(mail);
    const campaign = (
      await post('/campaigns', {
        name: 'a-only-campaign',
        subject: 'a-only-subject',
        body: '<p>x</p>',
        from: 'news@a-only.test',
        audienceType: 'ALL',
      })
    ).json().data;
    // A's own event named like one of its ids, which B's DELETE /events/:eventName must not reach.
    const tracked = (await post('/v1/track', { email: 'tracked@a-only.test', event: contact.id })).json().data;
    // An outbox email of A's (the email log's routes name it), left unsent: jobs run only when drained.
    const sent = (
      await post('/v1/send', { to: 'sent@a-only.test', from: 'news@a-only.test', subject: 'a-only', body: '<p>x</p>' })
    ).json().data;
    // An enabled workflow sending A's template, with an active execution (jobs run only when drained).
    const workflow = (await post('/workflows', { name: 'a-only-workflow', eventName: 'a-only-event' })).json();
    const wf = `/workflows/${workflow.id}`;
    const sender = await t.make.template(a, { name: 'a-only-sender', from: 'news@a-only.test' });
    const step = (
      await post(`${wf}/steps`, { type: 'SEND_EMAIL', name: 'a-only-step', config: { templateId: sender.id } })
    ).json();
    const transition = (
      await post(`${wf}/transitions`, { fromStepId: workflow.steps[0].id, toStepId: step.id })
    ).json();
    await t.app.inject({ method: 'PATCH', url: wf, headers: asA, payload: { enabled: true } });
    const execution = (
      await post(`${wf}/executions`, { contactId: contact.id, context: { note: 'a-only-context' } })
    ).json();
    // An endpoint of A's with a message in its log (loopback port 9 refuses: the test fails and is logged).
    const hook = (await post('/webhook-endpoints', { url: 'http://127.0.0.1:9/a-only-hook', events: ['*'] })).json();
    const hookTest = (await post(`/webhook-endpoints/${hook.id}/test`, {})).json();
    // A's suppression rule, an erased address (an ERASED rule B must not even be told exists) and an import.
    const [rule] = (await post('/suppressions', { addresses: ['held@a-only.test'], note: 'a-only-note' })).json().data;
    const erasable = await t.make.contact(a, { email: 'erased@a-only.test' });
    await post(`/contacts/${erasable.id}/erase`, {});
    const erased = (await t.app.inject({ url: '/suppressions?reason=ERASED', headers: asA })).json().data[0];
    const rulesFile = multipartBody('listed@a-only.test\n');
    const ruleImport = await t.app.inject({
      method: 'POST',
      url: '/suppressions/import',
      headers: { ...rulesFile.headers, ...asA },
      payload: rulesFile.payload,
    });
    const ids = [
      hook.id,
      hookTest.messageId,
      contact.id,
      domain.id,
      bulk.jobId,
      upload.jobId,
      template.id,
      segment.id,
      captured.transportMessageId,
      campaign.id,
      workflow.id,
      step.id,
      transition.id,
      execution.id,
      sent.emails[0].email,
      rule.id,
      erased.id,
      ruleImport.json().id,
      a.id,
    ];
    const secrets = [
      ...ids,
      a.secretKey,
      'a-only-hook',
      hook.secret,
      contact.email,
      'a-only-value',
      'a-only.test',
      'imported@a-only.test',
      'a-only-template',
      'a-only-subject',
      'a-only-campaign',
      'a-only-segment',
      mail.emailId,
      'a-only subject',
      'sent@a-only.test',
      'a-only-workflow',
      'a-only-event',
      'a-only-sender',
      'a-only-step',
      'a-only-context',
      'a-only-note',
      erased.addressHash,
    ];
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    const workflowOfA = (await t.app.inject({ url: wf, headers: asA })).json();
    expect(workflowOfA).toMatchObject({ name: 'a-only-workflow', enabled: true });
    expect(execution).toMatchObject({ status: 'RUNNING', contactId: contact.id });
    const projectsOfA = (
      await t.app.inject({ url: '/users/@me/projects', headers: { cookie: a.owner.cookie } })
    ).json();

    const doc = (await t.app.inject({ url: '/openapi.json' })).json() as OpenApi;
    const routes: Route[] = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security?.length)
        .map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          session: !op.security!.some((s) => 'apiKey' in s),
        })),
    );
    const parameterised = routes.filter((r) => r.path.includes('{'));
    expect(parameterised.filter((r) => r.session).length).toBeGreaterThanOrEqual(3);
    expect(parameterised.filter((r) => !r.session).length).toBeGreaterThanOrEqual(10);

    const call = (route: Route, id: string, headers: Record<string, string>) =>
      t.app.inject({
        method: route.method as 'GET',
        url: route.path.replace(/\{[^}]+\}/g, encodeURIComponent(id)),
        headers,
        ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
      });
    const expectNoLeak = (res: LightMyRequestResponse, id: string, label: string) => {
      for (const s of secrets.filter((x) => x !== id)) expect(res.body, `${label} leaks ${s}`).not.toContain(s);
    };

    // Everything of A's that B's calls could change, read as A; compared after the sweep.
    const stateOfA = async () => {
      const views: Record<string, unknown> = {};
      // The time a live coverage figure was computed changes on every read; nothing else may.
      for (const url of [
        `/contacts/${contact.id}`,
        '/contacts/fields',
        `/domains/project/${a.id}`,
        `/templates/${template.id}`,
        '/templates',
        `/campaigns/${campaign.id}`,
        `/segments/${segment.id}`,
        '/outbox',
        '/emails',
        '/webhook-endpoints',
        `/webhook-endpoints/${hook.id}/messages`,
        wf,
        `${wf}/executions`,
        '/suppressions',
      ])
        views[url] = (await t.app.inject({ url, headers: asA })).body.replace(/"computedAt":"[^"]*"/, '');
      views.projects = (await t.app.inject({ url: '/users/@me/projects', headers: { cookie: a.owner.cookie } })).body;
      return views;
    };
    const before = await stateOfA();
    // Counted rather than thrown at the first, so the figures table shows how many there were.
    let crossReads = 0;
    const countRead = (res: LightMyRequestResponse, id: string, route: Route) => {
      const want = EXPECTED[`${route.method} ${route.path}`];
      const answered = res.statusCode < 400 && !(want && 'body' in want);
      if (answered || secrets.some((s) => s !== id && res.body.includes(s))) crossReads++;
    };

    // The first wrong answer is thrown after the figures are reported.
    const wrong: unknown[] = [];
    const check = (assertions: () => void) => {
      try {
        assertions();
      } catch (err) {
        wrong.push(err);
      }
    };
    let calls = 0;
    // B's key and B's session (on B's project) for project routes; B's owner's session for session-only routes.
    const asB: Record<string, string>[] = [{ authorization: b.auth }, { cookie: b.owner.cookie, 'x-project-id': b.id }];
    for (const route of parameterised) {
      for (const headers of route.session ? [{ cookie: b.owner.cookie }] : asB) {
        for (const id of ids) {
          const res = await call(route, id, headers);
          const label = `${route.method} ${route.path} with ${id} as ${Object.keys(headers).join('+')}`;
          countRead(res, id, route);
          check(() => {
            expectRefusal(res, route, label);
            expectNoLeak(res, id, label);
          });
          calls++;
        }
      }
    }
    expect(calls).toBe(parameterised.reduce((n, r) => n + (r.session ? 1 : 2) * ids.length, 0));

    // B's owner naming A's project: every project route, parameterised or not, looks absent.
    for (const route of routes.filter((r) => !r.session)) {
      const res = await call(route, contact.id, { cookie: b.owner.cookie, 'x-project-id': a.id });
      countRead(res, contact.id, route);
      calls++;
      check(() => {
        expectError(res, 404, 'PROJECT_NOT_FOUND');
        expectNoLeak(res, contact.id, `${route.method} ${route.path} naming A's project`);
      });
    }

    // Session-only routes without ids answer B's own things only.
    for (const url of ['/users/@me', '/users/@me/projects']) {
      const res = await t.app.inject({ url, headers: { cookie: b.owner.cookie } });
      expect(res.statusCode, url).toBe(200);
      expectNoLeak(res, '', url);
    }

    const after = await stateOfA();
    const crossWrites = Object.keys(before).filter((k) => before[k] !== after[k]).length;
    reportFigures(`tenant-isolation sweep, ${dialect}`, [
      { figure: `cross-tenant calls made (${routes.length} routes)`, value: calls },
      { figure: 'cross-tenant reads (answered or leaked)', value: crossReads, goal: '0' },
      { figure: 'answers other than the refusal the contract gives', value: wrong.length, goal: '0' },
      { figure: "cross-tenant writes (A's views changed)", value: crossWrites, goal: '0' },
    ]);
    if (wrong.length > 0) throw wrong[0];
    expect({ crossReads, crossWrites }).toEqual({ crossReads: 0, crossWrites: 0 });

    // Nothing of A's changed: the project (name, settings, keys), the contact, the domain and the jobs.
    expect((await t.app.inject({ url: '/users/@me/projects', headers: { cookie: a.owner.cookie } })).json()).toEqual(
      projectsOfA,
    );
    expect((await t.app.inject({ url: `/contacts/${contact.id}`, headers: asA })).json()).toEqual(contact);
    const fields = (await t.app.inject({ url: '/contacts/fields', headers: asA })).json().fields;
    expect(fields.map((f: { field: string }) => f.field)).toContain('data.secretPlan');
    const domains = (await t.app.inject({ url: `/domains/project/${a.id}`, headers: asA })).json();
    expect(domains.map((d: { id: string }) => d.id)).toEqual([domain.id]);
    expect((await t.app.inject({ url: `/contacts/bulk/${bulk.jobId}`, headers: asA })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/contacts/import/${upload.jobId}`, headers: asA })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/templates/${template.id}`, headers: asA })).json()).toEqual(template);
    expect((await t.app.inject({ url: '/templates', headers: asA })).json().total).toBe(2);
    const campaignOfA = (await t.app.inject({ url: `/campaigns/${campaign.id}`, headers: asA })).json();
    expect(campaignOfA).toMatchObject({ name: 'a-only-campaign', status: 'DRAFT' });
    expect((await t.app.inject({ url: '/campaigns', headers: asA })).json().total).toBe(1);
    const segmentOfA = (await t.app.inject({ url: `/segments/${segment.id}`, headers: asA })).json();
    expect(segmentOfA).toMatchObject({ name: 'a-only-segment', memberCount: 1 });
    const outbox = (await t.app.inject({ url: '/outbox', headers: asA })).json();
    expect(outbox.data.map((m: { id: string }) => m.id)).toEqual([captured.transportMessageId]);
    const raw = await t.app.inject({ url: `/outbox/${captured.transportMessageId}/raw`, headers: asA });
    expect(raw.statusCode).toBe(200);
    const events = (await t.app.inject({ url: `/events?name=${contact.id}`, headers: asA })).json();
    expect(events.data.map((e: { id: string }) => e.id)).toEqual([tracked.event]);
    expect((await t.app.inject({ url: wf, headers: asA })).json()).toEqual(workflowOfA);
    const executions = (await t.app.inject({ url: `${wf}/executions`, headers: asA })).json();
    expect(executions.data).toEqual([expect.objectContaining({ id: execution.id, status: 'RUNNING' })]);
    const usage = (await t.app.inject({ url: `/templates/${sender.id}/usage`, headers: asA })).json();
    expect(usage.workflows).toEqual([{ id: workflow.id, name: 'a-only-workflow', stepId: step.id }]);
  }, 120_000);
});
