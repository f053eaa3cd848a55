/**
 * The SMTP submission listener (SMTP_SUBMISSION_PORT, beyond.md §6) for applications that can only
 * send over SMTP. AUTH PLAIN or LOGIN with any user name and a project's secret key as the password;
 * STARTTLS with the configured certificate, and AUTH before it only when SMTP_SUBMISSION_ALLOW_INSECURE.
 * Each accepted message becomes outbox rows (submission.service.ts), answered 250 only once they
 * have committed.
 *
 * Replies carry their enhanced status code (RFC 3463) in the text, as the inbound listener's do:
 * 535 5.7.8 for a bad key, 454 4.7.0 once an address has sent too many, 550 5.7.1 for a sender off
 * the project's verified domains, 452 4.5.3 past a billing cap (or too many recipients), 552 for a
 * message over 40 MB, 554 5.6.0 for one without a usable From, 451 4.3.0 when storing failed.
 */
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { normalizeEmail } from '../contacts/email.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { listenSmtp, readCapped, type SmtpReply, smtpError, TRY_LATER } from '../mail/smtp-listener.ts';
import { authenticateApiKey } from '../projects/projects.service.ts';
import { MESSAGE_MAX_BYTES } from '../sending/compose.ts';
import { MAX_RECIPIENTS } from '../sending/send.schemas.ts';
import { submitMessage } from './submission.service.ts';
import { MalformedMessage } from './submitted-message.ts';

const MAX_CONNECTIONS = 100;
/** How long a stopping listener lets messages in flight finish before it hangs up on everyone. */
const DRAIN_MS = 10_000;
const THROTTLED = '4.7.0 Too many failed logins from your address, try again later';
const PARSE_OPTIONS = { skipImageLinks: true, skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true };

export interface SubmissionServer {
  port: number;
  /** Stops taking connections, lets messages in flight commit and answer, then hangs up (421). */
  close(): Promise<void>;
}

/** The email ids for the 250 line: every one of a few, the first eight of many (the line stays short). */
const queuedIds = (ids: string[]) =>
  ids.length <= 8 ? ids.join(' ') : `${ids.slice(0, 8).join(' ')} and ${ids.length - 8} more`;

/** A PEM given inline, or read from the path given. */
const pem = (value: string) => (value.includes('-----BEGIN') ? value : readFileSync(value, 'utf8'));

/** The reply for a refused message: the same refusal /v1/send would answer, in SMTP terms. */
function refusal(err: unknown): SmtpReply | undefined {
  if (err instanceof MalformedMessage) return smtpError(`5.6.0 Malformed message: ${err.message}`, 554);
  if (!(err instanceof AppError)) return undefined;
  if (err.code === 'UNVERIFIED_DOMAIN') return smtpError(`5.7.1 ${err.message}`, 550);
  if (err.code === 'BILLING_LIMIT_EXCEEDED') return smtpError(`4.5.3 ${err.message}`, 452);
  if (err.code === 'PAYLOAD_TOO_LARGE') return smtpError(`5.3.4 ${err.message}`, 552);
  return undefined;
}

/**
 * Starts the listener on `options.port` (default SMTP_SUBMISSION_PORT; 0 picks a free port) and
 * `options.host` (default HOST); resolves once it listens.
 */
export async function startSubmissionServer(
  deps: Deps,
  options: { port?: number; host?: string } = {},
): Promise<SubmissionServer> {
  const settings = deps.config.submission;
  const port = options.port ?? settings.port;
  if (port === undefined) throw new Error('startSubmissionServer: no port (SMTP_SUBMISSION_PORT is unset)');
  const tls = settings.tlsCert && settings.tlsKey ? { cert: pem(settings.tlsCert), key: pem(settings.tlsKey) } : {};
  const auth = createKeyCheck(deps);
  const inFlight = new Set<Promise<unknown>>();
  const server = new SMTPServer({
    name: settings.publicHost,
    banner: 'Mailwright submission',
    logger: false,
    disableReverseLookup: true,
    hideENHANCEDSTATUSCODES: true,
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: settings.allowInsecure,
    ...tls,
    disabledCommands: tls.cert ? [] : ['STARTTLS'],
    size: MESSAGE_MAX_BYTES,
    rejectOversized: true,
    maxClients: MAX_CONNECTIONS,
    // The stop is ours (close below); this only bounds smtp-server's own wait.
    closeTimeout: DRAIN_MS + 5000,
    onAuth(login, session, callback) {
      if (!session.secure && !settings.allowInsecure) {
        return callback(smtpError('5.7.11 Encryption required: issue STARTTLS first', 538));
      }
      auth(session.remoteAddress, login.password ?? '').then(
        (projectId) => callback(null, { user: projectId }),
        (err: SmtpReply) => callback(err),
      );
    },
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) {
        return callback(smtpError(`4.5.3 Too many recipients: at most ${MAX_RECIPIENTS} per message`, 452));
      }
      if (!normalizeEmail(address.address)) {
        return callback(smtpError(`5.1.3 Bad recipient address syntax: ${address.address.slice(0, 100)}`, 553));
      }
      callback();
    },
    onData(stream, session, callback) {
      const work = handleData(deps, stream, session);
      inFlight.add(work);
      work.then(
        (ids) => callback(null, `2.0.0 Queued as ${queuedIds(ids)}`),
        (err: unknown) => {
          const reply = err && typeof err === 'object' && 'responseCode' in err ? (err as SmtpReply) : refusal(err);
          if (!reply) deps.log.error({ err }, 'SMTP submission failed');
          callback(reply ?? smtpError(TRY_LATER, 451));
        },
      );
      work.catch(() => {}).finally(() => inFlight.delete(work));
    },
  });
  server.on('error', (err) => deps.log.warn({ err }, 'SMTP submission connection error'));
  // Replies are small writes a client waits for: Nagle's algorithm would hold one back for the
  // client's delayed ACK when two go out together (a pipelining client's MAIL, RCPT and DATA).
  server.server.on('connection', (socket: Socket) => socket.setNoDelay(true));
  const listening = await listenSmtp(server, port, options.host ?? deps.config.host);
  return {
    port: listening,
    close: () => stop(server, inFlight),
  };
}

/**
 * Graceful stop: no new connections; messages being received or stored finish and get their answer
 * (a 250 is only sent after the commit, so nothing answered is lost); then every connection is told
 * 421 and closed, idle pooled clients included, instead of waiting out smtp-server's timeout.
 */
async function stop(server: SMTPServer, inFlight: Set<Promise<unknown>>): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const deadline = Date.now() + DRAIN_MS;
  while (inFlight.size > 0 && Date.now() < deadline) {
    await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => setTimeout(r, 100))]);
  }
  // Give the last answers a moment to reach their sockets.
  await new Promise((r) => setTimeout(r, 50));
  for (const connection of server.connections) {
    connection.send(421, '4.3.2 Service shutting down, try again later');
    connection.close();
  }
  await closed;
}

/** Reads the message (at most 40 MB), parses it and stores it; throws the reply for a refusal. */
async function handleData(deps: Deps, stream: SMTPServerDataStream, session: SMTPServerSession): Promise<string[]> {
  const raw = await readCapped(stream, MESSAGE_MAX_BYTES);
  if (!raw) throw smtpError('5.3.4 Message too big: the limit is 40 MB', 552);
  const projectId = session.user;
  if (!projectId) throw smtpError('5.7.0 Authentication required', 530);
  const recipients = [
    ...new Set(session.envelope.rcptTo.map((r) => normalizeEmail(r.address)).filter((e) => e !== undefined)),
  ];
  let mail: Awaited<ReturnType<typeof simpleParser>>;
  try {
    mail = await simpleParser(raw, PARSE_OPTIONS);
  } catch (err) {
    throw smtpError(`5.6.0 Malformed message: ${(err as Error).message}`, 554);
  }
  return submitMessage(deps, projectId, recipients, mail);
}

/**
 * Checks a secret key. Bad keys are counted per client address with the HTTP API's counter
 * (API_KEY_FAILURES_PER_MINUTE, shared through Redis when set); once an address is over, its logins
 * are refused with 454 4.7.0 without looking at the key until its window ends, so guessing is slow.
 */
function createKeyCheck(deps: Deps) {
  const blockedUntil = new Map<string, number>();
  return async (address: string, password: string): Promise<string> => {
    const now = Date.now();
    const until = blockedUntil.get(address);
    if (until !== undefined && until > now) throw smtpError(THROTTLED, 454);
    if (until !== undefined) blockedUntil.delete(address);
    // Addresses that never come back are forgotten once the map grows.
    if (blockedUntil.size > 10_000) for (const [a, t] of blockedUntil) if (t <= now) blockedUntil.delete(a);
    try {
      const key = await authenticateApiKey(deps, password.trim(), false);
      return key.projectId;
    } catch (err) {
      if (!(err instanceof AppError)) {
        deps.log.error({ err }, 'SMTP submission key check failed');
        throw smtpError('4.7.0 Temporary failure, try again later', 454);
      }
      if (err.code === 'PROJECT_DISABLED') throw smtpError('5.7.8 This project is disabled', 535);
      const hit = await deps.apiKeyFailures.hit(`smtp-key-failures:${address}`, now);
      if (hit.count > deps.config.apiKeyFailuresPerMinute) {
        blockedUntil.set(address, hit.resetAt);
        throw smtpError(THROTTLED, 454);
      }
      // Public keys and malformed ones alike: the password is not a secret key of any project.
      throw smtpError('5.7.8 Authentication failed: the password must be a project secret key', 535);
    }
  };
}
