/**
 * What a message submitted over SMTP keeps when it becomes outbox rows (beyond.md §6): its sender,
 * subject, text and HTML parts, attachments and inline parts, its Message-ID, and its own header
 * fields (To and Cc as written, In-Reply-To, References, List-*, X-…). Fields that describe the old
 * MIME structure, the path it took or a signature over the old bytes are dropped: the pipeline
 * builds the MIME again and signs it with the domain's key. Nothing here is rendered as a template.
 */
import type { AddressObject, EmailAddress, ParsedMail } from 'mailparser';
import { normalizeEmail } from '../contacts/email.ts';
import {
  checkContentType,
  checkCustomHeaders,
  checkDisplayName,
  checkFilename,
  MAX_CUSTOM_HEADERS,
  RESERVED_HEADERS,
} from '../mail/headers.ts';
import type { OutgoingAttachment, OutgoingMessage } from '../mail/types.ts';

/** The message as every recipient's row shares it; `headers` holds `To` and `Cc` as written. */
export type SubmittedMessage = Pick<
  OutgoingMessage,
  'from' | 'replyTo' | 'subject' | 'html' | 'text' | 'headers' | 'attachments'
> & {
  /** The client's Message-ID without angle brackets, when it gave a usable one. */
  messageId?: string;
};

/** A message the pipeline cannot send: answered 554 5.6.0 by the listener. */
export class MalformedMessage extends Error {
  override name = 'MalformedMessage';
}

/**
 * Fields dropped: those we write ourselves for every email (RESERVED_HEADERS), except what a
 * submitted message keeps as its own (To and Cc, written from the parsed addresses below, and its
 * List-Unsubscribe pair), and fields meaningless once the message is sent again (the path it took,
 * signatures over the old bytes, the old structure).
 */
const KEPT_OF_RESERVED = new Set(['to', 'cc', 'list-unsubscribe', 'list-unsubscribe-post']);
const DROPPED = new Set([
  ...[...RESERVED_HEADERS].filter((name) => !KEPT_OF_RESERVED.has(name)),
  'delivered-to',
  'content-id',
  'x-google-dkim-signature',
  'domainkey-signature',
  'arc-seal',
  'arc-message-signature',
  'arc-authentication-results',
  'authentication-results',
]);

/** Written from the parsed addresses, so encoded display names come out encoded once, not quoted raw. */
const ADDRESS_FIELDS: Record<string, string> = { to: 'To', cc: 'Cc' };

// A Message-ID we can carry: an addr-spec of printable ASCII, short enough for one header line.
const MESSAGE_ID = /^[\x21-\x3b\x3d\x3f-\x7e]{1,250}@[\x21-\x3b\x3d\x3f-\x7e]{1,250}$/;

const flatten = (list: EmailAddress[]): EmailAddress[] =>
  list.flatMap((a) => (a.group ? flatten(a.group) : a.address ? [a] : []));

function addressesOf(field: AddressObject | AddressObject[] | undefined): EmailAddress[] {
  if (!field) return [];
  return flatten((Array.isArray(field) ? field : [field]).flatMap((f) => f.value));
}

/** `"Name" <addr>` with the name quoted and escaped, as nodemailer's address parser reads it back. */
function formatAddress(a: EmailAddress): string {
  const name = a.name && checkDisplayName('name', a.name).length === 0 ? a.name : '';
  return name ? `"${name.replace(/["\\]/g, '\\$&')}" <${a.address}>` : `<${a.address}>`;
}

/** The header lines as sent, unfolded, first occurrence of each name; unsafe or oversized ones left out. */
function keptHeaders(mail: ParsedMail): Record<string, string> {
  const kept: Record<string, string> = {};
  const seen = new Set<string>();
  for (const { key, line } of mail.headerLines) {
    if (DROPPED.has(key) || seen.has(key) || Object.keys(kept).length >= MAX_CUSTOM_HEADERS) continue;
    seen.add(key);
    const address = ADDRESS_FIELDS[key];
    if (address) {
      const list = addressesOf(mail[key as 'to' | 'cc']);
      if (list.length > 0) kept[address] = list.map(formatAddress).join(', ');
      continue;
    }
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim();
    const value = line
      .slice(colon + 1)
      .replace(/\r?\n(?=[ \t])/g, '')
      .trim();
    // The same checks as /v1/send's custom headers (no line breaks, no controls, ftext names),
    // with nothing reserved beyond what was dropped above.
    if (colon > 0 && checkCustomHeaders({ [name]: value }, 'headers', () => false).length === 0) kept[name] = value;
  }
  return kept;
}

function attachmentsOf(mail: ParsedMail): OutgoingAttachment[] {
  return mail.attachments.map((a, i) => {
    const filename =
      a.filename && checkFilename('filename', a.filename).length === 0 ? a.filename : `attachment-${i + 1}`;
    const contentType =
      checkContentType('contentType', a.contentType).length === 0 ? a.contentType : 'application/octet-stream';
    const cid = a.cid && /^[\x21-\x7e]{1,250}$/.test(a.cid) ? a.cid : undefined;
    // A part referenced by cid: from the HTML stays inline in multipart/related.
    const inline = cid !== undefined && (a.related || a.contentDisposition === 'inline');
    return { filename, contentType, content: a.content, contentId: cid, disposition: inline ? 'inline' : 'attachment' };
  });
}

const withoutNul = (s: string) => (s.includes('\0') ? s.replaceAll('\0', '') : s);

/** The message's parts and fields; MalformedMessage when it has no usable From address. */
export function toSubmittedMessage(mail: ParsedMail): SubmittedMessage {
  const sender = addressesOf(mail.from)[0];
  const email = sender?.address ? normalizeEmail(sender.address) : undefined;
  if (!email) throw new MalformedMessage('no valid address in the From header');
  const name = sender?.name && checkDisplayName('name', sender.name).length === 0 ? sender.name : undefined;
  const replyAddress = addressesOf(mail.replyTo)[0]?.address;
  const messageId = mail.messageId?.trim().replace(/^<|>$/g, '');
  return {
    from: { email, name },
    replyTo: replyAddress ? normalizeEmail(replyAddress) : undefined,
    // One header line, however it was folded or encoded.
    subject: (mail.subject ?? '').replace(/[\r\n\0\u0085\u2028\u2029]+/g, ' ').slice(0, 998),
    // NUL never belongs in a text part, and PostgreSQL cannot store it in a text column.
    html: typeof mail.html === 'string' ? withoutNul(mail.html) : '',
    text: withoutNul(mail.text ?? ''),
    headers: keptHeaders(mail),
    attachments: attachmentsOf(mail),
    messageId: messageId && MESSAGE_ID.test(messageId) ? messageId : undefined,
  };
}
