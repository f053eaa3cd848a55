// Invariant: the SMTP and SES transports hand over exactly the MIME buildMime makes (both parts,
// attachments, our headers, a DKIM signature a receiver verifies, covering the List-Unsubscribe
// pair), to exactly the envelope recipient, and report a refusal as temporary or permanent the way
// the server meant it (a refused recipient marked so it can be suppressed).

import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMime } from '../../src/mail/mime.ts';
import { createSesTransport } from '../../src/mail/transports/ses.ts';
import { createSmtpTransport } from '../../src/mail/transports/smtp.ts';
import { type Transport, TransportError } from '../../src/mail/types.ts';
import { type SesApi, startSesApi } from '../servers/ses-api.ts';
import { type SmtpSink, startSmtpSink } from '../servers/smtp-sink.ts';
import { dkimKey, PIXEL_PNG, sampleMessage } from './mail-helpers.ts';

async function failure(p: Promise<unknown>): Promise<TransportError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TransportError);
  return err as TransportError;
}

describe('smtp transport', () => {
  let sink: SmtpSink;
  let transport: Transport;
  beforeAll(async () => {
    sink = await startSmtpSink({
      auth: { user: 'relay', pass: 's3cr/et' },
      respond: (rcpt) => {
        if (rcpt.startsWith('busy@')) return { code: 451, message: '4.3.0 Try again later' };
        if (rcpt.startsWith('gone@')) return { code: 550, message: '5.1.1 No such user' };
        if (rcpt.startsWith('spam@')) return { code: 554, message: '5.7.1 Message refused', at: 'DATA' };
        return undefined;
      },
    });
    transport = createSmtpTransport({ smtpUrl: sink.url.replace('s3cr/et', 's3cr%2Fet'), smtpPoolSize: 2 });
  });
  afterAll(async () => {
    await transport.close();
    await sink.close();
  });

  it('delivers both parts, the attachment, the inline image and every header to the envelope recipient', async () => {
    sink.clear();
    const message = sampleMessage({ envelopeFrom: 'bounce+abc@bounces.example.test' });
    const accepted = await transport.send(message);
    expect(accepted.transportMessageId).toMatch(/^250 /);
    const [mail] = sink.messages;
    expect(mail?.from).toBe('bounce+abc@bounces.example.test');
    expect(mail?.to).toEqual(['ann@dest.test']);
    expect(mail?.headers['message-id']).toBe(`<${message.messageId}>`);
    expect(mail?.headers['x-mailwright-email-id']).toBe(message.emailId);
    expect(mail?.headers['x-campaign']).toBe('spring');
    expect(mail?.headers['list-unsubscribe']).toBe('<https://example.test/u/abc>, <mailto:unsub@example.test>');
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.subject).toBe('Hello Ann — your report');

    const parsed = await simpleParser(mail!.raw);
    expect(parsed.from?.value).toEqual([{ address: 'news@example.test', name: 'Example News' }]);
    expect(parsed.to && !Array.isArray(parsed.to) && parsed.to.value).toEqual([
      { address: 'ann@dest.test', name: 'Ann' },
    ]);
    expect(parsed.replyTo?.value[0]?.address).toBe('help@example.test');
    expect(parsed.date).toBeInstanceOf(Date);
    expect(parsed.text?.trim()).toBe('Hello Ann');
    expect(parsed.html).toContain('<b>Ann</b>');
    const csv = parsed.attachments.find((a) => a.filename === 'report.csv');
    expect(csv?.contentDisposition).toBe('attachment');
    expect(csv?.content.toString()).toBe('a,b\n1,2\n');
    const logo = parsed.attachments.find((a) => a.filename === 'logo.png');
    expect(logo?.contentDisposition).toBe('inline');
    expect(logo?.cid).toBe('logo@example.test');
    expect(logo?.related).toBe(true);
    expect(logo?.content.equals(PIXEL_PNG)).toBe(true);
    expect(mail!.headers['content-type']).toMatch(/^multipart\/mixed/);
    expect(mail!.raw).toMatch(/multipart\/related/);
    expect(mail!.raw).toMatch(/multipart\/alternative/);
  });

  it('signs with the domain key so a receiver verifies it, covering From, Subject and the List-Unsubscribe pair', async () => {
    sink.clear();
    const dkim = dkimKey('example.test', 'mw1');
    await transport.send(sampleMessage({ dkim: dkim.key }));
    const raw = sink.messages[0]!.raw;
    expect(sink.messages[0]!.headers['dkim-signature']).toMatch(/d=example\.test; .*s=mw1;/s);
    const resolver = async (name: string, type: string) => {
      if (type === 'TXT' && name === dkim.txtName) return [[dkim.txt]];
      throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    };
    const { results } = await dkimVerify(Buffer.from(raw), { resolver });
    expect(results).toHaveLength(1);
    expect(results[0]!.status.result).toBe('pass');
    const signed = results[0]!.signingHeaders.keys.toLowerCase().split(/:\s*/);
    expect(signed).toEqual(
      expect.arrayContaining([
        'from',
        'to',
        'subject',
        'date',
        'message-id',
        'list-unsubscribe',
        'list-unsubscribe-post',
      ]),
    );

    // A changed subject no longer verifies: the signature really covers it.
    const tampered = raw.replace(/^Subject: .*$/m, 'Subject: changed');
    expect((await dkimVerify(Buffer.from(tampered), { resolver })).results[0]!.status.result).toBe('fail');
  });

  it('keeps the Message-ID of the row across builds', async () => {
    const message = sampleMessage();
    const [a, b] = await Promise.all([buildMime(message), buildMime(message)]);
    const id = (raw: Buffer) => /^Message-ID: (.*)$/im.exec(raw.toString())?.[1];
    expect(id(a)).toBe(`<${message.messageId}>`);
    expect(id(b)).toBe(id(a));
  });

  it('reports a 451 at RCPT as temporary', async () => {
    const err = await failure(transport.send(sampleMessage({ to: { email: 'busy@dest.test' } })));
    expect(err).toMatchObject({ kind: 'temporary', recipientRejected: false, responseCode: 451 });
  });

  it('reports a 550 at RCPT as permanent with the recipient rejected', async () => {
    const err = await failure(transport.send(sampleMessage({ to: { email: 'gone@dest.test' } })));
    expect(err).toMatchObject({ kind: 'permanent', recipientRejected: true, responseCode: 550 });
  });

  it('reports a 5.7.1 refusal after DATA as permanent without blaming the recipient', async () => {
    const err = await failure(transport.send(sampleMessage({ to: { email: 'spam@dest.test' } })));
    expect(err).toMatchObject({ kind: 'permanent', recipientRejected: false, responseCode: 554 });
  });

  it('reports a relay that does not answer as temporary', async () => {
    const closed = await startSmtpSink();
    const url = closed.url;
    await closed.close();
    const dead = createSmtpTransport({ smtpUrl: url, smtpPoolSize: 1 });
    try {
      const err = await failure(dead.send(sampleMessage()));
      expect(err.kind).toBe('temporary');
    } finally {
      await dead.close();
    }
  });
});

describe('ses transport', () => {
  let ses: SesApi;
  let transport: Transport;
  beforeAll(async () => {
    ses = await startSesApi();
    transport = createSesTransport({
      region: 'eu-west-1',
      endpoint: ses.url,
      accessKeyId: 'AKIDTEST',
      secretAccessKey: 'test-secret',
      configurationSet: 'mailwright',
    });
  });
  afterAll(async () => {
    await transport.close();
    await ses.close();
  });

  it('sends the raw MIME to the recipient and answers the SES MessageId', async () => {
    ses.fail();
    const message = sampleMessage();
    const { transportMessageId } = await transport.send(message);
    const sent = ses.messages.at(-1)!;
    expect(transportMessageId).toBe(sent.messageId);
    expect(sent.to).toEqual(['ann@dest.test']);
    expect(sent.configurationSet).toBe('mailwright');
    expect(sent.authorization).toContain('Credential=AKIDTEST/');
    const parsed = await simpleParser(sent.raw);
    expect(parsed.messageId).toBe(`<${message.messageId}>`);
    expect(parsed.text?.trim()).toBe('Hello Ann');
    expect(parsed.attachments.map((a) => a.filename).sort()).toEqual(['logo.png', 'report.csv']);
  });

  it('reports throttling as temporary', async () => {
    ses.fail('throttle');
    const err = await failure(transport.send(sampleMessage()));
    expect(err).toMatchObject({ kind: 'temporary', responseCode: 429 });
    expect(err.message).toMatch(/TooManyRequests/);
  });

  it('reports MessageRejected as permanent', async () => {
    ses.fail('reject');
    const err = await failure(transport.send(sampleMessage()));
    expect(err).toMatchObject({ kind: 'permanent', responseCode: 400 });
    expect(err.message).toMatch(/MessageRejected/);
  });

  it('reports a 5xx answer as temporary', async () => {
    ses.fail({ status: 500, type: 'InternalFailure', message: 'boom' });
    expect((await failure(transport.send(sampleMessage()))).kind).toBe('temporary');
    ses.fail();
  });
});
