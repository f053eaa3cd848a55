/**
 * Shared by the SMTP submission tests: a listener on a loopback port for the file, a nodemailer
 * client that logs in with a key, a self-signed certificate for STARTTLS, and the rows a send stored.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll } from 'vitest';
import type { Deps } from '../../src/deps.ts';
import { type SubmissionServer, startSubmissionServer } from '../../src/submission/submission-server.ts';
import type { TestEnv } from '../env.ts';

/** A throwaway self-signed certificate for localhost (openssl, from Debian's packages). */
export function selfSignedCertificate(): { cert: string; key: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'mw-tls-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
      ],
      { stdio: 'ignore' },
    );
    return { cert: readFileSync(cert, 'utf8'), key: readFileSync(key, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts a listener for the file with `submission` settings laid over the test configuration's. */
export function submissionHelpers(t: TestEnv, submission: Partial<Deps['config']['submission']> = {}) {
  let server: SubmissionServer;
  beforeAll(async () => {
    const config = { ...t.deps.config, submission: { ...t.deps.config.submission, ...submission } };
    server = await startSubmissionServer({ ...t.deps, config }, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => server?.close());

  /** A client logging in with `pass` (no TLS unless `tls`: then STARTTLS is required). */
  const client = (pass: string | undefined, tls = false) =>
    nodemailer.createTransport({
      host: '127.0.0.1',
      port: server.port,
      secure: false,
      ignoreTLS: !tls,
      requireTLS: tls,
      tls: { rejectUnauthorized: false },
      auth: pass === undefined ? undefined : { user: 'app', pass },
      connectionTimeout: 5000,
      socketTimeout: 20_000,
    });

  return {
    port: () => server.port,
    server: () => server,
    client,
    /** Sends `message` logged in with `pass`; answers nodemailer's info or throws its error. */
    send: (pass: string | undefined, message: SendMailOptions, tls = false) => client(pass, tls).sendMail(message),
    /** The outbox rows stored for `projectId`, oldest first. */
    rows: (projectId: string) =>
      t.deps.db
        .selectFrom('emails')
        .selectAll()
        .where('projectId', '=', projectId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute(),
  };
}

/** What nodemailer's rejection carries: the reply code and line. */
export function smtpFailure(err: unknown): { responseCode?: number; response?: string } {
  return (err ?? {}) as { responseCode?: number; response?: string };
}

// A complete reply: any continuation lines (code and a dash), then its last line (code and a space).
const REPLY = /^(?:\d{3}-.*\r\n)*\d{3} .*\r\n/;

/** A hand-driven SMTP session: each `command` answers the next reply; `write` sends bytes as they are. */
export async function smtpSession(port: number) {
  const socket = connect(port, '127.0.0.1');
  socket.setEncoding('utf8');
  const replies: string[] = [];
  const waiting: Array<(reply: string) => void> = [];
  let buffer = '';
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (let m = REPLY.exec(buffer); m; m = REPLY.exec(buffer)) {
      buffer = buffer.slice(m[0].length);
      const next = waiting.shift();
      if (next) next(m[0].trimEnd());
      else replies.push(m[0].trimEnd());
    }
  });
  socket.on('error', () => {});
  const reply = () =>
    new Promise<string>((resolve, reject) => {
      const queued = replies.shift();
      if (queued !== undefined) return resolve(queued);
      const timer = setTimeout(() => reject(new Error('no SMTP reply within 10 s')), 10_000);
      waiting.push((r) => {
        clearTimeout(timer);
        resolve(r);
      });
    });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  await reply();
  return {
    command: (line: string) => {
      socket.write(`${line}\r\n`);
      return reply();
    },
    write: (bytes: string) => socket.write(bytes),
    reply,
    close: () => socket.destroy(),
  };
}
