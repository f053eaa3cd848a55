// Invariant: mail reaching the inbound listener is refused at RCPT unless it is for a VERP return path
// or a project's verified domain; DSN and ARF reports become bounces and complaints of the email they
// name (by VERP address or the quoted original); other mail becomes email.received on the owning project only.
import { describe, expect, it } from 'vitest';
import { returnPathFor } from '../../src/mail/verp.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { emailState, eventsNamed, insertSentEmail, isSubscribed, suppressionsOf } from './feedback-helpers.ts';
import { inboundHelpers } from './inbound-helpers.ts';

function dsn(to: string, action: string, status: string, original = 'Subject: hi\n'): string {
  return [
    'From: MAILER-DAEMON@mx.remote.test',
    `To: ${to}`,
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="BOUNDARY"',
    '',
    '--BOUNDARY',
    'Content-Type: text/plain',
    '',
    'Your message could not be delivered.',
    '--BOUNDARY',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.remote.test',
    '',
    'Final-Recipient: rfc822; gone@remote.test',
    `Action: ${action}`,
    `Status: ${status}`,
    `Diagnostic-Code: smtp; ${status.startsWith('5') ? '550' : '451'} ${status} mailbox problem`,
    '',
    '--BOUNDARY',
    'Content-Type: text/rfc822-headers',
    '',
    original,
    '--BOUNDARY--',
    '',
  ].join('\r\n');
}

function arf(to: string, original: string): string {
  return [
    'From: fbl@isp.remote.test',
    `To: ${to}`,
    'Subject: Abuse report',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="ARF"',
    '',
    '--ARF',
    'Content-Type: text/plain',
    '',
    'This is an email abuse report.',
    '--ARF',
    'Content-Type: message/feedback-report',
    '',
    'Feedback-Type: abuse',
    'User-Agent: ISP-FBL/1.0',
    'Version: 1',
    'Original-Rcpt-To: someone@remote.test',
    '',
    '--ARF',
    'Content-Type: message/rfc822',
    '',
    original,
    '',
    'Original body.',
    '--ARF--',
    '',
  ].join('\r\n');
}

describe.each(DIALECTS)('inbound SMTP on %s', (dialect) => {
  const t = useTestEnv({ dialect, env: { RETURN_PATH_HOST: 'bounces', RETURN_PATH_MX: 'mx.mailwright.test' } });
  const { send, addVerifiedDomain } = inboundHelpers(t);

  async function sentEmail() {
    const p = await t.make.project();
    const contact = await t.make.contact(p);
    const email = await insertSentEmail(t.deps, p.id, { email: contact.email, contactId: contact.id });
    return { p, contact, email };
  }

  it('records a hard bounce from a DSN sent to the VERP return path', async () => {
    const { p, contact, email } = await sentEmail();
    const verp = returnPathFor(t.deps.config, email.id, 'Sender.test')!;
    expect(verp).toBe(`bounce-${email.id}@bounces.sender.test`);
    await send({ from: '', to: [verp] }, dsn(verp, 'failed', '5.1.1'));
    expect((await emailState(t.deps, email.id)).status).toBe('BOUNCED');
    expect(await isSubscribed(t.deps, contact.id)).toBe(false);
    expect(await suppressionsOf(t.deps, p.id)).toEqual([{ email: contact.email, reason: 'BOUNCE', emailId: email.id }]);
    const [event] = await eventsNamed(t.deps, p.id, 'email.bounce');
    expect(event?.data).toMatchObject({ emailId: email.id, bounceType: 'hard' });
  });

  it('records a delayed DSN as a soft bounce, matched by the quoted Message-ID', async () => {
    const { p, email } = await sentEmail();
    const to = `bounce-not-a-uuid@bounces.sender.test`;
    const domainOwner = await t.make.project();
    await addVerifiedDomain(domainOwner, 'soft.example.test');
    await send(
      { from: '', to: ['postmaster@soft.example.test'] },
      dsn(to, 'delayed', '4.2.2', `Message-ID: <${email.messageId}>\r\nSubject: hi\r\n`),
    );
    expect((await emailState(t.deps, email.id)).status).toBe('SENT');
    expect((await eventsNamed(t.deps, p.id, 'email.bounce')).map((e) => e.data.bounceType)).toEqual(['soft']);
    expect(await eventsNamed(t.deps, domainOwner.id, 'email.received')).toEqual([]);
  });

  it('records a complaint from an ARF report quoting our X-Mailwright-Email-Id', async () => {
    const { p, contact, email } = await sentEmail();
    const verp = returnPathFor(t.deps.config, email.id, 'sender.test')!;
    const original = `Message-ID: <other@x.test>\r\nX-Mailwright-Email-Id: ${email.id}\r\nSubject: hi`;
    await send({ from: 'fbl@isp.remote.test', to: [verp] }, arf(verp, original));
    expect((await emailState(t.deps, email.id)).status).toBe('COMPLAINED');
    expect(await isSubscribed(t.deps, contact.id)).toBe(false);
    expect((await suppressionsOf(t.deps, p.id)).map((s) => s.reason)).toEqual(['COMPLAINT']);
    expect(await eventsNamed(t.deps, p.id, 'email.complaint')).toHaveLength(1);
  });

  it('turns other mail to a verified domain into email.received on that project only', async () => {
    const owner = await t.make.project();
    const other = await t.make.project();
    await addVerifiedDomain(owner, 'inbox.example.test');
    const sender = await t.make.contact(owner, { email: 'writer@remote.test' });
    await t.make.contact(other, { email: 'writer@remote.test' });
    const raw = [
      'From: Writer <Writer@remote.test>',
      'To: support@inbox.example.test',
      'Subject: Question about my order',
      'Message-ID: <q1@remote.test>',
      '',
      'Hello there.',
      '',
    ].join('\r\n');
    await send({ from: 'writer@remote.test', to: ['support@inbox.example.test'] }, raw);
    expect(await eventsNamed(t.deps, owner.id, 'email.received')).toEqual([
      {
        contactId: sender.id,
        data: {
          from: 'Writer@remote.test',
          to: 'support@inbox.example.test',
          cc: [],
          subject: 'Question about my order',
          messageId: 'q1@remote.test',
          text: 'Hello there.\n',
          textTruncated: false,
          html: null,
          htmlTruncated: false,
          attachments: [],
        },
      },
    ]);
    expect(await eventsNamed(t.deps, other.id, 'email.received')).toEqual([]);
  });

  it('refuses recipients on domains no project has verified', async () => {
    const p = await t.make.project();
    const pending = await t.app.inject({
      method: 'POST',
      url: '/domains',
      headers: { authorization: p.auth },
      payload: { domain: 'pending.example.test' },
    });
    expect(pending.statusCode).toBe(201);
    for (const to of ['someone@unknown.example.test', 'someone@pending.example.test']) {
      await expect(send({ from: 'x@remote.test', to: [to] }, 'Subject: hi\r\n\r\nhi\r\n')).rejects.toMatchObject({
        responseCode: 550,
      });
    }
    expect(await eventsNamed(t.deps, p.id, 'email.received')).toEqual([]);
  });
});
