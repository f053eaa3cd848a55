/**
 * The data of an `email.received` event, built from a parsed message: the contract that workflows
 * and the `email.received` webhook see (docs/inbound-mail.md). Every part is bounded, so one message
 * never stores more than about 600 KB per recipient, and every string is one both databases store
 * (PostgreSQL refuses NUL in jsonb, and neither takes an unpaired UTF-16 surrogate). I/O-free.
 */
import type { AddressObject, ParsedMail } from 'mailparser';

/** Bytes (UTF-8) kept of the text and of the HTML body. */
export const MAX_BODY_BYTES = 256 * 1024;
/** Characters kept of the subject. */
export const MAX_SUBJECT_CHARS = 1000;
/** Entries kept of `cc` and of `attachments`. */
export const MAX_LIST_ENTRIES = 100;

export interface ReceivedAttachment {
  filename: string | null;
  contentType: string;
  /** Decoded size in bytes. */
  size: number;
}

// A type, not an interface: it must pass as an event's `Record<string, unknown>` data.
export type ReceivedMailData = {
  from: string;
  to: string;
  cc: string[];
  subject: string;
  messageId: string | null;
  text: string | null;
  textTruncated: boolean;
  html: string | null;
  htmlTruncated: boolean;
  attachments: ReceivedAttachment[];
};

const UNPAIRED = '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';
// NUL is the point of this pattern, so it is built from text (the linter refuses it in a literal).
const UNSTORABLE = new RegExp(`\\u0000|${UNPAIRED}`, 'g');
// Plain enough to name a sender: one @, something on each side, no spaces or angle brackets.
const ADDRESS = /^[^\s@<>]+@[^\s@<>]+$/;

/** The string with NUL and unpaired surrogates replaced by U+FFFD, as a decoder would show them. */
export function storable(s: string): string {
  return s.replace(UNSTORABLE, '\ufffd');
}

/**
 * The longest prefix of `s` whose UTF-8 encoding fits in `maxBytes`, never splitting a character
 * (a surrogate pair included); `truncated` says whether anything was cut.
 */
export function cutUtf8(s: string, maxBytes: number): { value: string; truncated: boolean } {
  // Every UTF-16 unit encodes to at most 3 bytes: short strings need no encoding to be known to fit.
  if (s.length * 3 <= maxBytes) return { value: s, truncated: false };
  const bytes = Buffer.from(s, 'utf8');
  if (bytes.length <= maxBytes) return { value: s, truncated: false };
  let end = maxBytes;
  // Step back over continuation bytes (10xxxxxx) to the first byte of the character that did not fit.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return { value: bytes.subarray(0, end).toString('utf8'), truncated: true };
}

/** The sender's address from the From header, or undefined when there is none that looks like one. */
export function senderOf(mail: ParsedMail): string | undefined {
  const address = mail.from?.value[0]?.address?.trim();
  return address && ADDRESS.test(address) ? storable(address) : undefined;
}

/** At most `max` UTF-16 units of `s`, without ending on the first half of a surrogate pair. */
function firstChars(s: string, max: number): string {
  if (s.length <= max) return s;
  const code = s.charCodeAt(max - 1);
  return s.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const groups = field === undefined ? [] : Array.isArray(field) ? field : [field];
  // A group syntax entry (`team: a@x, b@y;`) holds its members in `group`.
  const flat = groups.flatMap((g) => g.value.flatMap((a) => (a.group ? a.group : [a])));
  return flat.map((a) => a.address?.trim() ?? '').filter((a) => ADDRESS.test(a));
}

function body(value: string | false | undefined): { value: string | null; truncated: boolean } {
  if (typeof value !== 'string' || value === '') return { value: null, truncated: false };
  return cutUtf8(storable(value), MAX_BODY_BYTES);
}

/** The event data for one recipient `to` of a parsed message sent by `from` (senderOf). */
export function receivedMailData(mail: ParsedMail, from: string, to: string): ReceivedMailData {
  const text = body(mail.text);
  const html = body(mail.html);
  return {
    from,
    to: storable(to),
    cc: addressesOf(mail.cc).slice(0, MAX_LIST_ENTRIES).map(storable),
    subject: firstChars(storable(mail.subject ?? ''), MAX_SUBJECT_CHARS),
    messageId: mail.messageId ? storable(mail.messageId.trim().replace(/^<|>$/g, '')) : null,
    text: text.value,
    textTruncated: text.truncated,
    html: html.value,
    htmlTruncated: html.truncated,
    attachments: mail.attachments.slice(0, MAX_LIST_ENTRIES).map((a) => ({
      filename: a.filename ? storable(a.filename) : null,
      contentType: storable(a.contentType),
      size: a.size,
    })),
  };
}
