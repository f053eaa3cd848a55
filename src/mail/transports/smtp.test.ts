// Invariant: SMTP_URL means what it says (smtps:// is TLS from the start, credentials are
// URL-decoded, ports default per scheme), and a relay's refusal is read as the relay meant it:
// 4xx and lost connections retry, 5xx does not, and only a refusal of the mailbox blames the recipient.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createSmtpPoolTransport, smtpOptionsFromUrl, toTransportError } from './smtp.ts';

describe('smtpOptionsFromUrl', () => {
  it('reads smtps:// as implicit TLS with decoded credentials and port 465 by default', () => {
    expect(smtpOptionsFromUrl('smtps://user%40corp:p%3Ass@mail.example.test', 3)).toMatchObject({
      pool: true,
      host: 'mail.example.test',
      port: 465,
      secure: true,
      auth: { user: 'user@corp', pass: 'p:ss' },
      maxConnections: 3,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  });

  it('reads smtp:// as plain (STARTTLS when offered) on its port, without auth when none is given', () => {
    const o = smtpOptionsFromUrl('smtp://127.0.0.1:2525', 5);
    expect(o).toMatchObject({ host: '127.0.0.1', port: 2525, secure: false });
    expect(o.auth).toBeUndefined();
    expect(smtpOptionsFromUrl('smtp://[::1]', 1)).toMatchObject({ host: '::1', port: 587 });
  });
});

describe('toTransportError', () => {
  const smtpError = (response: string, command: string, code = 'EENVELOPE') =>
    Object.assign(new Error(`failed: ${response}`), {
      code,
      response,
      responseCode: Number(response.slice(0, 3)),
      command,
    });

  it('treats 4xx as temporary', () => {
    expect(toTransportError(smtpError('452 4.2.2 Mailbox full', 'RCPT TO'))).toMatchObject({
      kind: 'temporary',
      recipientRejected: false,
      responseCode: 452,
    });
  });

  it('treats a 5xx at RCPT as a rejected recipient', () => {
    expect(toTransportError(smtpError('554 5.7.1 Relay denied', 'RCPT TO'))).toMatchObject({
      kind: 'permanent',
      recipientRejected: true,
      responseCode: 554,
    });
  });

  it('blames the recipient after DATA only for a mailbox code', () => {
    expect(toTransportError(smtpError('550 5.1.1 No such user', 'DATA', 'EMESSAGE')).recipientRejected).toBe(true);
    expect(toTransportError(smtpError('550 5.7.1 Spam', 'DATA', 'EMESSAGE')).recipientRejected).toBe(false);
    expect(toTransportError(smtpError('553 Mailbox name not allowed', 'DATA', 'EMESSAGE')).recipientRejected).toBe(
      true,
    );
    expect(toTransportError(smtpError('552 Message too big', 'DATA', 'EMESSAGE'))).toMatchObject({
      kind: 'permanent',
      recipientRejected: false,
    });
  });

  it('never blames the recipient for a refused sender', () => {
    expect(toTransportError(smtpError('550 Sender not allowed', 'MAIL FROM'))).toMatchObject({
      kind: 'permanent',
      recipientRejected: false,
    });
  });

  it('retries connection trouble and refused relay logins, not malformed input', () => {
    const conn = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET', command: 'CONN' });
    expect(toTransportError(conn).kind).toBe('temporary');
    const timeout = Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT', command: 'CONN' });
    expect(toTransportError(timeout).kind).toBe('temporary');
    expect(toTransportError(smtpError('535 5.7.8 Bad credentials', 'AUTH PLAIN', 'EAUTH')).kind).toBe('temporary');
    const bad = Object.assign(new Error('Invalid recipient "x"'), { code: 'EENVELOPE', command: 'API' });
    expect(toTransportError(bad).kind).toBe('permanent');
  });
});

describe('a pool to a relay that refuses connections', () => {
  it('keeps failing fast, temporarily, instead of hanging once every slot has failed', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // nodemailer's pool used to keep a dead slot per refused connection: with 2 slots, the 3rd send hung.
    const transport = createSmtpPoolTransport({ host: '127.0.0.1', port, secure: false }, 2);
    const message = {
      emailId: 'e',
      projectId: 'p',
      messageId: 'm@example.test',
      from: { email: 'a@example.test' },
      to: { email: 'b@example.test' },
      subject: 's',
      html: '<p>h</p>',
      text: 'h',
      headers: {},
      attachments: [],
    };
    try {
      for (let i = 0; i < 5; i++) {
        const err = await transport.send(message).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(err).toMatchObject({ kind: 'temporary', message: expect.stringContaining('ECONNREFUSED') });
      }
    } finally {
      await transport.close();
    }
  }, 5000);
});
