/** Signing SNS messages with the test certificate's key, and a loopback host serving that certificate. */
import { createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type HttpListener, startHttpListener } from '../servers/http-listener.ts';

export const SNS_CERT = readFileSync('test/fixtures/sns/signing-cert.pem', 'utf8');
export const SNS_KEY = readFileSync('test/fixtures/sns/signing-key.pem', 'utf8');
export const SNS_TOPIC = 'arn:aws:sns:eu-west-1:123456789012:mailwright-feedback';

export type SnsFields = Record<string, string>;

/** Signs as AWS documents: `Name\nValue\n` over the type's fields in order (Subject only when present). */
export function signSns(m: SnsFields, version: '1' | '2' = '1', key = SNS_KEY): SnsFields {
  const fields =
    m.Type === 'Notification'
      ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  const text = fields
    .filter((f) => m[f] !== undefined)
    .map((f) => `${f}\n${m[f]}\n`)
    .join('');
  const signature = createSign(version === '1' ? 'RSA-SHA1' : 'RSA-SHA256')
    .update(text)
    .sign(key, 'base64');
  return { ...m, SignatureVersion: version, Signature: signature };
}

/** A loopback listener answering the certificate under /cert… and a confirmation body elsewhere. */
export async function startCertHost(): Promise<HttpListener> {
  const l = await startHttpListener();
  l.respond((req) =>
    req.path.startsWith('/cert')
      ? { status: 200, body: SNS_CERT }
      : { status: 200, body: '<ConfirmSubscriptionResponse/>' },
  );
  return l;
}
