/**
 * The inbound SMTP listener (INBOUND_SMTP_PORT): the MX of the return-path hosts and of projects'
 * domains. No AUTH and no STARTTLS (nothing here is secret, and a relay that insists on TLS is
 * refused rather than half-served); recipients are checked at RCPT, so mail for domains we do not
 * serve is refused before its data is sent; size, recipients and connections are bounded.
 *
 * Our replies carry their enhanced status code (RFC 3463) in the text, since smtp-server's mapping
 * gives one per reply code, not per reason: 554 5.6.0 for a malformed message, 452 4.5.3 for too
 * many recipients, 451 4.3.0 when storing failed. A message over the size (declared with SIZE at
 * MAIL FROM, or found while reading DATA) gets smtp-server's own 552. A refused message stores nothing.
 */
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Deps } from '../deps.ts';
import { listenSmtp, readCapped, smtpError, TRY_LATER } from '../mail/smtp-listener.ts';
import { acceptsRecipient, type InboundDeps, receiveInboundMail } from './inbound.service.ts';

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
const MAX_RECIPIENTS = 50;
const MAX_CONNECTIONS = 100;
const PARSE_OPTIONS = {
  // DSN and ARF parts arrive as attachments, for reports.ts.
  keepDeliveryStatus: true,
  // The event keeps the HTML as sent: no cid: images inlined as data: URLs (up to 20 MB of them),
  // and no text derived from the HTML (`text` is the message's text/plain part).
  skipImageLinks: true,
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipTextLinks: true,
};

export interface InboundSmtp {
  port: number;
  close(): Promise<void>;
}

/**
 * Starts the listener on `options.port` (default INBOUND_SMTP_PORT; 0 picks a free port, for tests)
 * and `options.host` (default HOST); resolves once it listens.
 */
export async function startInboundSmtp(
  deps: InboundDeps & Pick<Deps, 'config'>,
  options: { port?: number; host?: string } = {},
): Promise<InboundSmtp> {
  const port = options.port ?? deps.config.inboundSmtpPort;
  if (port === undefined) throw new Error('startInboundSmtp: no port (INBOUND_SMTP_PORT is unset)');
  const server = new SMTPServer({
    name: new URL(deps.config.baseUrl).hostname,
    banner: 'Mailwright inbound',
    logger: false,
    disableReverseLookup: true,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    // A message that went over the size during DATA is answered 552 whatever onData says.
    rejectOversized: true,
    maxClients: MAX_CONNECTIONS,
    closeTimeout: 2000,
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) {
        return callback(smtpError('4.5.3 Too many recipients', 452));
      }
      acceptsRecipient(deps, address.address).then(
        (ok) => callback(ok ? undefined : smtpError(`5.1.2 No such domain here: ${address.address}`, 550)),
        (err) => {
          deps.log.error({ err }, 'inbound RCPT check failed');
          callback(smtpError(TRY_LATER, 451));
        },
      );
    },
    onData(stream, session, callback) {
      handleData(deps, stream, session).then(
        () => callback(),
        (err: Error & { responseCode?: number }) => {
          if (!err.responseCode) deps.log.error({ err }, 'inbound message failed');
          callback(err.responseCode ? err : smtpError(TRY_LATER, 451));
        },
      );
    },
  });
  server.on('error', (err) => deps.log.warn({ err }, 'inbound SMTP connection error'));
  const listening = await listenSmtp(server, port, options.host ?? deps.config.host);
  return {
    port: listening,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Reads, parses and records one message; throws an error with the reply's code when it is refused. */
async function handleData(deps: InboundDeps, stream: SMTPServerDataStream, session: SMTPServerSession) {
  const raw = await readCapped(stream, MAX_MESSAGE_BYTES);
  if (!raw) throw smtpError(`5.3.4 Message too big: the limit is ${MAX_MESSAGE_BYTES} bytes`, 552);
  let mail: ParsedMail;
  try {
    mail = await simpleParser(raw, PARSE_OPTIONS);
  } catch (err) {
    throw smtpError(`5.6.0 Malformed message: ${(err as Error).message}`, 554);
  }
  const recipients = session.envelope.rcptTo.map((r) => r.address);
  const outcome = await receiveInboundMail(deps, { recipients }, mail);
  if (outcome === 'no-sender') throw smtpError('5.6.0 Malformed message: no address in the From header', 554);
}
