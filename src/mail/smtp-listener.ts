/**
 * What our two SMTP listeners share (the inbound MX, inbound/inbound-smtp.ts, and SMTP submission,
 * submission/submission-server.ts): replies that carry their code, listening, and reading a
 * message with a cap on what is held.
 */
import type { AddressInfo } from 'node:net';
import type { SMTPServer, SMTPServerDataStream } from 'smtp-server';

export const TRY_LATER = '4.3.0 Temporary failure, try again later';

export type SmtpReply = Error & { responseCode: number };

/** An error smtp-server answers with `responseCode`; the text leads with its enhanced code (RFC 3463). */
export function smtpError(message: string, responseCode: number): SmtpReply {
  return Object.assign(new Error(message), { responseCode });
}

/** Listens on `port` (0: any free one) and `host`; answers the port once listening. */
export async function listenSmtp(server: SMTPServer, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  return (server.server.address() as AddressInfo).port;
}

/**
 * The whole message, or undefined once it goes over `max` bytes: then nothing more is kept (at most
 * `max` bytes are ever held) but the stream is still read to its end, so the reply can follow.
 */
export async function readCapped(stream: SMTPServerDataStream, max: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes <= max) chunks.push(chunk);
      else chunks.length = 0;
    }
  } catch {
    // The client went away mid-message: nobody reads the reply, and there is nothing to log.
    throw smtpError(TRY_LATER, 451);
  }
  return bytes > max || stream.sizeExceeded ? undefined : Buffer.concat(chunks, bytes);
}
