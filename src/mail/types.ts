/** What the delivery pipeline hands a mail transport, and what every transport promises back. */
import type { KeyObject } from 'node:crypto';

export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  contentId?: string;
  disposition: 'attachment' | 'inline';
}

/** One rendered email ready for MIME: everything the outbox row and its attachments hold. */
export interface OutgoingMessage {
  /** The outbox row id (goes out as `X-Mailwright-Email-Id`). */
  emailId: string;
  projectId: string;
  /** Our Message-ID without angle brackets; the same on every attempt. */
  messageId: string;
  from: { email: string; name?: string };
  to: { email: string; name?: string };
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  /** Extra header fields (custom headers, List-Unsubscribe, Precedence), already checked for injection. */
  headers: Record<string, string>;
  attachments: OutgoingAttachment[];
  /** Envelope sender (MAIL FROM / Return-Path) when bounces go to a per-email address (VERP). */
  envelopeFrom?: string;
  /** DKIM key of the sender's domain, when it has one. */
  /** The private key as PEM, or parsed once (a KeyObject) when one run signs many messages. */
  dkim?: { domainName: string; keySelector: string; privateKey: string | KeyObject };
  /** The Date header; now when omitted. */
  date?: Date;
}

/** A transport accepted the message. */
export interface SendAccepted {
  /** The transport's id for the message (SMTP queue id / response, SES MessageId, capture row id). */
  transportMessageId: string;
  /** What the transport answered, for the email log (the SMTP reply line, the SES MessageId, the capture row). */
  response?: string;
}

/**
 * Why a send failed. `temporary`: retry later (4xx, connection trouble, throttling); `permanent`:
 * retrying cannot help (5xx rejection, invalid address); `bounced` marks a permanent rejection of
 * the recipient itself, which suppresses the address.
 */
export class TransportError extends Error {
  override name = 'TransportError';
  constructor(
    message: string,
    readonly kind: 'temporary' | 'permanent',
    readonly recipientRejected = false,
    readonly responseCode?: number,
  ) {
    super(message);
  }
}

export interface Transport {
  readonly kind: 'capture' | 'smtp' | 'ses';
  /** Hands the message over; resolves once the transport has accepted it, throws TransportError otherwise. */
  send(message: OutgoingMessage): Promise<SendAccepted>;
  close(): Promise<void>;
}
