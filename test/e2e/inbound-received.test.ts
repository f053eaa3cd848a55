// Invariant: mail to a project's verified domain becomes one email.received event per recipient whose
// data is exactly { from, to, cc, subject, messageId, text, textTruncated, html, htmlTruncated,
// attachments: [{ filename, contentType, size }] }, bodies cut at 256 KB and flagged; the event
// starts the project's email.received workflows for the sender's contact, and a sender who is not
// a contact starts none and is not made one.
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { eventsNamed } from './feedback-helpers.ts';
import { inboundHelpers } from './inbound-helpers.ts';
import { workflowHelpers } from './workflow-helpers.ts';

const KB = 1024;

describe.each(DIALECTS)('inbound email.received on %s', (dialect) => {
  const t = useTestEnv({ dialect });
  const inbound = inboundHelpers(t);
  const h = workflowHelpers(t);

  async function receivingProject(domain: string) {
    const p = await t.make.project();
    await inbound.addVerifiedDomain(p, domain);
    return p;
  }

  it('records cc, text, html and two attachments (sizes, no content) as the event data', async () => {
    const p = await receivingProject('full.example.test');
    const sender = await t.make.contact(p, { email: 'ann@remote.test' });
    await inbound.compose(
      { from: 'bounces@remote.test', to: ['support@full.example.test'] },
      {
        from: 'Ann <ann@remote.test>',
        to: 'support@full.example.test',
        cc: ['Bob <bob@remote.test>', 'carl@elsewhere.test'],
        subject: 'Invoice question',
        messageId: '<inv-1@remote.test>',
        text: 'Plain body, ünïcode.',
        html: '<p>HTML body, <b>ünïcode</b>.</p>',
        attachments: [
          { filename: 'invoice.pdf', content: Buffer.alloc(3000, 7), contentType: 'application/pdf' },
          { filename: 'notes.txt', content: 'twelve bytes', contentType: 'text/plain' },
        ],
      },
    );
    expect(await eventsNamed(t.deps, p.id, 'email.received')).toEqual([
      {
        contactId: sender.id,
        data: {
          from: 'ann@remote.test',
          to: 'support@full.example.test',
          cc: ['bob@remote.test', 'carl@elsewhere.test'],
          subject: 'Invoice question',
          messageId: 'inv-1@remote.test',
          text: 'Plain body, ünïcode.',
          textTruncated: false,
          html: '<p>HTML body, <b>ünïcode</b>.</p>',
          htmlTruncated: false,
          attachments: [
            { filename: 'invoice.pdf', contentType: 'application/pdf', size: 3000 },
            { filename: 'notes.txt', contentType: 'text/plain', size: 12 },
          ],
        },
      },
    ]);
  });

  it('cuts HTML and text over 256 KB on a character boundary and flags them', async () => {
    const p = await receivingProject('big.example.test');
    // One ASCII byte, then 2-byte characters: byte 256 Ki falls inside one, which must go whole.
    const html = `<${'é'.repeat(150_000)}`;
    const text = 'a'.repeat(300 * KB);
    await inbound.compose(
      { from: 'ann@remote.test', to: ['support@big.example.test'] },
      { from: 'ann@remote.test', to: 'support@big.example.test', subject: 'Big', text, html },
    );
    const [event] = await eventsNamed(t.deps, p.id, 'email.received');
    expect(event?.data).toMatchObject({
      html: `<${'é'.repeat(131_071)}`,
      htmlTruncated: true,
      text: 'a'.repeat(256 * KB),
      textTruncated: true,
    });
  });

  it('records one event per recipient, each on the project owning its domain, in one go', async () => {
    const one = await receivingProject('one.example.test');
    const two = await receivingProject('two.example.test');
    await inbound.compose(
      { from: 'ann@remote.test', to: ['a@one.example.test', 'b@one.example.test', 'c@two.example.test'] },
      { from: 'ann@remote.test', to: 'a@one.example.test', subject: 'Both', text: 'x' },
    );
    const tos = async (projectId: string) =>
      (await eventsNamed(t.deps, projectId, 'email.received')).map((e) => e.data?.to);
    expect(await tos(one.id)).toEqual(['a@one.example.test', 'b@one.example.test']);
    expect(await tos(two.id)).toEqual(['c@two.example.test']);
  });

  /** email.received → CONDITION on the subject → EXIT 'refund' | EXIT 'other'. */
  const subjectFlow = (p: Parameters<typeof h.build>[0]) =>
    h.build(p, {
      eventName: 'email.received',
      steps: [
        { key: 'cond', type: 'CONDITION', config: { field: 'event.subject', operator: 'contains', value: 'refund' } },
        { key: 'refund', type: 'EXIT', config: { reason: 'refund' } },
        { key: 'other', type: 'EXIT', config: { reason: 'other' } },
      ],
      edges: [
        ['trigger', 'cond'],
        ['cond', 'refund', 'yes'],
        ['cond', 'other', 'no'],
      ],
    });

  it('starts a workflow triggered by email.received for the sending contact, with the mail as its event', async () => {
    const p = await receivingProject('flow.example.test');
    const ann = await t.make.contact(p, { email: 'ann@remote.test' });
    const w = await subjectFlow(p);
    await inbound.compose(
      { from: 'ann@remote.test', to: ['help@flow.example.test'] },
      { from: 'ann@remote.test', to: 'help@flow.example.test', subject: 'I want a refund', text: 'Please.' },
    );
    await h.settle();
    const executions = await h.executions(p, w.id);
    expect(executions).toMatchObject([
      {
        contactId: ann.id,
        status: 'EXITED',
        exitReason: 'refund',
        event: { name: 'email.received', data: { from: 'ann@remote.test', subject: 'I want a refund' } },
      },
    ]);
  });

  it('starts nothing and creates no contact when the sender is not a contact', async () => {
    const p = await receivingProject('stranger.example.test');
    const w = await subjectFlow(p);
    await inbound.compose(
      { from: 'who@remote.test', to: ['help@stranger.example.test'] },
      { from: 'who@remote.test', to: 'help@stranger.example.test', subject: 'refund?', text: 'Hi' },
    );
    await h.settle();
    expect(await eventsNamed(t.deps, p.id, 'email.received')).toMatchObject([
      { contactId: null, data: { from: 'who@remote.test' } },
    ]);
    expect(await h.executions(p, w.id)).toEqual([]);
    const lookup = await h.api(p, 'POST', '/contacts/lookup', { emails: ['who@remote.test'] });
    expect(lookup.json().found).toEqual([]);
  });
});
