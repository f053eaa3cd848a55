// Invariant: the lookups around workflows answer exactly what the project's workflows reference:
// GET /workflows/fields what a CONDITION can test (contact fields with their types, event names, email
// facts, segments, and the keys of the latest event a workflow starts on or waits for); the template,
// event-name and contact-field usage lists name the workflows that send, start on, wait for, test or
// write them; a template a step sends cannot be deleted. Each project shows its own webhook secret.
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { expectError } from './support.ts';
import { workflowHelpers } from './workflow-helpers.ts';

describe.each(DIALECTS)('workflow lookups on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const h = workflowHelpers(t);
  const { api } = h;

  it('lists the fields a CONDITION can test: contact fields, events, email facts, segments, trigger event keys', async () => {
    const p = await t.make.project();
    await t.make.contact(p, { data: { plan: 'pro', seats: 3, vip: true } });
    await h.track(p, 'ann@fields.test', 'signup', { source: 'ads', old: 1 });
    await h.track(p, 'ann@fields.test', 'signup', { source: 'ads', amount: 5 });
    await h.track(p, 'ann@fields.test', 'purchase', { sku: 'x' });
    await h.track(p, 'ann@fields.test', 'ignored', { secret: 'y' });
    const segment = (
      await api(p, 'POST', '/segments', { name: 'All', filters: { operator: 'AND', conditions: [] } })
    ).json();
    await h.build(p, {
      eventName: 'signup',
      steps: [{ key: 'wait', type: 'WAIT_FOR_EVENT', config: { eventName: 'purchase' } }],
      edges: [['trigger', 'wait']],
      enable: false,
    });
    const res = await api(p, 'GET', '/workflows/fields');
    expect(res.statusCode, res.body).toBe(200);
    const fields: Array<{ field: string; type: string; source: string; operators: string[] }> = res.json().fields;
    const names = await api(p, 'GET', '/events/names');
    const tracked = names.json().names.map((n: { name: string }) => `event.${n.name}:event:event`);
    expect(tracked).toEqual(expect.arrayContaining(['event.signup:event:event', 'event.ignored:event:event']));
    expect(fields.map((f) => `${f.field}:${f.type}:${f.source}`)).toEqual([
      'email:string:contact',
      'subscribed:boolean:contact',
      'createdAt:date:contact',
      'updatedAt:date:contact',
      // /v1/track's data is the contact's too (interface.md), so every tracked key is a contact field.
      'data.amount:number:contact',
      'data.old:number:contact',
      'data.plan:string:contact',
      'data.seats:number:contact',
      'data.secret:string:contact',
      'data.sku:string:contact',
      'data.source:string:contact',
      'data.vip:boolean:contact',
      // Keys of the latest event of each name a workflow starts on or waits for (not of older ones).
      'event.amount:number:event',
      'event.source:string:event',
      'event.sku:string:event',
      ...tracked,
      ...['sent', 'delivered', 'opened', 'clicked', 'bounced', 'complained'].map((f) => `email.${f}:event:email`),
      `segment.${segment.id}:segment:segment`,
    ]);
    const byName = Object.fromEntries(fields.map((f) => [f.field, f.operators]));
    expect(byName['data.seats']).toEqual(expect.arrayContaining(['greaterThan', 'lessThan', 'in', 'exists']));
    expect(byName['data.plan']).toEqual(expect.arrayContaining(['contains', 'startsWith']));
    expect(byName['data.plan']).not.toContain('greaterThan');
    expect(byName['event.signup']).toEqual(expect.arrayContaining(['triggered', 'notTriggeredWithin']));
    expect(byName[`segment.${segment.id}`]).toEqual(['memberOfSegment', 'notMemberOfSegment']);
  });

  it('answers which workflows use a template, an event name and a contact field', async () => {
    const p = await t.make.project();
    await t.make.contact(p, { data: { plan: 'pro' } });
    const tpl = await t.make.template(p, { from: 'hello@example.test' });
    const send = { key: 'send', type: 'SEND_EMAIL', config: { templateId: tpl.id } };
    const exit = { key: 'exit', type: 'EXIT' };
    const test = (key: string, field: string, operator: string, value?: unknown) => ({
      key,
      type: 'CONDITION',
      config: { field, operator, ...(value !== undefined ? { value } : {}) },
    });
    const mailer = await h.build(p, {
      name: 'Mailer',
      eventName: 'signup',
      steps: [send],
      edges: [['trigger', 'send']],
    });
    const waiter = await h.build(p, {
      name: 'Waiter',
      eventName: 'other',
      steps: [{ key: 'wait', type: 'WAIT_FOR_EVENT', config: { eventName: 'signup' } }],
      edges: [],
      enable: false,
    });
    const tester = await h.build(p, {
      name: 'Tester',
      steps: [test('c', 'event.signup', 'triggered'), test('d', 'data.plan', 'equals', 'pro')],
      edges: [],
      enable: false,
    });
    const writer = await h.build(p, {
      name: 'Writer',
      steps: [{ key: 'u', type: 'UPDATE_CONTACT', config: { updates: { plan: 'vip' } } }, exit],
      edges: [],
      enable: false,
    });
    // event.signup with a value operator reads the trigger event's data, not the event name.
    await h.build(p, {
      name: 'Unrelated',
      steps: [test('c', 'event.signup', 'equals', 'x')],
      edges: [],
      enable: false,
    });

    const templateUsage = (await api(p, 'GET', `/templates/${tpl.id}/usage`)).json();
    expect(templateUsage).toEqual({
      campaigns: [],
      workflows: [{ id: mailer.id, name: 'Mailer', stepId: mailer.steps.send }],
    });
    const refused = expectError(await api(p, 'DELETE', `/templates/${tpl.id}`), 409, 'CONFLICT');
    expect(refused.message).toMatch(/"Mailer"/);
    expect((await api(p, 'GET', `/templates/${tpl.id}`)).statusCode).toBe(200);

    const events = (await api(p, 'GET', '/events/signup/usage')).json();
    expect(events).toEqual({
      segments: [],
      workflows: [
        { id: mailer.id, name: 'Mailer' },
        { id: waiter.id, name: 'Waiter' },
        { id: tester.id, name: 'Tester' },
      ],
    });
    expect((await api(p, 'GET', '/events/other/usage')).json().workflows).toEqual([{ id: waiter.id, name: 'Waiter' }]);
    expect((await api(p, 'GET', '/events/nothing/usage')).json()).toEqual({ segments: [], workflows: [] });
    const fieldUsage = (await api(p, 'GET', '/contacts/fields/data.plan/usage')).json();
    expect(fieldUsage).toEqual({
      segments: [],
      campaigns: [],
      workflows: [
        { id: tester.id, name: 'Tester' },
        { id: writer.id, name: 'Writer' },
      ],
    });

    await api(p, 'PATCH', `/workflows/${mailer.id}`, { enabled: false });
    expect((await api(p, 'DELETE', `/workflows/${mailer.id}/steps/${mailer.steps.send}`)).statusCode).toBe(204);
    expect((await api(p, 'GET', `/templates/${tpl.id}/usage`)).json().workflows).toEqual([]);
    expect((await api(p, 'DELETE', `/templates/${tpl.id}`)).statusCode).toBe(204);
  });

  it('shows the project’s webhook signing secret to its members, one per project', async () => {
    const p = await t.make.project();
    const q = await t.make.project(p.owner);
    const res = await t.app.inject({ url: '/users/@me/projects', headers: { cookie: p.owner.cookie } });
    expect(res.statusCode).toBe(200);
    const secrets = Object.fromEntries(
      res.json().map((x: { id: string; webhookSigningSecret: string }) => [x.id, x.webhookSigningSecret]),
    );
    expect(secrets[p.id]).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(secrets[q.id]).toMatch(/^whsec_/);
    expect(secrets[q.id]).not.toBe(secrets[p.id]);
    const again = await t.app.inject({ url: '/users/@me/projects', headers: { cookie: p.owner.cookie } });
    expect(again.json().find((x: { id: string }) => x.id === p.id).webhookSigningSecret).toBe(secrets[p.id]);
  });
});
