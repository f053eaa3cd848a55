// Invariant: our DKIM signature verifies at a receiver (mailauth's verifier) for every shape of message
// the canonicalization rules are about, covers what it says, and agrees with nodemailer's body hash.
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import DKIM from 'nodemailer/lib/dkim/index.js';
import { describe, expect, it } from 'vitest';
import { dkimKey } from '../../test/e2e/mail-helpers.ts';
import { signDkim } from './dkim.ts';
import { buildMime, DKIM_SIGNED_HEADERS } from './mime.ts';

const dkim = dkimKey('example.test', 'mw1');
const resolver = async (name: string, type: string) => {
  if (type === 'TXT' && name === dkim.txtName) return [[dkim.txt]];
  throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
};
const verify = async (raw: Buffer) => (await dkimVerify(raw, { resolver })).results[0]!;

const crlf = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'latin1');
const HEAD = [
  'From: "A  Sender" <a@example.test>',
  'To: b@example.test',
  'Subject: folded',
  '\tacross   two lines  ',
  'Date: Mon, 07 Dec 2026 00:00:00 +0000',
  'Message-ID: <m1@example.test>',
  'X-Other: not signed',
];

describe('DKIM signing', () => {
  it.each([
    ['a plain body', crlf([...HEAD, '', 'Hello', 'world', ''])],
    ['trailing spaces and tabs, runs of blanks', crlf([...HEAD, '', 'Hello  \t there \t', '  indented', ''])],
    ['empty lines at the end', crlf([...HEAD, '', 'Hello', '', '', ''])],
    ['an empty body', crlf([...HEAD, '', ''])],
    ['no final line break', crlf([...HEAD, '', 'no newline at the end'])],
    ['a field twice (the last one signed)', crlf([...HEAD, 'Subject: second', '', 'body', ''])],
  ])('verifies with %s', async (_name, raw) => {
    const signed = await signDkim(raw, dkim.key, DKIM_SIGNED_HEADERS);
    const r = await verify(signed);
    expect(r.status.result).toBe('pass');
    expect(r.signingDomain).toBe('example.test');
    expect(r.selector).toBe('mw1');
    // Fields the message does not have are not listed; the ones it has are.
    expect(r.signingHeaders.keys.toLowerCase().split(/:\s*/)).toEqual(['from', 'subject', 'date', 'message-id', 'to']);
  });

  it('fails verification once the body or a signed field changes, not an unsigned one', async () => {
    const signed = (await signDkim(crlf([...HEAD, '', 'Hello', '']), dkim.key, DKIM_SIGNED_HEADERS)).toString('latin1');
    // mailauth calls a body that no longer matches its hash 'neutral', a changed signed field 'fail'.
    expect((await verify(Buffer.from(signed.replace('Hello', 'Hullo'), 'latin1'))).status.result).toBe('neutral');
    expect((await verify(Buffer.from(signed.replace('To: b@', 'To: c@'), 'latin1'))).status.result).toBe('fail');
    expect((await verify(Buffer.from(signed.replace('not signed', 'changed'), 'latin1'))).status.result).toBe('pass');
  });

  it("signs a composed message with nodemailer's body hash, every signed field included", async () => {
    const raw = await buildMime({
      emailId: 'e1',
      projectId: 'p1',
      messageId: 'm1@example.test',
      from: { email: 'a@example.test', name: 'Ä Sender' },
      to: { email: 'b@example.test' },
      subject: 'Grüße',
      html: '<p>Hi   there</p>   ',
      text: 'Hi   there   \n\n',
      headers: { 'List-Unsubscribe': '<https://x.test/u>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      attachments: [],
    });
    const ours = await signDkim(raw, dkim.key, DKIM_SIGNED_HEADERS);
    const r = await verify(ours);
    expect(r.status.result).toBe('pass');
    expect(r.signingHeaders.keys.toLowerCase().split(/:\s*/)).toEqual(
      expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post', 'x-mailwright-email-id', 'mime-version']),
    );
    const chunks: Buffer[] = [];
    const theirs = new DKIM({ ...dkim.key, headerFieldNames: DKIM_SIGNED_HEADERS }).sign(raw);
    for await (const chunk of theirs) chunks.push(Buffer.from(chunk as Buffer));
    const bh = (b: Buffer) => /bh=([^;]+);/.exec(b.toString('latin1'))![1];
    expect(bh(ours)).toBe(bh(Buffer.concat(chunks)));
  });
});
