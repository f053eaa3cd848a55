// SMTP sink: a real smtp-server on 127.0.0.1 (ephemeral port) that accepts and records every
// message, standing in for an upstream relay in integration tests. Plain text only (STARTTLS is
// disabled, AUTH allowed without TLS), 8BITMIME and SMTPUTF8 advertised. A message is recorded
// before the client sees 250, so `messages` is complete as soon as the sender's call returns.

import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { createWaiters } from './waiters.ts';

export interface CapturedMail {
  /** Envelope sender (MAIL FROM), '' for the null sender. */
  from: string;
  /** Envelope recipients (RCPT TO) that were accepted. */
  to: string[];
  /** The DATA payload, dot-unstuffed, decoded as UTF-8. */
  raw: string;
  /** Header fields: lower-cased names, folded lines joined, first occurrence wins, values as sent. */
  headers: Record<string, string>;
  /** The Subject header with RFC 2047 encoded words decoded ('' when absent). */
  subject: string;
}

export interface SmtpSinkOptions {
  /** When set, AUTH (PLAIN/LOGIN) with exactly these credentials is required before MAIL. */
  auth?: { user: string; pass: string };
  /** Recipients for which this returns true are refused with 550 at RCPT TO. */
  rejectRecipients?: (rcpt: string) => boolean;
  /**
   * Answers a recipient with a chosen reply instead of accepting it: at RCPT TO (the default) or
   * after DATA (the message is then not recorded). `undefined` accepts as usual.
   */
  respond?: (rcpt: string) => SinkReply | undefined;
  /** Milliseconds the sink takes over each message before it answers 250 (a slow relay). */
  delayMs?: number;
}

/** A refusal the sink gives: the SMTP code, its text (an enhanced code like `5.1.1 ` may lead it), and when. */
export interface SinkReply {
  code: number;
  message: string;
  at?: 'RCPT' | 'DATA';
}

export interface SmtpSink {
  port: number;
  /** smtp://user:pass@127.0.0.1:PORT with auth, smtp://127.0.0.1:PORT without. */
  url: string;
  /** Every accepted message in arrival order (a live array; clear() empties it in place). */
  messages: CapturedMail[];
  /** All accepted envelope recipients across messages, in arrival order. */
  recipients(): string[];
  /** Resolves with all messages once at least `count` arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<CapturedMail[]>;
  clear(): void;
  close(): Promise<void>;
}

/**
 * The delivery tests' reply script, by the recipient's local part: `temp…` deferred (451) the first
 * time it is offered, `nouser…` refused at RCPT (550), `spam…` refused after DATA (554). `first`
 * answers before the script, for refusals a test switches on and off.
 */
export function scriptedReplies(
  first: (rcpt: string) => SinkReply | undefined = () => undefined,
): (rcpt: string) => SinkReply | undefined {
  const seen = new Map<string, number>();
  return (rcpt) => {
    const n = (seen.get(rcpt) ?? 0) + 1;
    seen.set(rcpt, n);
    if (rcpt.startsWith('temp') && n === 1) return { code: 451, message: '4.3.0 Try again later' };
    if (rcpt.startsWith('nouser')) return { code: 550, message: '5.1.1 No such user' };
    if (rcpt.startsWith('spam')) return { code: 554, message: '5.7.1 Message refused', at: 'DATA' };
    return first(rcpt);
  };
}

/** Starts an SMTP sink on 127.0.0.1:0; resolves once it is listening. */
export async function startSmtpSink(opts: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: CapturedMail[] = [];
  const waiters = createWaiters(messages, 'smtp-sink messages');
  const { auth, rejectRecipients, respond, delayMs = 0 } = opts;
  const refusal = (reply: SinkReply) => Object.assign(new Error(reply.message), { responseCode: reply.code });

  const server = new SMTPServer({
    name: 'smtp-sink.test',
    logger: false,
    disableReverseLookup: true,
    allowInsecureAuth: true,
    authOptional: !auth,
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    // Loopback tests never need the 30 s grace period for lingering clients.
    closeTimeout: 100,
    onAuth(login, _session, callback) {
      if (auth && login.username === auth.user && login.password === auth.pass) {
        callback(null, { user: login.username });
      } else {
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      }
    },
    onRcptTo(address, _session, callback) {
      const reply = respond?.(address.address);
      if (reply && (reply.at ?? 'RCPT') === 'RCPT') {
        callback(refusal(reply));
      } else if (rejectRecipients?.(address.address)) {
        callback(Object.assign(new Error(`Recipient ${address.address} rejected`), { responseCode: 550 }));
      } else {
        callback();
      }
    },
    onData(stream, session, callback) {
      readStream(stream).then(
        async (raw) => {
          if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
          const reply = session.envelope.rcptTo.map((r) => respond?.(r.address)).find((r) => r?.at === 'DATA');
          if (reply) return callback(refusal(reply));
          messages.push(toCapturedMail(session, raw));
          waiters.notify();
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });

  const port = await listenOnLoopback(server);
  const cred = auth ? `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.pass)}@` : '';

  return {
    port,
    url: `smtp://${cred}127.0.0.1:${port}`,
    messages,
    recipients: () => messages.flatMap((m) => m.to),
    waitFor: (count, timeoutMs) => waiters.waitFor(count, timeoutMs),
    clear: () => {
      messages.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        waiters.rejectAll('sink closed');
        server.close(() => resolve());
      }),
  };
}

/** Listens on 127.0.0.1 at an ephemeral port; resolves with the port once listening. */
export async function listenOnLoopback(server: SMTPServer): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    // A client that vanishes mid-message (a killed sender) is the sender's business, not a test failure.
    server.on('error', () => {});
    server.listen(0, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  return (server.server.address() as AddressInfo).port;
}

function readStream(stream: SMTPServerDataStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('error', reject);
    stream.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function toCapturedMail(session: SMTPServerSession, raw: string): CapturedMail {
  const { mailFrom, rcptTo } = session.envelope;
  const headers = parseHeaders(raw);
  return {
    from: mailFrom ? mailFrom.address : '',
    to: rcptTo.map((r) => r.address),
    raw,
    headers,
    subject: decodeEncodedWords(headers['subject'] ?? ''),
  };
}

/** Parses the header block (up to the first empty line); lower-cased names, unfolded, first occurrence. */
export function parseHeaders(raw: string): Record<string, string> {
  const end = raw.search(/\r?\n\r?\n/);
  const block = end === -1 ? raw : raw.slice(0, end);
  const headers: Record<string, string> = {};
  // Unfold (RFC 5322 §2.2.3): a line break followed by whitespace continues the previous field.
  for (const line of block.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** Decodes RFC 2047 encoded words (B and Q); whitespace between adjacent encoded words is dropped. */
function decodeEncodedWords(value: string): string {
  const word = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;
  return value.replace(/(\?=)\s+(?==\?)/g, '$1').replace(word, (whole, charset: string, enc: string, text: string) => {
    try {
      const bytes = enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : qDecode(text);
      return new TextDecoder(charset.split('*')[0]).decode(bytes);
    } catch {
      return whole;
    }
  });
}

function qDecode(text: string): Buffer {
  const latin1 = text
    .replace(/_/g, ' ')
    .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(latin1, 'latin1');
}
