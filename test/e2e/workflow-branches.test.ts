// Invariant: an execution takes the way its data says. A WAIT_FOR_EVENT step is resumed only by its own
// contact's event of its name (EVENT branch, that event becoming the execution's) or ends at its timeout
// (TIMEOUT branch); a CONDITION reads contact data, event data and context; UPDATE_CONTACT writes through
// the contact data rules and records subscription events; EXIT ends EXITED with its reason.
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../src/lib/clock.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { workflowHelpers } from './workflow-helpers.ts';

type Json = Record<string, unknown>;
const exit = (key: string, reason = key) => ({ key, type: 'EXIT', config: { reason } });

describe.each(DIALECTS)('workflow branches on %s', (dialect) => {
  const clock = manualClock(new Date(Date.now() + 365 * 86_400_000));
  const t = useTestEnv({ dialect, clock });
  const h = workflowHelpers(t);

  /** signup → wait for `purchase` (1 h) → EXIT 'bought' | EXIT 'gave up'. */
  const waitFlow = (p: TestProject) =>
    h.build(p, {
      eventName: 'signup',
      steps: [
        { key: 'wait', type: 'WAIT_FOR_EVENT', config: { eventName: 'purchase', timeout: 3600 } },
        exit('bought'),
        exit('gaveUp', 'gave up'),
      ],
      edges: [
        ['trigger', 'wait'],
        ['wait', 'bought', 'EVENT'],
        ['wait', 'gaveUp', 'TIMEOUT'],
      ],
    });
  const byContact = async (p: TestProject, workflowId: string) =>
    new Map((await h.executions(p, workflowId)).map((e) => [e.contactId as string, e]));
  const contactIdOf = async (p: TestProject, email: string, event: string, data: Json = {}) => {
    const r = await h.track(p, email, event, data);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data.contact as string;
  };

  it('resumes the waits of contacts whose events are stored together, each with its own event', async () => {
    const p = await t.make.project();
    const w = await waitFlow(p);
    const people = ['a', 'b', 'c', 'd', 'e'].map((n) => `${n}@together.test`);
    const ids = await Promise.all(people.map((email) => contactIdOf(p, email, 'signup')));
    await h.settle();
    expect([...(await byContact(p, w.id)).values()].map((e) => e.status)).toEqual(Array(5).fill('WAITING'));
    // Tracked in one turn: one transaction stores them, and one statement resumes the five waits.
    await Promise.all(people.map((email, i) => h.track(p, email, 'purchase', { n: i })));
    await h.settle();
    const after = await byContact(p, w.id);
    for (const [i, id] of ids.entries()) {
      expect(after.get(id)).toMatchObject({
        status: 'EXITED',
        exitReason: 'bought',
        event: { name: 'purchase', data: { n: i } },
      });
    }
  });

  it('WAIT_FOR_EVENT is resumed by its contact’s event of its name only, and takes the EVENT branch', async () => {
    const p = await t.make.project();
    const w = await waitFlow(p);
    const ann = await contactIdOf(p, 'ann@wait.test', 'signup');
    const bob = await contactIdOf(p, 'bob@wait.test', 'signup');
    await h.settle();
    const waiting = await byContact(p, w.id);
    expect(waiting.get(ann)).toMatchObject({ status: 'WAITING', waitingFor: 'purchase', currentStepId: w.steps.wait });
    expect(waiting.get(ann)!.dueAt).toBe(new Date(clock.now().getTime() + 3_600_000).toISOString());

    // Another contact's purchase, and ann's event of another name: ann keeps waiting.
    await h.track(p, 'bob@wait.test', 'purchase', { amount: 7 });
    await h.track(p, 'ann@wait.test', 'browse');
    await h.settle();
    let now = await byContact(p, w.id);
    expect(now.get(ann)).toMatchObject({ status: 'WAITING', waitingFor: 'purchase' });
    expect(now.get(bob)).toMatchObject({ status: 'EXITED', exitReason: 'bought' });

    await h.track(p, 'ann@wait.test', 'purchase', { amount: 42 });
    await h.settle();
    now = await byContact(p, w.id);
    expect(now.get(ann)).toMatchObject({
      status: 'EXITED',
      exitReason: 'bought',
      event: { name: 'purchase', data: { amount: 42 } },
    });
    const ex = await h.execution(p, w.id, String(now.get(ann)!.id));
    expect(ex.steps.map((s: Json) => [s.stepType, s.status])).toEqual([
      ['TRIGGER', 'COMPLETED'],
      ['WAIT_FOR_EVENT', 'COMPLETED'],
      ['EXIT', 'COMPLETED'],
    ]);
    expect(ex.steps[1].output.event).toMatchObject({ name: 'purchase', data: { amount: 42 } });
    expect(ex.steps[2].output).toEqual({ reason: 'bought' });
  });

  it('WAIT_FOR_EVENT without its event takes the TIMEOUT branch once the clock passes the timeout', async () => {
    const p = await t.make.project();
    const w = await waitFlow(p);
    await h.track(p, 'cid@wait.test', 'signup');
    await h.settle();
    clock.advance(3_599_000);
    await h.settle();
    expect(await h.executions(p, w.id)).toMatchObject([{ status: 'WAITING' }]);
    clock.advance(1000);
    await h.settle();
    const [ended] = await h.executions(p, w.id);
    expect(ended).toMatchObject({ status: 'EXITED', exitReason: 'gave up', event: { name: 'signup' } });
    const ex = await h.execution(p, w.id, String(ended!.id));
    expect(ex.steps[1]).toMatchObject({ stepType: 'WAIT_FOR_EVENT', output: { timedOut: true } });
    // A late event resumes nothing.
    await h.track(p, 'cid@wait.test', 'purchase');
    await h.settle();
    expect(await h.executions(p, w.id)).toMatchObject([{ status: 'EXITED', exitReason: 'gave up' }]);
  });

  /** A MANUAL workflow: CONDITION `config` → EXIT 'yes' | EXIT 'no'. */
  const conditionFlow = (p: TestProject, config: Json) =>
    h.build(p, {
      patch: { triggerType: 'MANUAL' },
      steps: [{ key: 'cond', type: 'CONDITION', config }, exit('yes'), exit('no')],
      edges: [
        ['trigger', 'cond'],
        ['cond', 'yes', 'yes'],
        ['cond', 'no', 'no'],
      ],
    });
  /** Starts `workflowId` for a new contact with `data`, `context` and an event; answers the branch taken. */
  async function branchFor(p: TestProject, workflowId: string, input: { data?: Json; context?: Json; event?: Json }) {
    const contact = await t.make.contact(p, { data: input.data ?? {} });
    const started = await h.api(p, 'POST', `/workflows/${workflowId}/executions`, {
      contactId: contact.id,
      context: input.context ?? {},
    });
    expect(started.statusCode, started.body).toBe(201);
    await h.settle();
    const ex = await h.execution(p, workflowId, started.json().id);
    expect(ex.status).toBe('EXITED');
    expect(ex.steps[1]).toMatchObject({ stepType: 'CONDITION', output: { branch: ex.exitReason } });
    return ex.exitReason;
  }

  it('CONDITION branches on contact data and on the context', async () => {
    const p = await t.make.project();
    await t.make.contact(p, { data: { plan: 'free' } }); // records the field's type
    const plan = await conditionFlow(p, { field: 'data.plan', operator: 'equals', value: 'pro' });
    expect(await branchFor(p, plan.id, { data: { plan: 'pro' } })).toBe('yes');
    expect(await branchFor(p, plan.id, { data: { plan: 'free' } })).toBe('no');
    const vip = await conditionFlow(p, { field: 'workflow.vip', operator: 'equals', value: true });
    expect(await branchFor(p, vip.id, { context: { vip: true } })).toBe('yes');
    expect(await branchFor(p, vip.id, { context: { vip: false } })).toBe('no');
    expect(await branchFor(p, vip.id, {})).toBe('no');
  });

  it('CONDITION branches on the trigger event’s data, alone and in a tree under config.condition', async () => {
    const p = await t.make.project();
    await t.make.contact(p, { data: { plan: 'free' } });
    const flow = (config: Json) =>
      h.build(p, {
        eventName: 'order',
        steps: [{ key: 'cond', type: 'CONDITION', config }, exit('yes'), exit('no')],
        edges: [
          ['trigger', 'cond'],
          ['cond', 'yes', 'yes'],
          ['cond', 'no', 'no'],
        ],
      });
    const big = await flow({ field: 'event.amount', operator: 'gt', value: 100 });
    const tree = await flow({
      condition: {
        operator: 'AND',
        conditions: [
          { field: 'event.amount', operator: 'gt', value: 100 },
          { field: 'data.plan', operator: 'equals', value: 'pro' },
        ],
      },
    });
    const cases: [string, Json, Json, string, string][] = [
      ['a@cond.test', { plan: 'pro' }, { amount: 150 }, 'yes', 'yes'],
      ['b@cond.test', { plan: 'free' }, { amount: 150 }, 'yes', 'no'],
      ['c@cond.test', { plan: 'pro' }, { amount: 50 }, 'no', 'no'],
    ];
    for (const [email, data] of cases) await t.make.contact(p, { email, data });
    // Tracked without data of their own (the event's data would be written to the contact too).
    for (const [email, , event] of cases) await h.track(p, email, 'order', event);
    await h.settle();
    const branches = async (workflowId: string) =>
      new Map((await h.executions(p, workflowId)).map((e) => [e.contactId, e.exitReason]));
    const bigBranches = await branches(big.id);
    const treeBranches = await branches(tree.id);
    for (const [email, , , onBig, onTree] of cases) {
      const id = (await h.api(p, 'POST', '/contacts/lookup', { emails: [email] })).json().found[0].id;
      expect([email, bigBranches.get(id), treeBranches.get(id)]).toEqual([email, onBig, onTree]);
    }
  });

  it('UPDATE_CONTACT writes data through the data rules and its unsubscribe records contact.unsubscribed', async () => {
    const p = await t.make.project();
    const ann = await t.make.contact(p, { email: 'ann@update.test', data: { keep: 1, drop: 'x' } });
    const w = await h.build(p, {
      patch: { triggerType: 'MANUAL' },
      steps: [
        {
          key: 'update',
          type: 'UPDATE_CONTACT',
          config: {
            updates: { drop: null, added: 'v', email: 'hijack@update.test', id: 'not-an-id', nested: { a: 1 } },
            subscriptionAction: 'unsubscribe',
          },
        },
      ],
      edges: [['trigger', 'update']],
    });
    const started = await h.api(p, 'POST', `/workflows/${w.id}/executions`, { contactId: ann.id });
    await h.settle();
    const ex = await h.execution(p, w.id, started.json().id);
    expect(ex).toMatchObject({ status: 'COMPLETED', exitReason: null, endedAt: expect.any(String) });
    expect(ex.steps[1]).toMatchObject({ stepType: 'UPDATE_CONTACT', status: 'COMPLETED' });

    const contact = (await h.api(p, 'GET', `/contacts/${ann.id}`)).json();
    expect(contact).toMatchObject({ email: 'ann@update.test', subscribed: false });
    expect(contact.data).toEqual({ keep: 1, added: 'v', nested: { a: 1 } });
    const events = (await h.api(p, 'GET', `/events/contact/${ann.id}`)).json().data;
    expect(events.map((e: Json) => e.name)).toContain('contact.unsubscribed');
    const unsub = events.find((e: Json) => e.name === 'contact.unsubscribed');
    expect(unsub.data).toMatchObject({ source: 'workflow', workflowId: w.id, executionId: ex.id });
  });
});
