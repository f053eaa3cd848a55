// Invariant: email.received data is bounded and storable whatever the message holds: bodies cut to
// 256 KB of UTF-8 on a character boundary and flagged, no NUL or lone surrogate left, cc and the
// attachment list as plain addresses and { filename, contentType, size }, never content.
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { cutUtf8, MAX_BODY_BYTES, MAX_LIST_ENTRIES, receivedMailData, senderOf, storable } from './inbound-mail.ts';

const parse = (lines: string[]) => simpleParser(lines.join('\r\n'), { skipHtmlToText: true, skipImageLinks: true });

describe('cutUtf8', () => {
  it('keeps a string that fits, whole and unflagged', () => {
    expect(cutUtf8('héllo', 6)).toEqual({ value: 'héllo', truncated: false });
    expect(cutUtf8('', 0)).toEqual({ value: '', truncated: false });
  });

  it('never splits a character: 2-, 3- and 4-byte ones are dropped whole at the cut', () => {
    expect(cutUtf8('aé', 2)).toEqual({ value: 'a', truncated: true });
    expect(cutUtf8('a€b', 3)).toEqual({ value: 'a', truncated: true });
    expect(cutUtf8('a€b', 4)).toEqual({ value: 'a€', truncated: true });
    expect(cutUtf8('a😀', 4)).toEqual({ value: 'a', truncated: true });
    expect(cutUtf8('a😀b', 5)).toEqual({ value: 'a😀', truncated: true });
  });

  it('answers at most maxBytes of UTF-8 for long input', () => {
    const long = `x${'é'.repeat(200_000)}`;
    const { value, truncated } = cutUtf8(long, MAX_BODY_BYTES);
    expect(truncated).toBe(true);
    expect(Buffer.byteLength(value)).toBe(MAX_BODY_BYTES - 1);
    expect(value).toBe(`x${'é'.repeat((MAX_BODY_BYTES - 2) / 2)}`);
  });
});

describe('storable', () => {
  it('replaces NUL and unpaired surrogates, keeps pairs', () => {
    expect(storable('a\u0000b\ud800c\udc00d😀')).toBe('a\ufffdb\ufffdc\ufffdd😀');
  });
});

describe('receivedMailData', () => {
  it('lists cc addresses (groups flattened) and attachments without their content', async () => {
    const mail = await parse([
      'From: Ann <ann@remote.test>',
      'To: support@inbox.test',
      'Cc: Bob <bob@remote.test>, team: carl@remote.test, dora@remote.test;',
      'Subject: Hi',
      'Message-ID: <m1@remote.test>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="B"',
      '',
      '--B',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Body',
      '--B',
      'Content-Type: application/pdf; name="a.pdf"',
      'Content-Disposition: attachment; filename="a.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('%PDF-1.4 twelve').toString('base64'),
      '--B',
      'Content-Type: application/octet-stream',
      '',
      'raw',
      '--B--',
      '',
    ]);
    const from = senderOf(mail)!;
    expect(receivedMailData(mail, from, 'support@inbox.test')).toEqual({
      from: 'ann@remote.test',
      to: 'support@inbox.test',
      cc: ['bob@remote.test', 'carl@remote.test', 'dora@remote.test'],
      subject: 'Hi',
      messageId: 'm1@remote.test',
      text: 'Body',
      textTruncated: false,
      html: null,
      htmlTruncated: false,
      attachments: [
        { filename: 'a.pdf', contentType: 'application/pdf', size: 15 },
        { filename: null, contentType: 'application/octet-stream', size: 3 },
      ],
    });
  });

  it('has no sender for a missing From or one without an address', async () => {
    expect(senderOf(await parse(['Subject: x', '', 'hi']))).toBeUndefined();
    expect(senderOf(await parse(['From: <<<@@@>>>', '', 'hi']))).toBeUndefined();
    expect(senderOf(await parse(['From: undisclosed-recipients:;', '', 'hi']))).toBeUndefined();
  });

  it('bounds the subject, cc and the attachment list, and keeps a cut subject free of half surrogate pairs', async () => {
    const cc = Array.from({ length: MAX_LIST_ENTRIES + 5 }, (_, i) => `c${i}@remote.test`).join(', ');
    const mail = await parse([
      'From: ann@remote.test',
      `Cc: ${cc}`,
      `Subject: =?utf-8?B?${Buffer.from(`${'a'.repeat(999)}😀`).toString('base64')}?=`,
      '',
      'hi',
    ]);
    const data = receivedMailData(mail, 'ann@remote.test', 'x@inbox.test');
    expect(data.cc).toHaveLength(MAX_LIST_ENTRIES);
    expect(data.subject).toBe('a'.repeat(999));
  });

  it('replaces NUL in the text so PostgreSQL can store it', async () => {
    const mail = await parse(['From: ann@remote.test', 'Content-Type: text/plain', '', 'a\u0000b']);
    expect(receivedMailData(mail, 'ann@remote.test', 'x@inbox.test').text).toBe('a\ufffdb');
  });
});
