import { describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { expectError } from './support.ts';
import { fieldsOf, ISO, workflowHelpers } from './workflow-helpers.ts';

type Json = Record<string, unknown>;

describe.each(DIALECTS)('workflows API on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const { api, create, addStep, get } = workflowHelpers(t);
  const connect = async (p: TestProject, id: string, body: Json) => {
    const res = await api(p, 'POST', `/workflows/${id}/transitions`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  /** The graph's edges as `from>to:label` with step keys, sorted. */
  const edgesOf = async (p: TestProject, id: string, names: Record<string, string>) => {
    const key = Object.fromEntries(Object.entries(names).map(([k, v]) => [v, k]));
    return (await get(p, id)).transitions
      .map(
        (e: Json) => `${key[e.fromStepId as string]}>${key[e.toStepId as string]}:${e.branch ?? e.waitOutcome ?? ''}`,
      )
      .sort();
  };

  it('creates a disabled EVENT workflow with its TRIGGER step, then lists, reads, patches and deletes it', async () => {
    const p = await t.make.project();
    const w = await create(p, { name: ' Welcome ', description: 'New people', eventName: 'signup' });
    expect(w).toEqual({
      id: expect.any(String),
      name: 'Welcome',
      description: 'New people',
      triggerType: 'EVENT',
      triggerConfig: { eventName: 'signup' },
      eventName: 'signup',
      enabled: false,
      allowReentry: false,
      createdAt: ISO,
      updatedAt: w.createdAt,
      steps: [
        {
          id: expect.any(String),
          workflowId: w.id,
          type: 'TRIGGER',
          name: 'Trigger',
          config: {},
          position: { x: 0, y: 0 },
          createdAt: w.createdAt,
          updatedAt: w.createdAt,
        },
      ],
      transitions: [],
    });
    const bare = await create(p, { name: 'Bare', eventName: ' opened ' });
    expect(bare).toMatchObject({ triggerType: 'EVENT', triggerConfig: { eventName: 'opened' }, enabled: false });
    const { steps: _s, transitions: _t, ...summary } = w;
    const list = (await api(p, 'GET', '/workflows')).json();
    const counts = { stepCount: 1, activeExecutionCount: 0, executionCount: 0 };
    expect(list).toEqual([
      { ...summary, ...counts },
      expect.objectContaining({ id: bare.id, name: 'Bare', ...counts }),
    ]);
    expect(await get(p, w.id)).toEqual(w);

    const patch = { name: 'Hello', description: null, eventName: 'signed-up', allowReentry: true };
    const patched = (await api(p, 'PATCH', `/workflows/${w.id}`, patch)).json();
    expect(patched).toEqual({
      ...w,
      ...patch,
      triggerConfig: { eventName: 'signed-up' },
      updatedAt: ISO,
    });
    expect(await get(p, w.id)).toEqual(patched);
    expect((await api(p, 'PATCH', `/workflows/${w.id}`, { allowReentry: false })).json().allowReentry).toBe(false);

    expect((await api(p, 'DELETE', `/workflows/${bare.id}`)).statusCode).toBe(204);
    expectError(await api(p, 'GET', `/workflows/${bare.id}`), 404, 'WORKFLOW_NOT_FOUND');
    expect((await api(p, 'GET', '/workflows')).json().map((x: Json) => x.id)).toEqual([w.id]);
  });

  it('answers 404 WORKFLOW_NOT_FOUND for unknown, malformed and other projects’ ids, whatever the body', async () => {
    const p = await t.make.project();
    const other = await t.make.project();
    const theirs = await create(other);
    for (const id of [newId(), 'nope', theirs.id]) {
      const calls: Array<[string, string, Json?]> = [
        ['GET', `/workflows/${id}`],
        ['PATCH', `/workflows/${id}`, { enabled: 'not a boolean' }],
        ['DELETE', `/workflows/${id}`],
        ['POST', `/workflows/${id}/steps`, { type: 'NOPE' }],
        ['PATCH', `/workflows/${id}/steps/${theirs.steps[0].id}`, { name: 'x' }],
        ['DELETE', `/workflows/${id}/steps/${theirs.steps[0].id}`],
        ['POST', `/workflows/${id}/transitions`, {}],
        ['DELETE', `/workflows/${id}/transitions/${newId()}`],
        ['POST', `/workflows/${id}/executions`, {}],
        ['GET', `/workflows/${id}/executions`],
        ['GET', `/workflows/${id}/executions/${newId()}`],
        ['DELETE', `/workflows/${id}/executions/${newId()}`],
        ['POST', `/workflows/${id}/executions/cancel-all`],
      ];
      for (const [method, url, body] of calls) {
        expectError(await api(p, method as 'GET', url, body), 404, 'WORKFLOW_NOT_FOUND');
      }
    }
    expect(await get(other, theirs.id)).toEqual(theirs);
  });

  it('refuses bad workflow bodies with 422 naming the field, creating and changing nothing', async () => {
    const p = await t.make.project();
    expect(fieldsOf(await api(p, 'POST', '/workflows', {})).sort()).toEqual(['eventName', 'name']);
    expect(fieldsOf(await api(p, 'POST', '/workflows', { name: '', eventName: 'e' }))).toEqual(['name']);
    expect(fieldsOf(await api(p, 'POST', '/workflows', { name: ' \t ', eventName: 'e' }))).toEqual(['name']);
    expect(fieldsOf(await api(p, 'POST', '/workflows', { name: 'x'.repeat(201), eventName: 'e' }))).toEqual(['name']);
    // decisions.md: creation takes the event that starts the workflow.
    expect(fieldsOf(await api(p, 'POST', '/workflows', { name: 'W' }))).toEqual(['eventName']);
    expect(fieldsOf(await api(p, 'POST', '/workflows', { name: 'W', eventName: '' }))).toEqual(['eventName']);
    expect(fieldsOf(await api(p, 'POST', '/workflows', { name: 'W', eventName: '   ' }))).toEqual(['eventName']);
    expect(fieldsOf(await api(p, 'POST', '/workflows', { name: 'W', eventName: 7 }))).toEqual(['eventName']);
    expect((await api(p, 'GET', '/workflows')).json()).toEqual([]);
    const w = await create(p);
    const url = `/workflows/${w.id}`;
    expect(fieldsOf(await api(p, 'PATCH', url, { enabled: 'yes' }))).toEqual(['enabled']);
    expect(fieldsOf(await api(p, 'PATCH', url, { allowReentry: 1 }))).toEqual(['allowReentry']);
    expect(fieldsOf(await api(p, 'PATCH', url, { triggerType: 'CRON' }))).toEqual(['triggerType']);
    expect(fieldsOf(await api(p, 'PATCH', url, { name: '' }))).toEqual(['name']);
    expect(fieldsOf(await api(p, 'PATCH', url, { name: '  ' }))).toEqual(['name']);
    expect(fieldsOf(await api(p, 'PATCH', url, { triggerConfig: 'signup' }))).toEqual(['triggerConfig']);
    expect(fieldsOf(await api(p, 'PATCH', url, { triggerConfig: { eventName: ' ' } }))).toEqual([
      'triggerConfig.eventName',
    ]);
    // A cron pattern is checked when given, even on a disabled workflow.
    const cron = await api(p, 'PATCH', url, { triggerType: 'SCHEDULE', triggerConfig: { schedule: '99 99 * * *' } });
    expect(fieldsOf(cron)).toEqual(['triggerConfig.schedule']);
    expect(await get(p, w.id)).toEqual(w);
    // A name with spaces around it is stored trimmed, as /v1/track stores the names it is sent.
    const spaced = await api(p, 'PATCH', url, { triggerConfig: { eventName: '  signed-up ' } });
    expect(spaced.json()).toMatchObject({ eventName: 'signed-up', triggerConfig: { eventName: 'signed-up' } });
  });

  it('labels transitions by their source step and refuses labels that do not fit it', async () => {
    const p = await t.make.project();
    const w = await create(p);
    const other = await create(p, { name: 'Other', eventName: 'other' });
    const s: Record<string, string> = { trigger: w.steps[0].id };
    for (const [key, type, config] of [
      ['cond', 'CONDITION', { field: 'email', operator: 'endsWith', value: '.test' }],
      ['wait', 'WAIT_FOR_EVENT', { eventName: 'purchase', timeout: 60 }],
      ['delay', 'DELAY', { amount: 1, unit: 'minutes' }],
      ['exit', 'EXIT', {}],
    ] as const) {
      s[key] = (await addStep(p, w.id, { type, config })).id;
    }
    const first = await connect(p, w.id, { fromStepId: s.trigger, toStepId: s.cond });
    expect(first).toEqual({
      id: expect.any(String),
      workflowId: w.id,
      fromStepId: s.trigger,
      toStepId: s.cond,
      condition: null,
      branch: null,
      waitOutcome: null,
      priority: 0,
      createdAt: ISO,
    });
    const yes = await connect(p, w.id, { fromStepId: s.cond, toStepId: s.wait, branch: 'yes' });
    expect(yes).toMatchObject({ condition: { branch: 'yes' }, branch: 'yes', waitOutcome: null });
    const no = await connect(p, w.id, { fromStepId: s.cond, toStepId: s.exit, condition: { branch: 'no' } });
    expect(no).toMatchObject({ condition: { branch: 'no' }, branch: 'no' });
    expect(await connect(p, w.id, { fromStepId: s.wait, toStepId: s.delay })).toMatchObject({ waitOutcome: 'EVENT' });
    const timeout = await connect(p, w.id, {
      fromStepId: s.wait,
      toStepId: s.exit,
      waitOutcome: 'TIMEOUT',
      priority: 5,
    });
    expect(timeout).toMatchObject({ branch: null, waitOutcome: 'TIMEOUT', priority: 5 });
    const before = await get(p, w.id);

    const refused: Array<[body: Json, field: string, code?: string]> = [
      [{ fromStepId: s.cond, toStepId: s.delay }, 'branch', 'REQUIRED'],
      [{ fromStepId: s.cond, toStepId: s.delay, branch: 'maybe' }, 'branch'],
      [{ fromStepId: s.cond, toStepId: s.delay, condition: {} }, 'condition.branch'],
      [{ fromStepId: s.trigger, toStepId: s.delay, branch: 'yes' }, 'branch'],
      [{ fromStepId: s.delay, toStepId: s.exit, condition: { branch: 'no' } }, 'branch'],
      [{ fromStepId: s.delay, toStepId: s.exit, waitOutcome: 'EVENT' }, 'waitOutcome'],
      [{ fromStepId: s.cond, toStepId: s.exit, branch: 'yes', waitOutcome: 'TIMEOUT' }, 'waitOutcome'],
      [{ fromStepId: s.wait, toStepId: s.exit, waitOutcome: 'LATER' }, 'waitOutcome'],
      [{ fromStepId: s.exit, toStepId: s.delay }, 'fromStepId'],
      [{ fromStepId: s.delay, toStepId: s.trigger }, 'toStepId'],
      [{ fromStepId: newId(), toStepId: s.delay }, 'fromStepId'],
      [{ fromStepId: s.delay, toStepId: 'nope' }, 'toStepId'],
      [{ fromStepId: s.delay, toStepId: other.steps[0].id }, 'toStepId'],
      [{ fromStepId: other.steps[0].id, toStepId: s.delay }, 'fromStepId'],
      [{ fromStepId: s.delay, toStepId: s.exit, priority: 1.5 }, 'priority'],
      [{ toStepId: s.exit }, 'fromStepId'],
    ];
    for (const [body, field, code] of refused) {
      const res = await api(p, 'POST', `/workflows/${w.id}/transitions`, body);
      const errors = expectError(res, 422, 'VALIDATION_ERROR').errors as Array<{ field: string; code: string }>;
      expect(errors[0]!.field, `${JSON.stringify(body)}: ${res.body}`).toBe(field);
      if (code) expect(errors[0]!.code).toBe(code);
    }
    expect(await get(p, w.id)).toEqual(before);

    expect((await api(p, 'DELETE', `/workflows/${w.id}/transitions/${timeout.id}`)).statusCode).toBe(204);
    expectError(await api(p, 'DELETE', `/workflows/${w.id}/transitions/${timeout.id}`), 404, 'TRANSITION_NOT_FOUND');
    expectError(await api(p, 'DELETE', `/workflows/${w.id}/transitions/nope`), 404, 'TRANSITION_NOT_FOUND');
    expectError(await api(p, 'DELETE', `/workflows/${other.id}/transitions/${yes.id}`), 404, 'TRANSITION_NOT_FOUND');
    expect(await edgesOf(p, w.id, s)).toEqual(['cond>exit:no', 'cond>wait:yes', 'trigger>cond:', 'wait>delay:EVENT']);
  });

  it('splices a step out, reconnecting its incoming transitions with their labels to the step after it', async () => {
    const p = await t.make.project();
    const w = await create(p);
    const s: Record<string, string> = { trigger: w.steps[0].id };
    for (const [key, type, config] of [
      ['cond', 'CONDITION', { field: 'subscribed', operator: 'equals', value: true }],
      ['wait', 'WAIT_FOR_EVENT', { eventName: 'purchase', timeout: 60 }],
      ['delay', 'DELAY', { amount: 1, unit: 'minutes' }],
      ['update', 'UPDATE_CONTACT', { updates: { seen: true } }],
      ['exit', 'EXIT', {}],
    ] as const) {
      s[key] = (await addStep(p, w.id, { type, config })).id;
    }
    const edges: Json[] = [
      { fromStepId: s.trigger, toStepId: s.cond },
      { fromStepId: s.cond, toStepId: s.delay, branch: 'yes' },
      { fromStepId: s.cond, toStepId: s.wait, branch: 'no' },
      { fromStepId: s.wait, toStepId: s.delay, waitOutcome: 'TIMEOUT' },
      { fromStepId: s.wait, toStepId: s.exit, waitOutcome: 'EVENT' },
      { fromStepId: s.delay, toStepId: s.update },
      { fromStepId: s.update, toStepId: s.exit },
    ];
    for (const e of edges) await connect(p, w.id, e);

    const twoWays = await api(p, 'DELETE', `/workflows/${w.id}/steps/${s.cond}?splice=true`);
    expect(fieldsOf(twoWays)).toEqual(['splice']);
    expect(fieldsOf(await api(p, 'DELETE', `/workflows/${w.id}/steps/${s.wait}?splice=true`))).toEqual(['splice']);
    expect(fieldsOf(await api(p, 'DELETE', `/workflows/${w.id}/steps/${s.delay}?splice=maybe`))).toEqual(['splice']);
    expect((await get(p, w.id)).transitions).toHaveLength(7);

    expect((await api(p, 'DELETE', `/workflows/${w.id}/steps/${s.delay}?splice=true`)).statusCode).toBe(204);
    expect(await edgesOf(p, w.id, s)).toEqual([
      'cond>update:yes',
      'cond>wait:no',
      'trigger>cond:',
      'update>exit:',
      'wait>exit:EVENT',
      'wait>update:TIMEOUT',
    ]);
    expect((await api(p, 'DELETE', `/workflows/${w.id}/steps/${s.update}`)).statusCode).toBe(204);
    expect(await edgesOf(p, w.id, s)).toEqual(['cond>wait:no', 'trigger>cond:', 'wait>exit:EVENT']);
    // A step with no way out is spliced by deleting it with the transitions into it.
    expect((await api(p, 'DELETE', `/workflows/${w.id}/steps/${s.exit}?splice=true`)).statusCode).toBe(204);
    expect(await edgesOf(p, w.id, s)).toEqual(['cond>wait:no', 'trigger>cond:']);
    const graph = await get(p, w.id);
    expect(graph.steps.map((x: Json) => x.type)).toEqual(['TRIGGER', 'CONDITION', 'WAIT_FOR_EVENT']);
    expectError(await api(p, 'DELETE', `/workflows/${w.id}/steps/${s.exit}`), 404, 'STEP_NOT_FOUND');
  });
});
