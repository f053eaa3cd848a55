// Invariant: the sending pipeline announces `email.delivery_delayed` when a temporary failure
// schedules a retry, `email.failed` when a row becomes FAILED and `email.suppressed` when a claimed row
// is held back for a suppressed address, in the transaction of the status change, with the email's
// facts (campaignId for a campaign's email, workflowId for a workflow's) and only to endpoints that
// take the type; nothing is written for a project without one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { type SmtpSink, startSmtpSink } from '../servers/smtp-sink.ts';
import { emailLogHelpers } from './email-log-helpers.ts';
import { workflowHelpers } from './workflow-helpers.ts';

describe.each(DIALECTS)('email webhooks from the sending pipeline on %s', (dialect) => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink({
      respond: (rcpt) => {
        if (rcpt.startsWith('temp')) return { code: 451, message: '4.3.0 Try again later' };
        if (rcpt.startsWith('nouser')) return { code: 550, message: '5.1.1 No such user' };
        if (rcpt.startsWith('spam')) return { code: 554, message: '5.7.1 Message refused', at: 'DATA' };
        return undefined;
      },
    });
  });
  afterAll(async () => sink?.close());
  const t = useTestEnv({
    dialect,
    env: () => ({
      SMTP_URL: sink.url,
      MAIL_TRANSPORT: 'smtp',
      REQUIRE_VERIFIED_DOMAIN: 'false',
      DELIVERY_MAX_ATTEMPTS: '2',
    }),
  });
  const h = emailLogHelpers(t);
  const wf = workflowHelpers(t);

  it('announces a delay with the relay reply, then the failure once attempts run out', async () => {
    const p = await t.make.project();
    await h.endpoint(p);
    const id = await h.sendOne(p, 'temp@example.test', { subscribed: true });
    const row = await h.row(id);
    await t.deps.jobs.drain();
    // The send also created the contact (contact.created): only the email types are this test's.
    const [delayed, ...none] = (await h.messages(p)).filter((m) => m.type.startsWith('email.'));
    expect(none).toEqual([]);
    expect(delayed).toEqual({
      type: 'email.delivery_delayed',
      timestamp: expect.any(String),
      data: {
        emailId: id,
        messageId: row.messageId,
        contactId: row.contactId,
        to: 'temp@example.test',
        from: 'app@log.test',
        subject: 'To temp@example.test',
        sourceType: 'TRANSACTIONAL',
        smtpResponse: expect.stringContaining('451 4.3.0 Try again later'),
      },
    });
    await h.deliverDueNow(id);
    expect((await h.row(id)).status).toBe('FAILED');
    const failed = await h.messages(p, 'email.failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.data).toMatchObject({ emailId: id, smtpResponse: expect.stringContaining('451') });
  });

  it('announces a suppressed email when delivery holds it back', async () => {
    const p = await t.make.project();
    await h.endpoint(p, ['email.suppressed']);
    await h.sendOne(p, 'nouser@example.test');
    await t.deps.jobs.drain();
    // The bounce is another type: the endpoint does not take it.
    expect(await h.messages(p)).toEqual([]);
    const id = await h.sendOne(p, 'nouser@example.test');
    await t.deps.jobs.drain();
    expect((await h.row(id)).status).toBe('SUPPRESSED');
    expect((await h.messages(p)).map((m) => [m.type, m.data.emailId, m.data.smtpResponse])).toEqual([
      ['email.suppressed', id, undefined],
    ]);
  });

  it("names a campaign's email's campaign and a workflow's email's workflow", async () => {
    const p = await t.make.project();
    await h.endpoint(p, ['email.failed']);
    const contact = await t.make.contact(p, { email: 'spam-both@example.test' });
    const campaign = await wf.api(p, 'POST', '/campaigns', {
      name: 'Failing',
      subject: 'News',
      body: '<p>x</p>',
      from: 'news@log.test',
      audienceType: 'ALL',
    });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const campaignId = campaign.json().data.id;
    expect((await wf.api(p, 'POST', `/campaigns/${campaignId}/send`, {})).statusCode).toBe(200);
    const template = await t.make.template(p, { from: 'flow@log.test' });
    const flow = await wf.build(p, {
      steps: [{ key: 'send', type: 'SEND_EMAIL', config: { templateId: template.id } }],
      edges: [['trigger', 'send']],
    });
    const started = await wf.api(p, 'POST', `/workflows/${flow.id}/executions`, { contactId: contact.id });
    expect(started.statusCode, started.body).toBe(201);
    await wf.settle();
    await t.deps.jobs.drain();
    const failed = await h.messages(p, 'email.failed');
    const bySource = Object.fromEntries(failed.map((m) => [m.data.sourceType, m.data]));
    expect(Object.keys(bySource).sort()).toEqual(['CAMPAIGN', 'WORKFLOW']);
    expect(bySource.CAMPAIGN).toMatchObject({ campaignId, contactId: contact.id, to: 'spam-both@example.test' });
    expect(bySource.CAMPAIGN).not.toHaveProperty('workflowId');
    expect(bySource.WORKFLOW).toMatchObject({ workflowId: flow.id, contactId: contact.id });
    expect(bySource.WORKFLOW).not.toHaveProperty('campaignId');
  });

  it('writes nothing for a project without an endpoint taking the type', async () => {
    const quiet = await t.make.project();
    const picky = await t.make.project();
    await h.endpoint(picky, ['email.sent']);
    const a = await h.sendOne(quiet, 'spam-quiet@example.test');
    const b = await h.sendOne(picky, 'spam-picky@example.test');
    await t.deps.jobs.drain();
    expect((await h.row(a)).status).toBe('FAILED');
    expect((await h.row(b)).status).toBe('FAILED');
    expect(await h.messages(quiet)).toEqual([]);
    expect(await h.messages(picky, 'email.failed')).toEqual([]);
  });
});
