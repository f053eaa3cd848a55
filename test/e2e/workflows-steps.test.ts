import { describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { expectError } from './support.ts';
import { fieldsOf, ISO, workflowHelpers } from './workflow-helpers.ts';

type Json = Record<string, unknown>;

describe.each(DIALECTS)('workflow steps API on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const { api, create, addStep, get } = workflowHelpers(t);
  it('adds each of the seven step types with its config checked and normalised', async () => {
    const p = await t.make.project();
    await t.make.contact(p, { data: { plan: 'pro' } });
    const tpl = await t.make.template(p, { from: 'hello@example.test' });
    const w = await create(p);
    const cases: Array<[type: string, config: Json, stored: Json]> = [
      ['SEND_EMAIL', { templateId: tpl.id }, { templateId: tpl.id, recipient: { type: 'CONTACT' } }],
      [
        'SEND_EMAIL',
        { templateId: tpl.id, recipient: { type: 'CUSTOM', customEmail: ' Boss@Example.TEST ' } },
        { templateId: tpl.id, recipient: { type: 'CUSTOM', customEmail: 'boss@example.test' } },
      ],
      ['DELAY', { amount: 2, unit: 'hours' }, { amount: 2, unit: 'hours' }],
      ['DELAY', { amount: 365, unit: 'days' }, { amount: 365, unit: 'days' }],
      ['WAIT_FOR_EVENT', { eventName: 'purchase', timeout: 3600 }, { eventName: 'purchase', timeout: 3600 }],
      ['WAIT_FOR_EVENT', { eventName: 'purchase' }, { eventName: 'purchase' }],
      [
        'CONDITION',
        { field: 'data.plan', operator: 'equals', value: 'pro' },
        { field: 'data.plan', operator: 'equals', value: 'pro' },
      ],
      ['CONDITION', { field: 'event.signup', operator: 'triggered' }, { field: 'event.signup', operator: 'triggered' }],
      [
        'CONDITION',
        { field: 'event.plan', operator: 'equals', value: 'pro' },
        { field: 'event.plan', operator: 'equals', value: 'pro' },
      ],
      [
        'CONDITION',
        { condition: { operator: 'OR', conditions: [{ field: 'workflow.tier', operator: 'exists' }] } },
        { condition: { operator: 'OR', conditions: [{ field: 'workflow.tier', operator: 'exists' }] } },
      ],
      [
        'WEBHOOK',
        {
          url: 'https://hooks.example.test/c/{{ contact.id }}',
          headers: { 'X-Token': 'abc', 'Content-Type': 'application/vnd.crm+json' },
          body: { e: '{{ email }}' },
        },
        {
          url: 'https://hooks.example.test/c/{{ contact.id }}',
          method: 'POST',
          headers: { 'X-Token': 'abc', 'Content-Type': 'application/vnd.crm+json' },
          body: { e: '{{ email }}' },
        },
      ],
      [
        'WEBHOOK',
        { url: 'http://hooks.example.test', method: 'get' },
        { url: 'http://hooks.example.test', method: 'GET', headers: {} },
      ],
      ['UPDATE_CONTACT', { updates: { plan: 'vip' } }, { updates: { plan: 'vip' }, subscriptionAction: 'none' }],
      ['UPDATE_CONTACT', { subscriptionAction: 'unsubscribe' }, { updates: {}, subscriptionAction: 'unsubscribe' }],
      ['EXIT', { reason: ' done ' }, { reason: 'done' }],
      ['EXIT', {}, {}],
    ];
    const ids: string[] = [];
    for (const [type, config, stored] of cases) {
      const step = await addStep(p, w.id, { type, config });
      expect(step, `${type} ${JSON.stringify(config)}`).toEqual({
        id: expect.any(String),
        workflowId: w.id,
        type,
        name: null,
        config: stored,
        position: null,
        createdAt: ISO,
        updatedAt: step.createdAt,
      });
      ids.push(step.id);
    }
    const named = await addStep(p, w.id, { type: 'EXIT', name: 'The end', position: { x: 10, y: 20.5 } });
    expect(named).toMatchObject({ name: 'The end', position: { x: 10, y: 20.5 }, config: {} });
    const graph = await get(p, w.id);
    expect(graph.steps.map((s: Json) => s.id)).toEqual([w.steps[0].id, ...ids, named.id]);
    expect(new Set(graph.steps.map((s: Json) => s.type)).size).toBe(8);
  });

  it('refuses a step config that does not fit its type with 422 naming the path', async () => {
    const p = await t.make.project();
    await t.make.contact(p, { data: { plan: 'pro', seats: 3 } });
    const tpl = await t.make.template(p, { from: 'hello@example.test' });
    const senderless = await t.make.template(p);
    const w = await create(p);
    const hook = (over: Json) => ({ url: 'https://hooks.example.test/x', ...over });
    const cases: Array<[type: string, config: unknown, field: string, message?: RegExp]> = [
      ['DELAY', {}, 'config.amount'],
      ['DELAY', { amount: -1, unit: 'hours' }, 'config.amount'],
      ['DELAY', { amount: '1', unit: 'hours' }, 'config.amount'],
      ['DELAY', { amount: 366, unit: 'days' }, 'config.amount', /365 days/],
      ['DELAY', { amount: 1, unit: 'weeks' }, 'config.unit'],
      ['DELAY', { amount: 1 }, 'config.unit'],
      ['SEND_EMAIL', {}, 'config.templateId'],
      ['SEND_EMAIL', { templateId: newId() }, 'config.templateId', /unknown template/],
      ['SEND_EMAIL', { templateId: 'nope' }, 'config.templateId', /unknown template/],
      ['SEND_EMAIL', { templateId: senderless.id }, 'config.templateId', /no sender/],
      ['SEND_EMAIL', { templateId: tpl.id, recipient: 'boss' }, 'config.recipient'],
      ['SEND_EMAIL', { templateId: tpl.id, recipient: { type: 'BOSS' } }, 'config.recipient.type'],
      ['SEND_EMAIL', { templateId: tpl.id, recipient: { type: 'CUSTOM' } }, 'config.recipient.customEmail'],
      ['SEND_EMAIL', { templateId: tpl.id, recipient: { customEmail: 'boss@example.test' } }, 'config.recipient.type'],
      [
        'SEND_EMAIL',
        { templateId: tpl.id, recipient: { type: 'CUSTOM', customEmail: 'not-an-address' } },
        'config.recipient.customEmail',
      ],
      ['WAIT_FOR_EVENT', {}, 'config.eventName'],
      ['WAIT_FOR_EVENT', { eventName: ' ' }, 'config.eventName'],
      ['WAIT_FOR_EVENT', { eventName: 'x', timeout: 0 }, 'config.timeout'],
      ['WAIT_FOR_EVENT', { eventName: 'x', timeout: 1.5 }, 'config.timeout'],
      ['WAIT_FOR_EVENT', { eventName: 'x', timeout: 366 * 86_400 }, 'config.timeout'],
      ['CONDITION', {}, 'config.field'],
      [
        'CONDITION',
        { field: 'data.nothing', operator: 'triggered' },
        'config.operator',
        /data\.nothing is tested with/,
      ],
      ['CONDITION', { field: 'data.plan', operator: 'greaterThan', value: 1 }, 'config.operator'],
      ['CONDITION', { field: 'data.seats', operator: 'contains', value: 'x' }, 'config.operator'],
      ['CONDITION', { field: 'event.signup', operator: 'memberOfSegment' }, 'config.operator'],
      ['CONDITION', { field: 'data.plan', operator: 'sortOf', value: 'x' }, 'config.operator'],
      ['CONDITION', { field: 'nowhere.x', operator: 'equals', value: 1 }, 'config.field'],
      [
        'CONDITION',
        { condition: { operator: 'AND', conditions: [{ field: 'data', operator: 'exists' }] } },
        'config.condition.conditions[0].field',
        /unknown field/,
      ],
      [
        'CONDITION',
        {
          condition: {
            logic: 'OR',
            groups: [{ filters: [{ field: 'data.plan', operator: 'greaterThan', value: 1 }] }],
          },
        },
        'config.condition.groups[0].filters[0].operator',
      ],
      ['WEBHOOK', {}, 'config.url'],
      ['WEBHOOK', { url: 'ftp://hooks.example.test/x' }, 'config.url', /http/],
      ['WEBHOOK', { url: 'javascript:alert(1)' }, 'config.url'],
      ['WEBHOOK', { url: 'https://hooks.example.test/{{ unclosed' }, 'config.url'],
      ['WEBHOOK', hook({ method: 'TRACE' }), 'config.method'],
      ['WEBHOOK', hook({ headers: ['X-A'] }), 'config.headers'],
      ['WEBHOOK', hook({ headers: { 'X-A': 'a\r\nX-B: b' } }), 'config.headers.X-A'],
      ['WEBHOOK', hook({ headers: { 'X-A\nX-B': 'b' } }), 'config.headers.X-A\nX-B'],
      ['WEBHOOK', hook({ headers: { 'X-A': 5 } }), 'config.headers.X-A'],
      // Ours (the signature and delivery id, any case) and the connection's are not the caller's to set.
      ['WEBHOOK', hook({ headers: { 'X-Mailwright-Signature': 't=1,v1=0' } }), 'config.headers.X-Mailwright-Signature'],
      ['WEBHOOK', hook({ headers: { 'x-mailwright-delivery': 'mine' } }), 'config.headers.x-mailwright-delivery'],
      ['WEBHOOK', hook({ headers: { Host: 'internal.example' } }), 'config.headers.Host'],
      ['WEBHOOK', hook({ headers: { 'Content-Length': '1' } }), 'config.headers.Content-Length'],
      ['WEBHOOK', hook({ body: 5 }), 'config.body'],
      ['WEBHOOK', hook({ body: { a: '{% if %}' } }), 'config.body.a'],
      ['UPDATE_CONTACT', {}, 'config.updates'],
      ['UPDATE_CONTACT', { updates: ['plan'] }, 'config.updates'],
      ['UPDATE_CONTACT', { updates: { plan: 'x' }, subscriptionAction: 'maybe' }, 'config.subscriptionAction'],
      ['EXIT', { reason: 5 }, 'config.reason'],
      ['EXIT', 'done', 'config'],
      ['TRIGGER', {}, 'type'],
      ['SLEEP', {}, 'type'],
    ];
    for (const [type, config, field, message] of cases) {
      const res = await api(p, 'POST', `/workflows/${w.id}/steps`, { type, config });
      const label = `${type} ${JSON.stringify(config)}`;
      const error = expectError(res, 422, 'VALIDATION_ERROR');
      const first = (error.errors as Array<{ field: string; message: string }>)[0]!;
      expect(first.field, `${label}: ${res.body}`).toBe(field);
      if (message) expect(first.message, label).toMatch(message);
    }
    expect(await get(p, w.id)).toEqual(w);
  });

  it('updates a step’s name, config and position; the TRIGGER is neither configured nor deleted', async () => {
    const p = await t.make.project();
    const w = await create(p);
    const trigger = w.steps[0];
    const delay = await addStep(p, w.id, { type: 'DELAY', config: { amount: 1, unit: 'days' } });
    const url = `/workflows/${w.id}/steps/${delay.id}`;
    const renamed = (await api(p, 'PATCH', url, { name: 'Wait', position: { x: 1, y: 2 } })).json();
    expect(renamed).toEqual({ ...delay, name: 'Wait', position: { x: 1, y: 2 }, updatedAt: ISO });
    const reconfigured = await api(p, 'PATCH', url, { config: { amount: 30, unit: 'minutes' }, position: null });
    expect(reconfigured.statusCode, reconfigured.body).toBe(200);
    expect(reconfigured.json()).toMatchObject({
      name: 'Wait',
      config: { amount: 30, unit: 'minutes' },
      position: null,
    });
    expect(fieldsOf(await api(p, 'PATCH', url, { config: { amount: 1, unit: 'fortnights' } }))).toEqual([
      'config.unit',
    ]);
    expect(fieldsOf(await api(p, 'PATCH', url, { position: { x: 'left' } }))).toContain('position');
    const triggerUrl = `/workflows/${w.id}/steps/${trigger.id}`;
    expect(fieldsOf(await api(p, 'PATCH', triggerUrl, { config: { eventName: 'other' } }))).toEqual(['config']);
    expect(fieldsOf(await api(p, 'DELETE', triggerUrl))).toEqual(['stepId']);
    expect((await api(p, 'PATCH', triggerUrl, { name: 'Start' })).json()).toMatchObject({ name: 'Start', config: {} });
    for (const stepId of [newId(), 'nope']) {
      const stepUrl = `/workflows/${w.id}/steps/${stepId}`;
      expectError(await api(p, 'PATCH', stepUrl, { name: 'x' }), 404, 'STEP_NOT_FOUND');
      expectError(await api(p, 'DELETE', stepUrl), 404, 'STEP_NOT_FOUND');
    }
    const graph = await get(p, w.id);
    expect(graph.steps.map((s: Json) => [s.type, s.name, s.config])).toEqual([
      ['TRIGGER', 'Start', {}],
      ['DELAY', 'Wait', { amount: 30, unit: 'minutes' }],
    ]);
  });
});
