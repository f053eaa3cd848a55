// Invariant: MJML and BLOCKS content (beyond.md §8) is compiled on save and sent like HTML by
// /v1/send, campaigns and workflow SEND_EMAIL steps: what arrives at a real SMTP sink is responsive
// HTML with no MJML left in it, a text part, Liquid rendered per recipient, the MARKETING footer and
// tracked links; and every email names the template version it was composed from.
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignTick } from '../../src/campaigns/campaigns.jobs.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { type SmtpSink, startSmtpSink } from '../servers/smtp-sink.ts';
import { workflowHelpers } from './workflow-helpers.ts';

const DOCUMENT = {
  version: 1,
  style: { backgroundColor: '#f4f4f4', contentBackgroundColor: '#ffffff', linkColor: '#0a66c2', contentWidth: 560 },
  blocks: [
    { type: 'heading', text: 'Hello {{ firstName ?? "friend" }} & co', level: 1 },
    { type: 'text', html: 'Read <b>this</b> <a href="https://shop.test/read">now</a><script>alert(1)</script>' },
    { type: 'button', label: 'Open', href: '{{ link ?? "https://shop.test/open" }}', backgroundColor: '#222222' },
    {
      type: 'columns',
      columns: [[{ type: 'image', src: 'https://cdn.shop.test/a.png', alt: 'A', width: 200 }], [{ type: 'divider' }]],
    },
  ],
};

const MJML = `<mjml>
  <mj-body>
    <mj-section>
      <mj-column>
        <mj-text>Hi {{ firstName ?? "there" }}, see <a href="https://shop.test/mjml">this</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

describe.each(DIALECTS)('MJML and BLOCKS content sent over SMTP on %s', (dialect) => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => sink?.close());
  const t = useTestEnv({
    dialect,
    env: () => ({ SMTP_URL: sink.url, MAIL_TRANSPORT: 'smtp', REQUIRE_VERIFIED_DOMAIN: 'true' }),
  });
  const api = (p: TestProject, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: p.auth }, ...(payload ? { payload } : {}) });

  async function project(domain: string) {
    const p = await t.make.project();
    await t.make.verifiedDomain(p, domain);
    return p;
  }
  async function arrived(to: string) {
    await t.deps.jobs.drain();
    const mail = sink.messages.findLast((m) => m.to.includes(to));
    expect(mail, `mail to ${to}`).toBeDefined();
    return simpleParser(mail!.raw);
  }
  /** The parts every MJML-rendered mail has: responsive HTML, no MJML, a text part. */
  function expectRendered(mail: Awaited<ReturnType<typeof simpleParser>>) {
    const html = String(mail.html);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('@media only screen');
    expect(html).not.toMatch(/<mj-/i);
    expect(mail.text).toBeTruthy();
  }

  it('sends a BLOCKS template through /v1/send: sanitized, Liquid per recipient, footer, tracked links', async () => {
    const p = await project('blocks.test');
    const created = await api(p, 'POST', '/templates', {
      name: 'Blocks',
      subject: 'For {{ firstName ?? "you" }}',
      type: 'MARKETING',
      format: 'BLOCKS',
      document: DOCUMENT,
      from: 'news@blocks.test',
    });
    expect(created.statusCode, created.body).toBe(201);
    const tpl = created.json();
    expect(tpl).toMatchObject({ format: 'BLOCKS', version: 1, draft: null });
    // The stored document is the sanitized one; body is its HTML.
    expect(tpl.document.blocks[1].html).toBe('Read <b>this</b> <a href="https://shop.test/read">now</a>');
    expect(tpl.body).toContain('<!doctype html>');

    const res = await api(p, 'POST', '/v1/send', {
      to: 'ann@example.test',
      template: tpl.id,
      subscribed: true,
      data: { firstName: 'Ann <b>' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await arrived('ann@example.test');
    expectRendered(mail);
    expect(mail.subject).toBe('For Ann <b>');
    const html = String(mail.html);
    // Liquid output is escaped in the body; the script never reaches the mail.
    expect(html).toContain('Hello Ann &lt;b&gt; &amp; co');
    expect(html).not.toContain('<script');
    expect(html).toContain('/unsubscribe/');
    expect(mail.text).toContain('Hello Ann <b> & co');
    // Both links are tracked: rewritten to our click endpoint.
    expect(html).not.toContain('href="https://shop.test/read"');
    expect(html).not.toContain('href="https://shop.test/open"');
    expect(html.match(/href="http:\/\/localhost:3000\/t\/c\/[^"]*"/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    expect(html).toContain('max-width:560px');

    const log = await api(p, 'GET', `/emails/${res.json().data.emails[0].email}`);
    expect(log.json()).toMatchObject({ templateId: tpl.id, templateVersion: 1 });
  });

  it('sends an MJML campaign, and a BLOCKS template from a workflow step, naming its version', async () => {
    const p = await project('mjml.test');
    await t.make.contact(p, { email: 'cam@example.test', subscribed: true, data: { firstName: 'Cam' } });
    const campaign = await api(p, 'POST', '/campaigns', {
      name: 'MJML news',
      subject: 'News',
      format: 'MJML',
      body: MJML,
      from: 'news@mjml.test',
      audienceType: 'ALL',
      type: 'MARKETING',
    });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const id = campaign.json().data.id;
    expect((await api(p, 'GET', `/campaigns/${id}`)).json()).toMatchObject({
      format: 'MJML',
      body: MJML,
      document: null,
    });
    expect((await api(p, 'POST', `/campaigns/${id}/send`)).statusCode).toBe(200);
    for (let i = 0; i < 20 && !sink.messages.some((m) => m.to.includes('cam@example.test')); i++) {
      await t.deps.jobs.drain();
      await campaignTick(t.deps);
    }
    const mail = await arrived('cam@example.test');
    expectRendered(mail);
    expect(String(mail.html)).toContain('Hi Cam, see');
    expect(String(mail.html)).toContain('/unsubscribe/');
    expect(mail.text).toContain('Hi Cam, see');

    const tpl = await api(p, 'POST', '/templates', {
      name: 'Welcome',
      subject: 'Welcome',
      type: 'TRANSACTIONAL',
      format: 'BLOCKS',
      document: DOCUMENT,
      from: 'hello@mjml.test',
    });
    const templateId = tpl.json().id;
    // Version 2, so the log must name it and not the first.
    const edited = { ...DOCUMENT, blocks: [{ type: 'heading', text: 'Welcome, {{ firstName }}' }] };
    const patched = await api(p, 'PATCH', `/templates/${templateId}`, { document: edited, baseVersion: 1 });
    expect(patched.json().version).toBe(2);
    const wf = workflowHelpers(t);
    await wf.build(p, {
      eventName: 'joined',
      steps: [{ key: 'send', type: 'SEND_EMAIL', config: { templateId } }],
      edges: [['trigger', 'send']],
    });
    await wf.track(p, 'flow@example.test', 'joined');
    await wf.settle();
    const flowMail = await arrived('flow@example.test');
    expectRendered(flowMail);
    expect(String(flowMail.html)).toContain('Welcome, </h1>');
    const logged = await t.deps.db
      .selectFrom('emails')
      .select(['templateId', 'templateVersion'])
      .where('toEmail', '=', 'flow@example.test')
      .executeTakeFirstOrThrow();
    expect(logged).toEqual({ templateId, templateVersion: 2 });
  });
});
