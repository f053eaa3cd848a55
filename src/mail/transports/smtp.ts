/**
 * The SMTP transport: a nodemailer connection pool to SMTP_URL that sends the prebuilt MIME with an
 * explicit envelope, and reads a failure as temporary or permanent the way a mail server means it.
 */
import net from 'node:net';
import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import { buildMime } from '../mime.ts';
import { type Transport, TransportError } from '../types.ts';

/** Pool options for `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://` (TLS from the start). */
export function smtpOptionsFromUrl(url: string, poolSize: number): SMTPPool.Options {
  const u = new URL(url);
  const secure = u.protocol === 'smtps:';
  const user = decodeURIComponent(u.username);
  const host = u.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = u.port ? Number(u.port) : secure ? 465 : 587;
  return {
    pool: true,
    host,
    port,
    secure,
    auth: user ? { user, pass: decodeURIComponent(u.password) } : undefined,
    maxConnections: poolSize,
    // A hung relay must not hold a delivery worker's lease: fail fast and let the retry come later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    getSocket: (_options, callback) => noDelaySocket(host, port, callback),
  };
}

const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Opens the relay connection with Nagle's algorithm off. nodemailer ends each message with a small
 * separate write (the final dot); with Nagle on it waits for the relay's delayed ACK (~40 ms), which
 * capped each pooled connection at ~22 messages a second (bench/delivery.ts). TLS, implicit or by
 * STARTTLS, is still negotiated by nodemailer on top of this socket.
 */
function noDelaySocket(
  host: string,
  port: number,
  callback: (err: Error | null, socketOptions?: { connection: net.Socket }) => void,
): void {
  const socket = net.connect({ host, port });
  socket.setNoDelay(true);
  const fail = (err: Error) => {
    socket.destroy();
    callback(err);
  };
  socket.setTimeout(CONNECT_TIMEOUT_MS, () =>
    fail(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' })),
  );
  socket.once('error', fail);
  socket.once('connect', () => {
    socket.off('error', fail);
    socket.setTimeout(0);
    callback(null, { connection: socket });
  });
}

/** Sends through a pooled SMTP connection set; `close()` ends the pool. */
export function createSmtpTransport(config: { smtpUrl?: string; smtpPoolSize: number }): Transport {
  if (!config.smtpUrl) throw new Error('The smtp transport needs SMTP_URL');
  const pool = nodemailer.createTransport(smtpOptionsFromUrl(config.smtpUrl, config.smtpPoolSize));
  return {
    kind: 'smtp',
    async send(message) {
      const raw = await buildMime(message);
      try {
        const info = await pool.sendMail({
          envelope: { from: message.envelopeFrom ?? message.from.email, to: [message.to.email] },
          raw,
        });
        return { transportMessageId: info.response || info.messageId, response: info.response || undefined };
      } catch (err) {
        throw toTransportError(err);
      }
    },
    async close() {
      pool.close();
    },
  };
}

interface SmtpFailure {
  message?: string;
  code?: string;
  responseCode?: number;
  response?: string;
  command?: string;
}

/** Errors nodemailer raises before talking to the server about this message: our input, not the network. */
const LOCAL_INPUT_ERRORS = new Set(['EENVELOPE', 'EMESSAGE']);

/**
 * Reads a nodemailer failure. 4xx and connection trouble are temporary; 5xx is permanent, and marks
 * the recipient rejected when refused at RCPT or when the code says the mailbox is the problem.
 */
export function toTransportError(err: unknown): TransportError {
  const e = (err ?? {}) as SmtpFailure;
  const message = e.message || String(err);
  const code = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  if (code === undefined) {
    // A malformed address or an oversized message fails the same way on every attempt.
    const local = e.command === 'API' && LOCAL_INPUT_ERRORS.has(e.code ?? '');
    return new TransportError(message, local ? 'permanent' : 'temporary');
  }
  // A refused login is our relay's configuration, not the message: retrying after it is fixed helps.
  if (code < 500 || e.code === 'EAUTH') return new TransportError(message, 'temporary', false, code);
  // A refused sender (MAIL FROM) says nothing about the recipient.
  const rejected = e.command === 'RCPT TO' || (e.command !== 'MAIL FROM' && recipientCode(code, e.response ?? ''));
  return new TransportError(message, 'permanent', rejected, code);
}

/** 5.1.x (bad mailbox or address); without an enhanced code, 550/551/553 mean the mailbox. */
function recipientCode(code: number, response: string): boolean {
  const enhanced = /^\d{3}[ -]([245])\.(\d{1,3})\.\d{1,3}\b/.exec(response);
  if (enhanced) return enhanced[1] === '5' && enhanced[2] === '1';
  return code === 550 || code === 551 || code === 553;
}
