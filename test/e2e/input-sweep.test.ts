// Invariant: no input makes the server fail. Every operation of /openapi.json (read from the running
// app, so routes added later are swept by construction) gets generated requests, mostly malformed
// (see sweep-inputs.ts), with the credentials it needs and without; none may answer 5xx, and every
// error answer must be the envelope. Deterministic: a fixed seed per route (SWEEP_SEED overrides it,
// SWEEP_RUNS the requests per route); a failure report names the seed and each failing request.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { reportFigures } from '../fixtures/figures.ts';
import { multipartBody, uploadCsv } from './contacts-helpers.ts';
import { expectEnvelope } from './support.ts';
import { type Operation, requestFor, type SweepRequest, type SweepWorld } from './sweep-inputs.ts';

const SEED = Number(process.env.SWEEP_SEED ?? 20261123);
const RUNS = Number(process.env.SWEEP_RUNS ?? 50);

type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** A stable number per route, so adding a route does not change what the others are sent. */
function routeSeed(route: string): number {
  let h = SEED;
  for (const c of route) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

/** Why a response breaks the invariant, or undefined. */
function problemOf(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `server error ${res.statusCode}`;
  if (res.statusCode < 400) return undefined;
  try {
    expectEnvelope(res);
    return undefined;
  } catch (err) {
    return `not the envelope: ${(err as Error).message.split('\n')[0]}`;
  }
}

function describeRequest(r: SweepRequest): string {
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…(${s.length})` : s);
  return `${r.method} ${cut(r.url, 160)} ${JSON.stringify(r.headers['content-type'] ?? null)} ${cut(JSON.stringify(r.payload ?? null), 200)}`;
}

describe.each(DIALECTS)('input sweep over every route on %s', (dialect) => {
  const t = useTestEnv({ dialect, env: { RATE_LIMIT_PER_MINUTE: '1000000', API_KEY_FAILURES_PER_MINUTE: '1000000' } });

  /** Real rows of every kind a path can name, so generated ids sometimes reach the handlers' SQL. */
  async function makeWorld(): Promise<SweepWorld> {
    const p = await t.make.project();
    const scratch = await t.make.project(p.owner);
    const asP = { authorization: p.auth };
    const contact = await t.make.contact(p, { data: { plan: 'pro', nested: { tier: 1 } } });
    const domain = (
      await t.app.inject({ method: 'POST', url: '/domains', headers: asP, payload: { domain: 'sweep.test' } })
    ).json();
    const bulk = (
      await t.app.inject({
        method: 'POST',
        url: '/contacts/bulk-subscribe',
        headers: asP,
        payload: { contactIds: [contact.id] },
      })
    ).json();
    const upload = (await uploadCsv(t.app, p.auth, 'email,plan\nimported@sweep.test,x\n')).json();
    const template = await t.make.template(p, { replyTo: 'sweep@sweep.test' });
    const segment = (
      await t.app.inject({
        method: 'POST',
        url: '/segments',
        headers: asP,
        payload: { name: 'Sweep', type: 'STATIC', trackMembership: true },
      })
    ).json();
    const post = async (url: string, payload: object) =>
      (await t.app.inject({ method: 'POST', url, headers: asP, payload })).json();
    const workflow = await post('/workflows', { name: 'Sweep', eventName: 'sweep' });
    const wf = `/workflows/${workflow.id}`;
    const step = await post(`${wf}/steps`, { type: 'DELAY', config: { amount: 1, unit: 'days' } });
    const transition = await post(`${wf}/transitions`, { fromStepId: workflow.steps[0].id, toStepId: step.id });
    await t.app.inject({ method: 'PATCH', url: wf, headers: asP, payload: { enabled: true } });
    const execution = await post(`${wf}/executions`, { contactId: contact.id });
    const [rule] = (await post('/suppressions', { addresses: ['held@sweep.test'], domains: ['held-sweep.test'] })).data;
    const rulesFile = multipartBody('listed@sweep.test\n*@listed-sweep.test\n');
    const ruleImport = (
      await t.app.inject({
        method: 'POST',
        url: '/suppressions/import',
        headers: { ...rulesFile.headers, ...asP },
        payload: rulesFile.payload,
      })
    ).json();
    const ids = [
      contact.id,
      domain.id,
      bulk.jobId,
      upload.jobId,
      template.id,
      segment.id,
      scratch.id,
      workflow.id,
      step.id,
      transition.id,
      execution.id,
      rule.id,
      ruleImport.id,
    ];
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    return { ids, secretKey: p.secretKey, cookie: p.owner.cookie, projectId: p.id };
  }

  it('answers every generated request below 500, with the envelope on every error', { timeout: 180_000 }, async () => {
    const world = await makeWorld();
    const doc = (await t.app.inject({ url: '/openapi.json' })).json() as OpenApi;
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    expect(routes.length).toBeGreaterThan(20);
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let sent = 0;
    for (const { method, path, op } of routes) {
      const seed = routeSeed(`${method} ${path}`);
      for (const request of fc.sample(requestFor(world, method, path, op), { seed, numRuns: RUNS })) {
        const res = await t.app.inject({ ...request, method: request.method as 'GET' });
        sent += 1;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const problem = problemOf(res);
        if (problem)
          failures.push(`[seed ${seed}] ${problem}: ${describeRequest(request)} → ${res.body.slice(0, 300)}`);
      }
    }
    const histogram = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    const fivexx = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    reportFigures(`malformed-input sweep, ${dialect}`, [
      { figure: `inputs tried (${routes.length} routes)`, value: sent },
      { figure: '5xx answers seen', value: fivexx, goal: '0' },
      { figure: 'errors without the envelope', value: failures.length - fivexx, goal: '0' },
      { figure: 'statuses', value: histogram.join(' ') },
    ]);
    expect(failures, `SWEEP_SEED=${SEED}\n${failures.slice(0, 40).join('\n')}`).toEqual([]);
  });
});
