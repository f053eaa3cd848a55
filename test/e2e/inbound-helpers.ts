/**
 * Shared by the inbound mail tests: the listener on a loopback port for the file, a verified domain
 * for a project, and sending through nodemailer as a remote MTA would.
 */
import { connect } from 'node:net';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll } from 'vitest';
import { type InboundSmtp, startInboundSmtp } from '../../src/inbound/inbound-smtp.ts';
import type { TestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';

export function inboundHelpers(t: TestEnv) {
  let smtp: InboundSmtp;
  beforeAll(async () => {
    smtp = await startInboundSmtp(t.deps, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => smtp?.close());

  const transport = () =>
    nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true });

  return {
    /** The listener's port. */
    port: () => smtp.port,
    /** Sends a raw message with an explicit envelope. */
    send: (envelope: { from: string; to: string[] }, raw: string | Buffer) => transport().sendMail({ envelope, raw }),
    /** Composes and sends a message with nodemailer (MIME built by it), to the envelope given. */
    compose: (envelope: { from: string; to: string[] }, message: SendMailOptions) =>
      transport().sendMail({ ...message, envelope }),
    /**
     * Speaks SMTP by hand, for what a well-behaved client will not send: answers the banner and
     * the reply to each command, in order (a multi-line reply as one string, lines joined by CRLF).
     */
    dialogue: (commands: string[]) => dialogue(smtp.port, commands),
    /** Adds `domain` to the project and marks it VERIFIED, as the verify job would. */
    addVerifiedDomain: (project: TestProject, domain: string) => t.make.verifiedDomain(project, domain),
  };
}

// A complete reply: any continuation lines (code and a dash), then its last line (code and a space).
const REPLY = /^(?:\d{3}-.*\r\n)*\d{3} .*\r\n/;

export async function dialogue(port: number, commands: string[]): Promise<string[]> {
  const socket = connect(port, '127.0.0.1');
  socket.setEncoding('utf8');
  const replies: string[] = [];
  let buffer = '';
  let failure: Error | undefined;
  let wake = () => {};
  socket.on('error', (err) => {
    failure = err;
    wake();
  });
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (let m = REPLY.exec(buffer); m; m = REPLY.exec(buffer)) {
      replies.push(m[0].trimEnd());
      buffer = buffer.slice(m[0].length);
    }
    wake();
  });
  const replyCount = (n: number) =>
    new Promise<void>((resolve, reject) => {
      wake = () => (failure ? reject(failure) : replies.length >= n ? resolve() : undefined);
      wake();
    });
  try {
    await replyCount(1);
    for (const [i, command] of commands.entries()) {
      socket.write(`${command}\r\n`);
      await replyCount(i + 2);
    }
    return replies;
  } finally {
    socket.destroy();
  }
}
