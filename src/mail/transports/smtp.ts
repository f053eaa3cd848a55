/**
 * The SMTP transport: a nodemailer connection pool to SMTP_URL that sends the prebuilt MIME with an
 * explicit envelope, and reads a failure as temporary or permanent the way a mail server means it.
 */
import net from 'node:net';
import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import { buildMime } from '../mime.ts';
import { type Transport, TransportError } from '../types.ts';

/** Where an SMTP relay is and how to log in: what an `smtp[s]://user:pass@host:port` URL says. */
export interface SmtpConnection {
  host: string;
  port: number;
  /** TLS from the start (smtps://); otherwise STARTTLS when offered. */
  secure: boolean;
  user?: string;
  pass?: string;
}

/**
 * The address to connect to for a relay's host and port, after the private-address guard has passed
 * it (a project's own transports); throws when the guard refuses. Without one, the host is connected
 * to as it resolves (the operator's SMTP_URL).
 */
export type AddressPin = (host: string, port: number) => Promise<string>;

/** Reads `smtp://user:pass@host:port` (ports default per scheme, credentials URL-decoded). */
export function parseSmtpUrl(url: string): SmtpConnection {
  const u = new URL(url);
  const secure = u.protocol === 'smtps:';
  const user = decodeURIComponent(u.username);
  return {
    host: u.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    ...(user ? { user, pass: decodeURIComponent(u.password) } : {}),
  };
}

/** Pool options for `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://` (TLS from the start). */
export function smtpOptionsFromUrl(url: string, poolSize: number): SMTPPool.Options {
  return smtpPoolOptions(parseSmtpUrl(url), poolSize);
}

/** Pool options for a relay: `poolSize` connections, short timeouts, Nagle off, connected through `pin` when given. */
export function smtpPoolOptions(c: SmtpConnection, poolSize: number, pin?: AddressPin): SMTPPool.Options {
  return { pool: true, maxConnections: poolSize, ...connectionOptions(c, pin) };
}

function connectionOptions(c: SmtpConnection, pin?: AddressPin) {
  return {
    host: c.host,
    port: c.port,
    secure: c.secure,
    auth: c.user ? { user: c.user, pass: c.pass ?? '' } : undefined,
    // A hung relay must not hold a delivery worker's lease: fail fast and let the retry come later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    getSocket: (_options: unknown, callback: SocketCallback) => noDelaySocket(c.host, c.port, callback, pin),
  };
}

const CONNECT_TIMEOUT_MS = 10_000;

type SocketCallback = (err: Error | null, socketOptions?: { connection: net.Socket }) => void;

/**
 * Opens the relay connection with Nagle's algorithm off. nodemailer ends each message with a small
 * separate write (the final dot); with Nagle on it waits for the relay's delayed ACK (~40 ms), which
 * capped each pooled connection at ~22 messages a second (bench/delivery.ts). TLS, implicit or by
 * STARTTLS, is still negotiated by nodemailer on top of this socket (SNI and the certificate check
 * use the host name). With `pin`, the socket goes to the address the guard checked, resolved at every
 * connection, so a host that later resolves inside (DNS rebinding) is refused then.
 */
function noDelaySocket(host: string, port: number, callback: SocketCallback, pin?: AddressPin): void {
  if (!pin) {
    connectTo(host, port, callback);
    return;
  }
  pin(host, port).then(
    (address) => connectTo(address, port, callback),
    (err: Error) => failedSocket(Object.assign(new Error(err.message), { code: 'EGUARD' }), callback),
  );
}

/**
 * Answers a connection that failed with a socket that fails. nodemailer's pool forgets a connection
 * only when it emits 'error': a getSocket error alone leaves a dead slot behind, and once every slot
 * is dead (5 refused connections in a row) the pool never sends again.
 */
function failedSocket(err: Error, callback: SocketCallback): void {
  const socket = new net.Socket();
  callback(null, { connection: socket });
  // After nodemailer has attached its handlers to it.
  setImmediate(() => socket.destroy(err));
}

function connectTo(address: string, port: number, callback: SocketCallback): void {
  const socket = net.connect({ host: address, port });
  socket.setNoDelay(true);
  const fail = (err: Error) => {
    socket.destroy();
    failedSocket(err, callback);
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
  return createSmtpPoolTransport(parseSmtpUrl(config.smtpUrl), config.smtpPoolSize);
}

/** A pooled transport to one relay; with `pin`, every connection passes the private-address guard first. */
export function createSmtpPoolTransport(c: SmtpConnection, poolSize: number, pin?: AddressPin): Transport {
  const pool = nodemailer.createTransport(smtpPoolOptions(c, poolSize, pin));
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

/**
 * Connects to the relay on a one-off connection (no pool), logs in when credentials are given, and
 * quits without sending: `ok` with what the relay said, or not `ok` with why.
 */
export async function verifySmtp(c: SmtpConnection, pin?: AddressPin): Promise<{ ok: boolean; response: string }> {
  const once = nodemailer.createTransport(connectionOptions(c, pin));
  try {
    await once.verify();
    return { ok: true, response: c.user ? 'Connected and authenticated' : 'Connected' };
  } catch (err) {
    return { ok: false, response: toTransportError(err).message };
  } finally {
    once.close();
  }
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
