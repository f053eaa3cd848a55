// Invariant: an enabled workflow always has a graph that can run. Enabling refuses (422, each problem
// naming its step as `steps.<id>`, or the trigger setting) a trigger without a way out or without its
// event or a valid cron, a reachable CONDITION missing a branch, and a cycle that passes no DELAY
// longer than 0 and no WAIT_FOR_EVENT; once enabled, every edit that would break the graph is refused
// the same way. A refused request changes nothing.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { expectError } from './support.ts';
import { type EdgeSpec, type StepSpec, workflowHelpers } from './workflow-helpers.ts';

type Json = Record<string, unknown>;
type FieldError = { field: string; message: string; code: string };

const EXIT: StepSpec = { key: 'exit', type: 'EXIT' };
const cond = (key: string): StepSpec => ({
  key,
  type: 'CONDITION',
  config: { field: 'email', operator: 'endsWith', value: '.test' },
});
const delay = (key: string, amount: number): StepSpec => ({ key, type: 'DELAY', config: { amount, unit: 'minutes' } });
const update: StepSpec = { key: 'update', type: 'UPDATE_CONTACT', config: { updates: { seen: true } } };

describe.each(DIALECTS)('enabling workflows on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const h = workflowHelpers(t);
  const { get } = h;
  const errorsOf = (res: LightMyRequestResponse) => expectError(res, 422, 'VALIDATION_ERROR').errors as FieldError[];
  /** A disabled workflow with the graph; answers its ids by key. */
  const draft = (p: TestProject, steps: StepSpec[], edges: EdgeSpec[], eventName: string | null = 'signup') =>
    h.build(p, { eventName, steps, edges, enable: false });
  /** Tries to enable; on a refusal checks that the workflow is unchanged and answers the errors. */
  async function refusedEnable(p: TestProject, id: string, patch: Json = {}): Promise<FieldError[]> {
    const before = await get(p, id);
    const res = await h.api(p, 'PATCH', `/workflows/${id}`, { enabled: true, ...patch });
    const errors = errorsOf(res);
    expect(await get(p, id)).toEqual(before);
    return errors;
  }
  const codes = (errors: FieldError[]) => errors.map((e) => `${e.field} ${e.code}`);

  it('refuses a trigger that leads nowhere, and an EVENT trigger without its event', async () => {
    const p = await t.make.project();
    const alone = await draft(p, [EXIT], []);
    expect(codes(await refusedEnable(p, alone.id))).toEqual([`steps.${alone.steps.trigger} NO_PATH`]);
    const nameless = await draft(p, [EXIT], [['trigger', 'exit']], null);
    const errors = await refusedEnable(p, nameless.id);
    expect(errors).toEqual([
      { field: 'triggerConfig.eventName', message: expect.stringMatching(/event/), code: 'REQUIRED' },
    ]);
    const both = await draft(p, [], [], null);
    expect(codes(await refusedEnable(p, both.id))).toEqual([
      'triggerConfig.eventName REQUIRED',
      `steps.${both.steps.trigger} NO_PATH`,
    ]);
    const named = await h.api(p, 'PATCH', `/workflows/${nameless.id}`, { enabled: true, eventName: 'signup' });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toMatchObject({ enabled: true, eventName: 'signup', triggerConfig: { eventName: 'signup' } });
  });

  it('refuses a reachable CONDITION missing a branch, naming the step and each missing branch', async () => {
    const p = await t.make.project();
    const w = await draft(
      p,
      [cond('cond'), EXIT],
      [
        ['trigger', 'cond'],
        ['cond', 'exit', 'yes'],
      ],
    );
    const errors = await refusedEnable(p, w.id);
    expect(errors).toEqual([
      { field: `steps.${w.steps.cond}`, message: expect.stringMatching(/"no" branch/), code: 'DANGLING_BRANCH' },
    ]);
    const bare = await draft(p, [cond('cond'), cond('loose')], [['trigger', 'cond']]);
    expect(codes(await refusedEnable(p, bare.id))).toEqual([
      `steps.${bare.steps.cond} DANGLING_BRANCH`,
      `steps.${bare.steps.cond} DANGLING_BRANCH`,
    ]);
    // A CONDITION the trigger does not reach is a draft: it does not stop enabling.
    const loose = await draft(p, [EXIT, cond('loose')], [['trigger', 'exit']]);
    expect((await h.api(p, 'PATCH', `/workflows/${loose.id}`, { enabled: true })).json().enabled).toBe(true);
  });

  it('refuses a cycle without a DELAY longer than 0 or a WAIT_FOR_EVENT, and accepts one through either', async () => {
    const p = await t.make.project();
    const loop: EdgeSpec[] = [
      ['trigger', 'update'],
      ['update', 'wait'],
      ['wait', 'cond'],
      ['cond', 'update', 'yes'],
      ['cond', 'exit', 'no'],
    ];
    const spins = await draft(p, [update, delay('wait', 0), cond('cond'), EXIT], loop);
    const errors = await refusedEnable(p, spins.id);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'UNBOUNDED_CYCLE', message: expect.stringMatching(/DELAY/) });
    const inCycle = [spins.steps.update, spins.steps.wait, spins.steps.cond].map((id) => `steps.${id}`);
    expect(inCycle).toContain(errors[0]!.field);
    const selfLoop = await draft(
      p,
      [update],
      [
        ['trigger', 'update'],
        ['update', 'update'],
      ],
    );
    expect(codes(await refusedEnable(p, selfLoop.id))).toEqual([`steps.${selfLoop.steps.update} UNBOUNDED_CYCLE`]);

    const delayed = await draft(p, [update, delay('wait', 5), cond('cond'), EXIT], loop);
    const enabled = await h.api(p, 'PATCH', `/workflows/${delayed.id}`, { enabled: true });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().enabled).toBe(true);
    const waiting: StepSpec = { key: 'wait', type: 'WAIT_FOR_EVENT', config: { eventName: 'purchase' } };
    const waits = await draft(p, [update, waiting, cond('cond'), EXIT], loop);
    expect((await h.api(p, 'PATCH', `/workflows/${waits.id}`, { enabled: true })).json().enabled).toBe(true);
  });

  it('refuses, once enabled, every edit that would break the graph, changing nothing', async () => {
    const p = await t.make.project();
    const w = await h.build(p, {
      eventName: 'signup',
      steps: [update, delay('wait', 5), cond('cond'), EXIT],
      edges: [
        ['trigger', 'update'],
        ['update', 'wait'],
        ['wait', 'cond'],
        ['cond', 'update', 'yes'],
        ['cond', 'exit', 'no'],
      ],
    });
    const before = await get(p, w.id);
    expect(before.enabled).toBe(true);
    const out = before.transitions.find((e: Json) => e.fromStepId === w.steps.trigger);
    const attempts: Array<[method: 'PATCH' | 'POST' | 'DELETE', url: string, body: Json | undefined, code: string]> = [
      ['DELETE', `/transitions/${out.id}`, undefined, 'NO_PATH'],
      ['PATCH', `/steps/${w.steps.wait}`, { config: { amount: 0, unit: 'minutes' } }, 'UNBOUNDED_CYCLE'],
      ['DELETE', `/steps/${w.steps.wait}?splice=true`, undefined, 'UNBOUNDED_CYCLE'],
      ['DELETE', `/steps/${w.steps.update}`, undefined, 'NO_PATH'],
    ];
    for (const [method, url, body, code] of attempts) {
      const errors = errorsOf(await h.api(p, method, `/workflows/${w.id}${url}`, body));
      expect(
        errors.map((e) => e.code),
        `${method} ${url}`,
      ).toEqual([code]);
      expect(await get(p, w.id)).toEqual(before);
    }
    const noBranch = errorsOf(
      await h.api(p, 'DELETE', `/workflows/${w.id}/transitions/${before.transitions.at(-1).id}`),
    );
    expect(codes(noBranch)).toEqual([`steps.${w.steps.cond} DANGLING_BRANCH`]);
    const second = (
      await h.api(p, 'POST', `/workflows/${w.id}/steps`, { type: 'CONDITION', config: cond('c').config })
    ).json();
    const intoDangling = await h.api(p, 'POST', `/workflows/${w.id}/transitions`, {
      fromStepId: w.steps.cond,
      toStepId: second.id,
      branch: 'no',
    });
    expect(codes(errorsOf(intoDangling))).toEqual([
      `steps.${second.id} DANGLING_BRANCH`,
      `steps.${second.id} DANGLING_BRANCH`,
    ]);
    const graph = await get(p, w.id);
    expect(graph).toEqual({ ...before, steps: [...before.steps, second] });

    // Disabled, the same edits are drafts again.
    expect((await h.api(p, 'PATCH', `/workflows/${w.id}`, { enabled: false })).json().enabled).toBe(false);
    expect((await h.api(p, 'DELETE', `/workflows/${w.id}/transitions/${out.id}`)).statusCode).toBe(204);
  });

  it('takes a SCHEDULE trigger with a 5-field cron checked on enable, and a MANUAL trigger', async () => {
    const p = await t.make.project();
    const w = await h.build(p, { eventName: 'signup', steps: [EXIT], edges: [['trigger', 'exit']], enable: false });
    const url = `/workflows/${w.id}`;
    // A pattern given is checked at once, disabled or not; nothing changes.
    const before = await get(p, w.id);
    const bad = await h.api(p, 'PATCH', url, { triggerType: 'SCHEDULE', triggerConfig: { schedule: 'every day' } });
    expect(codes(errorsOf(bad))).toEqual(['triggerConfig.schedule INVALID_VALUE']);
    expect(await get(p, w.id)).toEqual(before);
    // A SCHEDULE draft without its pattern is kept; enabling names what is missing.
    const unset = await h.api(p, 'PATCH', url, { triggerType: 'SCHEDULE' });
    expect(unset.statusCode, unset.body).toBe(200);
    expect(unset.json()).toMatchObject({ triggerType: 'SCHEDULE', triggerConfig: {}, eventName: null, enabled: false });
    expect(await refusedEnable(p, w.id)).toEqual([
      { field: 'triggerConfig.schedule', message: expect.stringMatching(/cron/), code: 'INVALID_VALUE' },
    ]);
    expect(codes(await refusedEnable(p, w.id, { triggerConfig: { schedule: '61 * * * *' } }))).toEqual([
      'triggerConfig.schedule INVALID_VALUE',
    ]);
    const unknownSegment = await h.api(p, 'PATCH', url, {
      triggerConfig: { schedule: '0 9 * * 1', segmentId: '01a20c0f-6848-75ad-be89-143d4de0c15b' },
    });
    expect(codes(errorsOf(unknownSegment))).toEqual(['triggerConfig.segmentId INVALID_VALUE']);
    const segment = (
      await h.api(p, 'POST', '/segments', { name: 'All', filters: { operator: 'AND', conditions: [] } })
    ).json();
    const good = await h.api(p, 'PATCH', url, {
      enabled: true,
      triggerConfig: { schedule: '0 9 * * 1', segmentId: segment.id, eventName: 'ignored' },
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({
      triggerType: 'SCHEDULE',
      triggerConfig: { schedule: '0 9 * * 1', segmentId: segment.id },
      eventName: null,
      enabled: true,
    });
    // Enabled, a cron that no longer parses is refused like any edit that breaks the workflow.
    const broken = await h.api(p, 'PATCH', url, { triggerConfig: { schedule: 'soon' } });
    expect(codes(errorsOf(broken))).toEqual(['triggerConfig.schedule INVALID_VALUE']);
    expect((await get(p, w.id)).triggerConfig).toEqual({ schedule: '0 9 * * 1', segmentId: segment.id });

    const manual = await h.api(p, 'PATCH', url, { triggerType: 'MANUAL' });
    expect(manual.statusCode, manual.body).toBe(200);
    expect(manual.json()).toMatchObject({ triggerType: 'MANUAL', triggerConfig: {}, eventName: null, enabled: true });
    const back = await h.api(p, 'PATCH', url, { triggerType: 'EVENT' });
    expect(codes(errorsOf(back))).toEqual(['triggerConfig.eventName REQUIRED']);
    const event = await h.api(p, 'PATCH', url, { triggerType: 'EVENT', eventName: 'purchase' });
    expect(event.json()).toMatchObject({
      triggerType: 'EVENT',
      triggerConfig: { eventName: 'purchase' },
      enabled: true,
    });
  });
});
