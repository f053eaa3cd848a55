/**
 * The inbound SMTP listener (INBOUND_SMTP_PORT): the MX of the return-path hosts and of projects'
 * domains. No AUTH and no STARTTLS (nothing here is secret, and a relay that insists on TLS is
 * refused rather than half-served); recipients are checked at RCPT, so mail for domains we do not
 * serve is refused before its data is sent; size, recipients and connections are bounded.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Deps } from '../deps.ts';
import { acceptsRecipient, type InboundDeps, receiveInboundMail } from './inbound.service.ts';

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
const MAX_RECIPIENTS = 50;
const MAX_CONNECTIONS = 100;

export interface InboundSmtp {
  port: number;
  close(): Promise<void>;
}

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
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
    maxClients: MAX_CONNECTIONS,
    closeTimeout: 2000,
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) {
        return callback(smtpError('Too many recipients', 452));
      }
      acceptsRecipient(deps, address.address).then(
        (ok) => callback(ok ? undefined : smtpError(`No such domain here: ${address.address}`, 550)),
        (err) => {
          deps.log.error({ err }, 'inbound RCPT check failed');
          callback(smtpError('Temporary failure, try again later', 451));
        },
      );
    },
    onData(stream, session, callback) {
      handleData(deps, stream, session).then(
        () => callback(),
        (err: Error & { responseCode?: number }) => {
          if (!err.responseCode) deps.log.error({ err }, 'inbound message failed');
          callback(err.responseCode ? err : smtpError('Temporary failure, try again later', 451));
        },
      );
    },
  });
  server.on('error', (err) => deps.log.warn({ err }, 'inbound SMTP connection error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, options.host ?? deps.config.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function handleData(deps: InboundDeps, stream: SMTPServerDataStream, session: SMTPServerSession) {
  const mail = await simpleParser(stream, { keepDeliveryStatus: true });
  if (stream.sizeExceeded) throw smtpError('Message too large', 552);
  const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
  const recipients = session.envelope.rcptTo.map((r) => r.address);
  await receiveInboundMail(deps, { from, recipients }, mail);
}
