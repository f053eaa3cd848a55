// Invariant: the milestones beyond.md §4 names outside the email and contact-write types are written
// as webhook messages in the transaction that reaches them: `contact.deleted` with the contact's last
// view, `campaign.sent` with the move to SENT, `workflow.execution.completed` for an execution that
// ends COMPLETED or EXITED (with its exit reason) and `workflow.execution.failed` with its error; each
// only to endpoints that take the type.
import { describe, expect, it } from 'vitest';
import { campaignTick } from '../../src/campaigns/campaigns.jobs.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { emailLogHelpers } from './email-log-helpers.ts';
import { workflowHelpers } from './workflow-helpers.ts';

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/);

describe.each(DIALECTS)('milestone webhooks on %s', (dialect) => {
  const t = useTestEnv({ dialect, env: { MAX_CUSTOM_FIELDS: '2', REQUIRE_VERIFIED_DOMAIN: 'false' } });
  const h = emailLogHelpers(t);
  const wf = workflowHelpers(t);

  it('announces a deleted contact with its last view, and nothing to an endpoint that does not take it', async () => {
    const p = await t.make.project();
    await h.endpoint(p, ['contact.deleted']);
    const other = await t.make.project();
    await h.endpoint(other, ['contact.created']);
    const made = await wf.api(p, 'POST', '/contacts', { email: 'gone@example.test', data: { plan: 'pro' } });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    const view = (await wf.api(p, 'GET', `/contacts/${id}`)).json();
    expect((await wf.api(p, 'DELETE', `/contacts/${id}`)).statusCode).toBe(204);
    expect(await h.messages(p)).toEqual([{ type: 'contact.deleted', timestamp: ISO, data: view }]);
    const kept = await t.make.contact(other, { email: 'kept@example.test' });
    expect((await wf.api(other, 'DELETE', `/contacts/${kept.id}`)).statusCode).toBe(204);
    expect(await h.messages(other, 'contact.deleted')).toEqual([]);
  });

  it('announces a campaign once it is SENT, naming it', async () => {
    const p = await t.make.project();
    await h.endpoint(p, ['campaign.sent']);
    await t.make.contact(p, { email: 'reader@example.test', subscribed: true });
    const made = await wf.api(p, 'POST', '/campaigns', {
      name: 'Autumn',
      subject: 'News',
      body: '<p>x</p>',
      from: 'news@log.test',
      audienceType: 'ALL',
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id;
    expect((await wf.api(p, 'POST', `/campaigns/${id}/send`, {})).statusCode).toBe(200);
    expect(await h.messages(p)).toEqual([]);
    const sent = await untilSent(p, id);
    expect(await h.messages(p)).toEqual([
      {
        type: 'campaign.sent',
        timestamp: ISO,
        data: { campaignId: id, name: 'Autumn', subject: 'News', sentAt: sent.sentAt },
      },
    ]);
  });

  it('announces executions that complete, exit and fail, each with what ended it', async () => {
    const p = await t.make.project();
    await h.endpoint(p, ['workflow.execution.completed', 'workflow.execution.failed']);
    const done = await wf.build(p, {
      eventName: 'done',
      steps: [{ key: 'tag', type: 'UPDATE_CONTACT', config: { updates: { a: 2 } } }],
      edges: [['trigger', 'tag']],
    });
    const exits = await wf.build(p, {
      eventName: 'leave',
      steps: [{ key: 'out', type: 'EXIT', config: { reason: 'not a fit' } }],
      edges: [['trigger', 'out']],
    });
    // A third custom field is over MAX_CUSTOM_FIELDS: the data rules refuse the step.
    const fails = await wf.build(p, {
      eventName: 'break',
      steps: [{ key: 'over', type: 'UPDATE_CONTACT', config: { updates: { c: 3 } } }],
      edges: [['trigger', 'over']],
    });
    const contactId = (await wf.track(p, 'flow@example.test', 'done', { a: 1, b: 1 })).json().data.contact;
    await wf.track(p, 'flow@example.test', 'leave');
    await wf.track(p, 'flow@example.test', 'break');
    await wf.settle();
    const ended = async (workflowId: string) => (await wf.executions(p, workflowId))[0]!;
    const [completed, exited, failed] = [await ended(done.id), await ended(exits.id), await ended(fails.id)];
    expect([completed.status, exited.status, failed.status]).toEqual(['COMPLETED', 'EXITED', 'FAILED']);
    const data = (e: Record<string, unknown>, workflowId: string) => ({
      executionId: e.id,
      workflowId,
      contactId,
      status: e.status,
      startedAt: ISO,
      endedAt: ISO,
    });
    const messages = await h.messages(p);
    const byWorkflow = new Map(messages.map((m) => [m.data.workflowId, m]));
    expect(messages).toHaveLength(3);
    expect(byWorkflow.get(done.id)).toEqual({
      type: 'workflow.execution.completed',
      timestamp: ISO,
      data: data(completed, done.id),
    });
    expect(byWorkflow.get(exits.id)).toEqual({
      type: 'workflow.execution.completed',
      timestamp: ISO,
      data: { ...data(exited, exits.id), exitReason: 'not a fit' },
    });
    expect(byWorkflow.get(fails.id)).toEqual({
      type: 'workflow.execution.failed',
      timestamp: ISO,
      data: { ...data(failed, fails.id), error: failed.error },
    });
    expect(String(failed.error)).toMatch(/field/i);
  });

  /** Runs delivery and the campaign's finishing tick until the campaign leaves SENDING (bounded). */
  async function untilSent(p: TestProject, id: string): Promise<{ status: string; sentAt: string }> {
    for (let i = 0; i < 50; i++) {
      await t.deps.jobs.drain();
      await campaignTick(t.deps);
      const c = (await wf.api(p, 'GET', `/campaigns/${id}`)).json();
      if (c.status !== 'SENDING') {
        expect(c.status).toBe('SENT');
        return c;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('campaign still SENDING');
  }
});
