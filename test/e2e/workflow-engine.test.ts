// Invariant: a stored event starts exactly the enabled workflows it names (its execution row commits with
// the event), and an execution does what its steps say, when the clock says: SEND_EMAIL leaves one outbox
// row of the execution (skipped for an unsubscribed contact's list mail), a DELAY holds it as a row until
// its due time, and a cancelled execution does nothing more.
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../src/lib/clock.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { workflowHelpers } from './workflow-helpers.ts';

const HOUR = 3_600_000;
const exit = (key: string, reason = key) => ({ key, type: 'EXIT', config: { reason } });

describe.each(DIALECTS)('workflow triggers and steps on %s', (dialect) => {
  // Ahead of real time: a job the engine schedules on this clock is never due in real time (see settle).
  const clock = manualClock(new Date(Date.now() + 365 * 86_400_000));
  const t = useTestEnv({ dialect, clock });
  const h = workflowHelpers(t);
  const emailRow = (id: string) =>
    t.deps.db
      .selectFrom('emails')
      .select(['sourceType', 'sourceId', 'toEmail'])
      .where('id', '=', id)
      .executeTakeFirst();

  it('a tracked event starts each enabled workflow of its name, and the execution exists when /v1/track answers', async () => {
    const p = await t.make.project();
    const flow = (eventName: string, enable = true) =>
      h.build(p, { eventName, steps: [exit('end')], edges: [['trigger', 'end']], enable });
    const [one, two, disabled, other] = [
      await flow('signup'),
      await flow('signup'),
      await flow('signup', false),
      await flow('purchase'),
    ];
    const r = await h.track(p, 'ann@example.test', 'signup', { plan: 'pro' });
    expect(r.statusCode, r.body).toBe(200);
    const contactId = r.json().data.contact;
    // No job has run yet: the rows were written in the event's transaction.
    for (const w of [one, two]) {
      const [ex] = await h.executions(p, w.id);
      expect(ex).toMatchObject({ status: 'RUNNING', contactId, entry: 1 });
      expect(ex!.event).toMatchObject({ name: 'signup', data: { plan: 'pro' } });
    }
    expect(await h.executions(p, disabled.id)).toEqual([]);
    expect(await h.executions(p, other.id)).toEqual([]);
    await h.settle();
    for (const w of [one, two]) expect(await h.executions(p, w.id)).toMatchObject([{ status: 'EXITED' }]);
    expect(await h.executions(p, disabled.id)).toEqual([]);
    expect(await h.executions(p, other.id)).toEqual([]);
  });

  it('system events start workflows: contact.unsubscribed from PATCH /contacts/:id, and a segment entry', async () => {
    const p = await t.make.project();
    const ann = await t.make.contact(p, { email: 'ann@sys.test' });
    const unsub = await h.build(p, {
      eventName: 'contact.unsubscribed',
      steps: [exit('end')],
      edges: [['trigger', 'end']],
    });
    const seg = (await h.api(p, 'POST', '/segments', { name: 'VIP', type: 'STATIC', trackMembership: true })).json();
    const entry = await h.build(p, {
      eventName: 'segment.vip.entry',
      steps: [exit('end')],
      edges: [['trigger', 'end']],
    });

    const patched = await h.api(p, 'PATCH', `/contacts/${ann.id}`, { subscribed: false });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await h.executions(p, unsub.id)).toMatchObject([{ contactId: ann.id, status: 'RUNNING' }]);
    const added = await h.api(p, 'POST', `/segments/${seg.id}/members`, { emails: ['ann@sys.test'] });
    expect(added.statusCode, added.body).toBe(200);
    expect(await h.executions(p, entry.id)).toMatchObject([{ contactId: ann.id, status: 'RUNNING' }]);
    await h.settle();
    expect(await h.executions(p, unsub.id)).toMatchObject([
      { status: 'EXITED', event: { name: 'contact.unsubscribed' } },
    ]);
    expect(await h.executions(p, entry.id)).toMatchObject([
      { status: 'EXITED', event: { name: 'segment.vip.entry', data: { segmentId: seg.id } } },
    ]);
  });

  it('SEND_EMAIL renders event and context variables, and the email row belongs to the execution', async () => {
    const p = await t.make.project();
    const tpl = await t.make.template(p, {
      from: 'hello@example.test',
      subject: 'Plan {{ event.plan ?? "none" }}, tier {{ workflow.tier ?? "none" }}',
    });
    const w = await h.build(p, {
      eventName: 'signup',
      steps: [{ key: 'send', type: 'SEND_EMAIL', config: { templateId: tpl.id } }],
      edges: [['trigger', 'send']],
    });
    await h.track(p, 'ann@send.test', 'signup', { plan: 'pro' });
    const bob = await t.make.contact(p, { email: 'bob@send.test' });
    const manual = await h.api(p, 'POST', `/workflows/${w.id}/executions`, {
      contactId: bob.id,
      context: { tier: 'gold' },
    });
    expect(manual.statusCode, manual.body).toBe(201);
    expect(manual.json()).toMatchObject({ status: 'RUNNING', context: { tier: 'gold' }, event: {} });
    await h.settle();

    expect((await h.outbox(p, 'ann@send.test')).map((m) => m.subject)).toEqual(['Plan pro, tier none']);
    expect((await h.outbox(p, 'bob@send.test')).map((m) => m.subject)).toEqual(['Plan none, tier gold']);
    const ex = await h.execution(p, w.id, manual.json().id);
    expect(ex.status).toBe('COMPLETED');
    expect(ex.steps.map((s: { stepType: string }) => s.stepType)).toEqual(['TRIGGER', 'SEND_EMAIL']);
    const sent = ex.steps[1];
    expect(sent).toMatchObject({ status: 'COMPLETED', output: { to: 'bob@send.test', templateId: tpl.id } });
    expect(await emailRow(sent.output.emailId)).toEqual({
      sourceType: 'WORKFLOW',
      sourceId: ex.id,
      toEmail: 'bob@send.test',
    });
  });

  it('SEND_EMAIL to a CUSTOM recipient mails that address, not the contact', async () => {
    const p = await t.make.project();
    const tpl = await t.make.template(p, { from: 'hello@example.test', subject: 'New signup: {{ email }}' });
    const recipient = { type: 'CUSTOM', customEmail: 'ops@custom.test' };
    const w = await h.build(p, {
      eventName: 'signup',
      steps: [{ key: 'send', type: 'SEND_EMAIL', config: { templateId: tpl.id, recipient } }],
      edges: [['trigger', 'send']],
    });
    await h.track(p, 'ann@custom.test', 'signup');
    await h.settle();
    expect((await h.outbox(p, 'ops@custom.test')).map((m) => m.subject)).toEqual(['New signup: ann@custom.test']);
    expect(await h.outbox(p, 'ann@custom.test')).toEqual([]);
    expect(await h.executions(p, w.id)).toMatchObject([{ status: 'COMPLETED' }]);
  });

  it('SEND_EMAIL of a MARKETING template to an unsubscribed contact is SKIPPED and the execution goes on', async () => {
    const p = await t.make.project();
    const tpl = await t.make.template(p, { from: 'hello@example.test', type: 'MARKETING' });
    const ann = await t.make.contact(p, { email: 'ann@skip.test', subscribed: false });
    const w = await h.build(p, {
      patch: { triggerType: 'MANUAL' },
      steps: [{ key: 'send', type: 'SEND_EMAIL', config: { templateId: tpl.id } }, exit('after')],
      edges: [
        ['trigger', 'send'],
        ['send', 'after'],
      ],
    });
    const started = await h.api(p, 'POST', `/workflows/${w.id}/executions`, { contactId: ann.id });
    expect(started.statusCode, started.body).toBe(201);
    await h.settle();
    const ex = await h.execution(p, w.id, started.json().id);
    expect(ex).toMatchObject({ status: 'EXITED', exitReason: 'after' });
    expect(ex.steps[1]).toMatchObject({
      stepType: 'SEND_EMAIL',
      status: 'SKIPPED',
      output: { skipped: 'UNSUBSCRIBED' },
    });
    expect(await h.outbox(p, 'ann@skip.test')).toEqual([]);
    expect(await t.deps.db.selectFrom('emails').select('id').where('sourceId', '=', ex.id).execute()).toEqual([]);
  });

  it('a DELAY holds the execution WAITING until the clock passes its due time, then the next step runs', async () => {
    const p = await t.make.project();
    const tpl = await t.make.template(p, { from: 'hello@example.test', subject: 'Later' });
    const w = await h.build(p, {
      eventName: 'signup',
      steps: [
        { key: 'wait', type: 'DELAY', config: { amount: 2, unit: 'hours' } },
        { key: 'send', type: 'SEND_EMAIL', config: { templateId: tpl.id } },
      ],
      edges: [
        ['trigger', 'wait'],
        ['wait', 'send'],
      ],
    });
    await h.track(p, 'ann@delay.test', 'signup');
    const entered = clock.now().getTime();
    await h.settle();
    const [waiting] = await h.executions(p, w.id);
    expect(waiting).toMatchObject({ status: 'WAITING', currentStepId: w.steps.wait, waitingFor: null });
    expect(waiting!.dueAt).toBe(new Date(entered + 2 * HOUR).toISOString());

    clock.advance(2 * HOUR - 60_000);
    await h.settle();
    expect(await h.executions(p, w.id)).toMatchObject([{ status: 'WAITING' }]);
    expect(await h.outbox(p, 'ann@delay.test')).toEqual([]);

    clock.advance(60_000);
    await h.settle();
    expect((await h.outbox(p, 'ann@delay.test')).map((m) => m.subject)).toEqual(['Later']);
    const ex = await h.execution(p, w.id, String(waiting!.id));
    expect(ex).toMatchObject({ status: 'COMPLETED', currentStepId: null, dueAt: null });
    expect(ex.steps.map((s: { stepType: string }) => s.stepType)).toEqual(['TRIGGER', 'DELAY', 'SEND_EMAIL']);
  });

  it('a cancelled execution waiting in a DELAY runs nothing when its time comes; cancel-all ends every active one', async () => {
    const p = await t.make.project();
    const tpl = await t.make.template(p, { from: 'hello@example.test', subject: 'Never' });
    const w = await h.build(p, {
      eventName: 'signup',
      steps: [
        { key: 'wait', type: 'DELAY', config: { amount: 10, unit: 'minutes' } },
        { key: 'send', type: 'SEND_EMAIL', config: { templateId: tpl.id } },
      ],
      edges: [
        ['trigger', 'wait'],
        ['wait', 'send'],
      ],
    });
    for (const who of ['ann', 'bob', 'cid']) await h.track(p, `${who}@cancel.test`, 'signup');
    await h.settle();
    const waiting = await h.executions(p, w.id, 'WAITING');
    expect(waiting).toHaveLength(3);
    const ann = waiting[0]!;
    const cancelled = await h.api(p, 'DELETE', `/workflows/${w.id}/executions/${ann.id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', currentStepId: null, dueAt: null });
    expect((await h.api(p, 'DELETE', `/workflows/${w.id}/executions/${ann.id}`)).statusCode).toBe(409);

    const all = await h.api(p, 'POST', `/workflows/${w.id}/executions/cancel-all`);
    expect(all.json()).toEqual({ cancelled: 2 });
    clock.advance(HOUR);
    await h.settle();
    expect(await h.executions(p, w.id, 'CANCELLED')).toHaveLength(3);
    for (const who of ['ann', 'bob', 'cid']) expect(await h.outbox(p, `${who}@cancel.test`)).toEqual([]);
    const steps = (await h.execution(p, w.id, String(ann.id))).steps;
    expect(steps.map((s: { stepType: string }) => s.stepType)).toEqual(['TRIGGER']);
  });
});
