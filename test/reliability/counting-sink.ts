/**
 * A lean SMTP sink for the reliability suite: a real smtp-server on 127.0.0.1 that accepts every
 * message and keeps of each only its envelope recipient, X-Mailwright-Email-Id and Message-ID, read
 * from the header block; the body is drained unread. Fifty thousand messages cost a few MB here,
 * where test/servers/smtp-sink.ts keeps (and parses) every raw message. A message is recorded before
 * the client sees 250, so what a sender was told was accepted is always in `messages`.
 */
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { listenOnLoopback, parseHeaders } from '../servers/smtp-sink.ts';

export interface CountedMessage {
  /** The envelope recipient (RCPT TO). */
  to: string;
  /** X-Mailwright-Email-Id ('' when absent). */
  emailId: string;
  /** Message-ID, angle brackets included ('' when absent). */
  messageId: string;
}

export interface CountingSink {
  url: string;
  /** Every accepted message in arrival order (a live array). */
  messages: CountedMessage[];
  /** How many distinct email ids arrived so far (kept as they arrive: cheap to poll). */
  distinct(): number;
  /** Whether a message of this email id has arrived. */
  received(emailId: string): boolean;
  close(): Promise<void>;
}

/** Starts the sink on 127.0.0.1:0; resolves once it is listening. */
export async function startCountingSink(): Promise<CountingSink> {
  const messages: CountedMessage[] = [];
  const ids = new Set<string>();
  const server = new SMTPServer({
    name: 'counting-sink.test',
    logger: false,
    disableReverseLookup: true,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    closeTimeout: 100,
    onData(stream, session, callback) {
      readHeaderBlock(stream).then(
        (block) => {
          const headers = parseHeaders(block);
          const emailId = headers['x-mailwright-email-id'] ?? '';
          messages.push({
            to: session.envelope.rcptTo[0]?.address ?? '',
            emailId,
            messageId: headers['message-id'] ?? '',
          });
          ids.add(emailId);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  const port = await listenOnLoopback(server);
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    distinct: () => ids.size,
    received: (emailId) => ids.has(emailId),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Collects the stream up to the first empty line and drains (without keeping) the rest. */
function readHeaderBlock(stream: SMTPServerDataStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let head = '';
    let done = false;
    stream.on('data', (chunk: Buffer) => {
      if (done) return;
      head += chunk.toString('latin1');
      const end = head.search(/\r?\n\r?\n/);
      if (end >= 0) {
        head = head.slice(0, end);
        done = true;
      }
    });
    stream.once('error', reject);
    stream.once('end', () => resolve(head));
  });
}
