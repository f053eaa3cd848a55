/** Outgoing messages and a DKIM key for the transport tests. */
import { generateKeyPairSync } from 'node:crypto';
import { newId } from '../../src/lib/ids.ts';
import type { OutgoingMessage } from '../../src/mail/types.ts';

/** A 1×1 transparent PNG. */
export const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
  'base64',
);

/** A message with both parts, custom and List-Unsubscribe headers, an attachment and an inline image. */
export function sampleMessage(over: Partial<OutgoingMessage> = {}): OutgoingMessage {
  const emailId = newId();
  return {
    emailId,
    projectId: newId(),
    messageId: `${emailId}@mail.example.test`,
    from: { email: 'news@example.test', name: 'Example News' },
    to: { email: 'ann@dest.test', name: 'Ann' },
    replyTo: 'help@example.test',
    subject: 'Hello Ann — your report',
    html: '<p>Hello <b>Ann</b></p><img src="cid:logo@example.test">',
    text: 'Hello Ann',
    headers: {
      'X-Campaign': 'spring',
      'List-Unsubscribe': '<https://example.test/u/abc>, <mailto:unsub@example.test>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    attachments: [
      {
        filename: 'report.csv',
        contentType: 'text/csv',
        content: Buffer.from('a,b\n1,2\n'),
        disposition: 'attachment',
      },
      {
        filename: 'logo.png',
        contentType: 'image/png',
        content: PIXEL_PNG,
        contentId: 'logo@example.test',
        disposition: 'inline',
      },
    ],
    ...over,
  };
}

/** An RSA key pair as the domains feature stores it (PEM private key) and its DNS TXT record. */
export function dkimKey(domainName = 'example.test', keySelector = 'mw1') {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const der = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  return {
    key: { domainName, keySelector, privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
    txtName: `${keySelector}._domainkey.${domainName}`,
    txt: `v=DKIM1; k=rsa; p=${der}`,
  };
}
