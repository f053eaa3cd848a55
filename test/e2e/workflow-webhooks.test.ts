// Invariant: a WEBHOOK step sends the documented request (default body, rendered url/headers/body,
// a signature receivers can verify with the project's secret) to an allowed target only, retries a 5xx
// with backoff under ONE delivery id, fails on a 4xx or once its attempts are spent, and records the
// result on the step. A target the SSRF guard refuses is never connected to.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/lib/clock.ts';
import { webhookSigningSecret } from '../../src/projects/webhook-secret.ts';
import { DIALECTS, TEST_SECRETS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { type HttpListener, startHttpListener } from '../servers/http-listener.ts';
import { workflowHelpers } from './workflow-helpers.ts';

type Json = Record<string, unknown>;
const SECOND = 1000;

describe.each(DIALECTS)('workflow webhooks on %s', (dialect) => {
  const clock = manualClock(new Date(Date.now() + 365 * 86_400_000));
  let hook: HttpListener;
  /** On a loopback address that is not allowed: the guard must refuse it before connecting. */
  let refused: HttpListener;
  beforeAll(async () => {
    hook = await startHttpListener();
    refused = await startHttpListener({ host: '127.0.0.2' });
  });
  afterAll(async () => {
    await hook?.close();
    await refused?.close();
  });
  beforeEach(() => {
    hook.clear();
    hook.respond();
  });
  const t = useTestEnv({
    dialect,
    clock,
    env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_MAX_ATTEMPTS: '3', WEBHOOK_MAX_RESPONSE_BYTES: '2048' },
  });
  const h = workflowHelpers(t);

  /** signup → WEBHOOK `config`; tracks one signup for `email` and runs what is due. */
  async function callOnSignup(p: TestProject, config: Json, email = 'ann@hook.test', data: Json = {}) {
    const w = await h.build(p, {
      name: 'CRM sync',
      eventName: 'signup',
      steps: [{ key: 'hook', type: 'WEBHOOK', config }],
      edges: [['trigger', 'hook']],
    });
    const r = await h.track(p, email, 'signup', data);
    expect(r.statusCode, r.body).toBe(200);
    await h.settle();
    const [ex] = await h.executions(p, w.id);
    return { w, contactId: r.json().data.contact as string, executionId: String(ex!.id) };
  }
  const verify = (secret: string, header: string, body: string) => {
    const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
    expect(m, header).not.toBeNull();
    return createHmac('sha256', secret).update(`${m![1]}.${body}`).digest('hex') === m![2] ? Number(m![1]) : -1;
  };

  it('sends the default body, signed with the project’s webhook secret', async () => {
    const p = await t.make.project();
    const at = Math.floor(clock.now().getTime() / 1000);
    const { w, contactId, executionId } = await callOnSignup(p, { url: `${hook.url}/crm` }, 'ann@hook.test', {
      plan: 'pro',
    });
    expect(hook.requests).toHaveLength(1);
    const [req] = hook.requests;
    expect(req).toMatchObject({ method: 'POST', path: '/crm' });
    expect(req!.headers['content-type']).toBe('application/json');
    const ex = await h.execution(p, w.id, executionId);
    expect(req!.json).toEqual({
      contact: { id: contactId, email: 'ann@hook.test', subscribed: true, data: { plan: 'pro' } },
      workflow: { id: w.id, name: 'CRM sync' },
      execution: { id: executionId, startedAt: ex.startedAt },
      event: { plan: 'pro' },
    });
    const secret = webhookSigningSecret(TEST_SECRETS.SIGNING_SECRET, p.id);
    expect(verify(secret, req!.headers['x-mailwright-signature']!, req!.body)).toBe(at);
    const projects = await t.app.inject({
      method: 'GET',
      url: '/users/@me/projects',
      headers: { cookie: p.owner.cookie },
    });
    const shown = projects.json().find((x: Json) => x.id === p.id).webhookSigningSecret;
    expect(shown).toBe(secret);
    expect(verify(shown, req!.headers['x-mailwright-signature']!, `${req!.body} `)).toBe(-1);
    expect(ex).toMatchObject({ status: 'COMPLETED' });
    expect(ex.steps[1]).toMatchObject({
      stepType: 'WEBHOOK',
      status: 'COMPLETED',
      attempts: 1,
      output: { status: 200, deliveryId: req!.headers['x-mailwright-delivery'], response: '{"ok":true}' },
    });
  });

  it('renders {{vars}} into the url (URL-encoded), the headers and an object body', async () => {
    const p = await t.make.project();
    await callOnSignup(
      p,
      {
        url: `${hook.url}/u/{{ email }}?plan={{ event.plan }}`,
        method: 'PUT',
        headers: { 'x-plan': 'plan-{{ event.plan }}' },
        body: { who: '{{ email }}', nested: { plan: '{{ event.plan }}', list: ['{{ contact.id }}'] }, n: 5 },
      },
      'ann+x@hook.test',
      { plan: 'a&b c' },
    );
    const [req] = hook.requests;
    expect(req!.method).toBe('PUT');
    expect(req!.path).toBe('/u/ann%2Bx%40hook.test?plan=a%26b%20c');
    expect(req!.headers['x-plan']).toBe('plan-a&b c');
    const contactId = (await h.api(p, 'POST', '/contacts/lookup', { emails: ['ann+x@hook.test'] })).json().found[0].id;
    expect(req!.json).toEqual({ who: 'ann+x@hook.test', nested: { plan: 'a&b c', list: [contactId] }, n: 5 });
  });

  it('retries a 5xx after 30 s then 2 min (±10 %) under one delivery id, and records the 200', async () => {
    const p = await t.make.project();
    let calls = 0;
    hook.respond(() => (++calls <= 2 ? { status: 500, body: 'down' } : { status: 200, body: 'fine' }));
    const { w, executionId } = await callOnSignup(p, { url: `${hook.url}/flaky` });
    expect(hook.requests).toHaveLength(1);
    expect(await h.execution(p, w.id, executionId)).toMatchObject({
      status: 'RUNNING',
      error: 'the webhook answered 500',
    });

    clock.advance(27 * SECOND - 1);
    await h.settle();
    expect(hook.requests).toHaveLength(1);
    clock.advance(6 * SECOND + 1);
    await h.settle();
    expect(hook.requests).toHaveLength(2);

    clock.advance(108 * SECOND - 1);
    await h.settle();
    expect(hook.requests).toHaveLength(2);
    clock.advance(24 * SECOND + 1);
    await h.settle();
    expect(hook.requests).toHaveLength(3);

    const ids = new Set(hook.requests.map((r) => r.headers['x-mailwright-delivery']));
    expect(ids.size).toBe(1);
    const secret = webhookSigningSecret(TEST_SECRETS.SIGNING_SECRET, p.id);
    for (const r of hook.requests)
      expect(verify(secret, r.headers['x-mailwright-signature']!, r.body)).toBeGreaterThan(0);
    const ex = await h.execution(p, w.id, executionId);
    expect(ex).toMatchObject({ status: 'COMPLETED', error: null });
    expect(ex.steps[1]).toMatchObject({
      stepType: 'WEBHOOK',
      status: 'COMPLETED',
      attempts: 3,
      output: { status: 200, response: 'fine', deliveryId: [...ids][0] },
    });
  });

  it('fails the execution on a 4xx without retrying', async () => {
    const p = await t.make.project();
    hook.respond(() => ({ status: 404, body: 'no such hook' }));
    const { w, executionId } = await callOnSignup(p, { url: `${hook.url}/gone` });
    clock.advance(3_600_000);
    await h.settle();
    expect(hook.requests).toHaveLength(1);
    const ex = await h.execution(p, w.id, executionId);
    expect(ex).toMatchObject({ status: 'FAILED', error: 'the webhook answered 404' });
    expect(ex.steps[1]).toMatchObject({ stepType: 'WEBHOOK', status: 'FAILED', output: { status: 404 } });
  });

  it('fails once WEBHOOK_MAX_ATTEMPTS calls answered 5xx', async () => {
    const p = await t.make.project();
    hook.respond(() => ({ status: 503 }));
    const { w, executionId } = await callOnSignup(p, { url: `${hook.url}/down` });
    for (let i = 0; i < 5; i++) {
      clock.advance(10 * 60 * SECOND);
      await h.settle();
    }
    expect(hook.requests).toHaveLength(3);
    expect(new Set(hook.requests.map((r) => r.headers['x-mailwright-delivery'])).size).toBe(1);
    const ex = await h.execution(p, w.id, executionId);
    expect(ex).toMatchObject({ status: 'FAILED', error: 'the webhook answered 503' });
    expect(ex.steps[1]).toMatchObject({ stepType: 'WEBHOOK', status: 'FAILED', attempts: 3, output: { status: 503 } });
  });

  it.each([
    ['a private address', () => 'http://10.0.0.1/hook'],
    ['a loopback address not in WEBHOOK_ALLOWED_HOSTS', () => `${refused.url}/hook`],
  ])('refuses %s without connecting and fails the step', async (_name, url) => {
    const p = await t.make.project();
    const before = [refused.connections, hook.connections];
    const { w, executionId } = await callOnSignup(p, { url: url() });
    const ex = await h.execution(p, w.id, executionId);
    expect(ex.status).toBe('FAILED');
    expect(ex.error).toMatch(/^refused: /);
    expect(ex.steps[1]).toMatchObject({ stepType: 'WEBHOOK', status: 'FAILED' });
    expect([refused.connections, hook.connections]).toEqual(before);
    expect([...refused.requests, ...hook.requests]).toEqual([]);
  });

  it('truncates a response larger than WEBHOOK_MAX_RESPONSE_BYTES and completes', async () => {
    const p = await t.make.project();
    hook.respond(() => ({ status: 200, body: 'x'.repeat(10_000) }));
    const { w, executionId } = await callOnSignup(p, { url: `${hook.url}/big` });
    const ex = await h.execution(p, w.id, executionId);
    expect(ex.status).toBe('COMPLETED');
    expect(ex.steps[1].output).toMatchObject({ status: 200, truncated: true });
    // The step keeps the first KiB of what was read (at most the 2048 bytes of the cap).
    expect(ex.steps[1].output.response).toBe('x'.repeat(1024));
  });
});
