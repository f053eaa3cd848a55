// Invariant: POST /webhooks/sns acts only on messages SNS signed (v1 SHA1withRSA, v2 SHA256withRSA)
// with a certificate from a pinned host, for an accepted topic, within the replay window; each
// MessageId has its effect once however many copies arrive; only SNS hosts are ever fetched, and a
// certificate once however many messages name it at the same time.
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snsGuard } from '../../src/bounces/sns.service.ts';
import { createCertFetcher } from '../../src/bounces/sns.ts';
import { newId } from '../../src/lib/ids.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { HttpListener } from '../servers/http-listener.ts';
import { emailState, eventsNamed, insertSentEmail, suppressionsOf } from './feedback-helpers.ts';
import { type SnsFields as Msg, SNS_CERT, signSns as sign, startCertHost, SNS_TOPIC as TOPIC } from './sns-signing.ts';
import { expectError } from './support.ts';

describe.each(DIALECTS)('SNS webhook on %s', (dialect) => {
  let certHost: HttpListener;
  let elsewhere: HttpListener;
  beforeAll(async () => {
    certHost = await startCertHost();
    elsewhere = await startCertHost();
  });
  afterAll(async () => {
    await certHost.close();
    await elsewhere.close();
  });
  const t = useTestEnv({
    dialect,
    env: () => ({ SNS_TOPIC_ARNS: TOPIC, SNS_CERT_HOSTS: `127.0.0.1:${certHost.port}` }),
  });

  function notification(message: unknown, over: Msg = {}): Msg {
    return {
      Type: 'Notification',
      MessageId: newId(),
      TopicArn: TOPIC,
      Message: JSON.stringify(message),
      Timestamp: new Date().toISOString(),
      SigningCertURL: `${certHost.url}/cert.pem`,
      UnsubscribeURL: `${certHost.url}/unsubscribe`,
      ...over,
    };
  }

  const post = (body: Msg | string, contentType = 'text/plain; charset=UTF-8') =>
    t.app.inject({
      method: 'POST',
      url: '/webhooks/sns',
      headers: { 'content-type': contentType },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  async function sentEmail() {
    const p = await t.make.project();
    const contact = await t.make.contact(p);
    const email = await insertSentEmail(t.deps, p.id, { email: contact.email, contactId: contact.id });
    return { p, contact, email };
  }

  const delivery = (transportId: string) => ({
    notificationType: 'Delivery',
    mail: { messageId: transportId, headers: [] },
    delivery: { recipients: ['x@example.test'], smtpResponse: '250 ok' },
  });

  it('applies a v1-signed SES delivery notification posted as text/plain', async () => {
    const { email } = await sentEmail();
    const res = await post(sign(notification(delivery(email.transportMessageId)), '1'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, outcome: 'applied' });
    expect((await emailState(t.deps, email.id)).status).toBe('DELIVERED');
  });

  it('applies a v2-signed permanent bounce found by our X-Mailwright-Email-Id header', async () => {
    const { p, contact, email } = await sentEmail();
    const ses = {
      eventType: 'Bounce',
      bounce: {
        bounceType: 'Permanent',
        bounceSubType: 'General',
        bouncedRecipients: [{ emailAddress: contact.email, diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
      },
      mail: { messageId: 'relayed-by-smtp', headers: [{ name: 'X-Mailwright-Email-Id', value: email.id }] },
    };
    const res = await post(sign(notification(ses, { Subject: 'Amazon SES Email Event Notification' }), '2'));
    expect(res.json()).toEqual({ success: true, outcome: 'applied' });
    expect((await emailState(t.deps, email.id)).status).toBe('BOUNCED');
    expect(await suppressionsOf(t.deps, p.id)).toEqual([{ email: contact.email, reason: 'BOUNCE', emailId: email.id }]);
    const [event] = await eventsNamed(t.deps, p.id, 'email.bounce');
    expect(event?.data).toEqual({ emailId: email.id, bounceType: 'hard', detail: 'smtp; 550 5.1.1 user unknown' });
  });

  it('applies a complaint found by Message-ID and treats a transient bounce as soft', async () => {
    const { p, email } = await sentEmail();
    const soft = {
      notificationType: 'Bounce',
      bounce: { bounceType: 'Transient', bouncedRecipients: [{ emailAddress: 'x@example.test' }] },
      mail: { messageId: 'other', headers: [{ name: 'Message-ID', value: `<${email.messageId}>` }] },
    };
    await post(sign(notification(soft)));
    expect((await emailState(t.deps, email.id)).status).toBe('SENT');
    const complaint = {
      notificationType: 'Complaint',
      complaint: { complainedRecipients: [{ emailAddress: 'x@example.test' }], complaintFeedbackType: 'abuse' },
      mail: { messageId: 'other', commonHeaders: { messageId: `<${email.messageId}>` } },
    };
    await post(sign(notification(complaint), '2'));
    expect((await emailState(t.deps, email.id)).status).toBe('COMPLAINED');
    expect((await eventsNamed(t.deps, p.id, 'email.bounce')).map((e) => e.data.bounceType)).toEqual(['soft']);
    expect(await eventsNamed(t.deps, p.id, 'email.complaint')).toHaveLength(1);
  });

  it('has the effect of three concurrent copies of one MessageId once', async () => {
    const { p, email } = await sentEmail();
    const signed = sign(notification(delivery(email.transportMessageId)));
    const answers = await Promise.all([post(signed), post(signed), post(signed)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((r) => r.json().outcome).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    expect(await eventsNamed(t.deps, p.id, 'email.delivery')).toHaveLength(1);
  });

  it('fetches a certificate once for concurrent messages, and fetches again after a failure', async () => {
    const host = await startCertHost();
    try {
      const fetchCert = createCertFetcher({ ...snsGuard(t.deps), allowedHosts: [`127.0.0.1:${host.port}`] });
      const url = new URL(`${host.url}/cert.pem`);
      host.respond(() => ({ status: 503, body: 'busy' }));
      const failed = await Promise.allSettled(Array.from({ length: 5 }, () => fetchCert(url)));
      expect(failed.map((r) => r.status)).toEqual(Array(5).fill('rejected'));
      host.respond(() => ({ status: 200, body: SNS_CERT }));
      const pems = await Promise.all(Array.from({ length: 20 }, () => fetchCert(url)));
      expect(new Set(pems)).toEqual(new Set([SNS_CERT]));
      expect(await fetchCert(url)).toBe(SNS_CERT);
      // One fetch for the five that failed together, one for the twenty after: then the cache.
      expect(host.requests.map((r) => r.path)).toEqual(['/cert.pem', '/cert.pem']);
    } finally {
      await host.close();
    }
  });

  it('refuses forged, altered, foreign-topic, stale and unpinned messages with 403, changing nothing', async () => {
    const { p, email } = await sentEmail();
    const message = () => notification(delivery(email.transportMessageId));
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const altered = sign(message());
    altered.Message = JSON.stringify(delivery('another-id'));
    elsewhere.clear();
    const refused = [
      sign(message(), '1', otherKey as string),
      altered,
      sign(notification(delivery(email.transportMessageId), { TopicArn: `${TOPIC}-other` })),
      sign(
        notification(delivery(email.transportMessageId), {
          Timestamp: new Date(Date.now() - 2 * 3600_000).toISOString(),
        }),
      ),
      sign(notification(delivery(email.transportMessageId), { SigningCertURL: `${elsewhere.url}/cert.pem` })),
      sign(
        notification(delivery(email.transportMessageId), {
          SigningCertURL: 'https://sns.eu-west-1.amazonaws.com.evil.test/cert.pem',
        }),
      ),
      { ...sign(message()), SignatureVersion: '3' },
    ];
    for (const body of refused) expectError(await post(body), 403, 'FORBIDDEN');
    expect(elsewhere.requests).toEqual([]);
    expect((await emailState(t.deps, email.id)).status).toBe('SENT');
    expect(await eventsNamed(t.deps, p.id, 'email.delivery')).toEqual([]);
  });

  it('confirms a subscription by GET on an SNS host only', async () => {
    const confirmation = (subscribeUrl: string) =>
      sign({
        Type: 'SubscriptionConfirmation',
        MessageId: newId(),
        Token: 'token-1',
        TopicArn: TOPIC,
        Message: 'You have chosen to subscribe to the topic.',
        SubscribeURL: subscribeUrl,
        Timestamp: new Date().toISOString(),
        SigningCertURL: `${certHost.url}/cert.pem`,
      });
    certHost.clear();
    elsewhere.clear();
    const ok = await post(confirmation(`${certHost.url}/subscribe?Action=ConfirmSubscription&Token=token-1`));
    expect(ok.json()).toEqual({ success: true, outcome: 'confirmed' });
    expect(certHost.requests.map((r) => r.path)).toContain('/subscribe?Action=ConfirmSubscription&Token=token-1');
    expectError(await post(confirmation(`${elsewhere.url}/subscribe?Token=token-1`)), 403, 'FORBIDDEN');
    expect(elsewhere.requests).toEqual([]);
  });

  it('answers 400 for a body that is not JSON and 422 for one missing SNS fields', async () => {
    expectError(await post('{not json'), 400, 'BAD_REQUEST');
    expectError(await post({ Type: 'Notification' }), 422, 'VALIDATION_ERROR');
    expectError(await post({ Type: 'Notification' }, 'application/json'), 422, 'VALIDATION_ERROR');
    // The text/plain parser belongs to this route's scope only.
    const elsewhereRes = await t.app.inject({
      method: 'POST',
      url: '/contacts',
      headers: { 'content-type': 'text/plain', authorization: (await t.make.project()).auth },
      payload: '{"email":"a@example.test"}',
    });
    expect(elsewhereRes.statusCode).toBe(415);
  });

  it('accepts no topic at all when SNS_TOPIC_ARNS is empty', async () => {
    const saved = t.deps.config.snsTopicArns;
    t.deps.config.snsTopicArns = [];
    try {
      expectError(await post(sign(notification(delivery('x')))), 403, 'FORBIDDEN');
    } finally {
      t.deps.config.snsTopicArns = saved;
    }
  });
});
