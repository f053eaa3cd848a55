/**
 * Builds the MIME message a transport hands over: multipart/alternative (text + html), inside
 * multipart/related for inline images and multipart/mixed for attachments, DKIM-signed with the
 * sender domain's key when it has one (dkim.ts, off the event loop). Every transport sends exactly
 * these bytes.
 */
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { signDkim } from './dkim.ts';
import type { OutgoingMessage } from './types.ts';

/**
 * Header fields the signature covers. Beyond RFC 6376's list, the RFC 8058 pair: a receiver only
 * offers one-click unsubscribe when both List-Unsubscribe and List-Unsubscribe-Post are signed.
 */
export const DKIM_SIGNED_HEADERS = [
  'From',
  'Sender',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'List-Id',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
  'X-Mailwright-Email-Id',
].join(':');

/**
 * The raw MIME of `message`. The Message-ID comes from the message (the outbox row), so every
 * attempt for one email carries the same id; only the Date and the part boundaries differ.
 */
export async function buildMime(message: OutgoingMessage): Promise<Buffer> {
  const { To: to, Cc: cc, ...headers } = message.headers;
  const composer = new MailComposer({
    from: { name: message.from.name ?? '', address: message.from.email },
    // A message submitted over SMTP keeps its own To and Cc (the envelope says who gets this copy).
    to: to ?? { name: message.to.name ?? '', address: message.to.email },
    cc,
    replyTo: message.replyTo,
    subject: message.subject,
    messageId: `<${message.messageId}>`,
    date: message.date ?? new Date(),
    // A part the message does not have is left out (an SMTP-submitted text-only or HTML-only message).
    text: message.text || (message.html ? undefined : ''),
    html: message.html || undefined,
    headers: { ...headers, 'X-Mailwright-Email-Id': message.emailId },
    attachments: message.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
      contentDisposition: a.disposition,
      // Only inline parts go into multipart/related (MailComposer relates every part with a cid).
      cid: a.disposition === 'inline' ? a.contentId : undefined,
    })),
    // Content is always in memory: never let a value reach the file system or the network.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  const unsigned = await composer.compile().build();
  if (!message.dkim) return unsigned;
  return signDkim(unsigned, message.dkim, DKIM_SIGNED_HEADERS);
}

/**
 * The header block of a raw message as lower-cased name → value, folded lines joined, values as
 * sent; a repeated field keeps its first occurrence (the topmost, e.g. the DKIM-Signature added last).
 */
export function parseHeaderBlock(raw: Buffer): Record<string, string> {
  const text = raw.toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const block = end === -1 ? text : text.slice(0, end);
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = Buffer.from(line.slice(colon + 1).trim(), 'latin1').toString('utf8');
  }
  return headers;
}
