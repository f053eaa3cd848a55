/**
 * SMTP submission beside POST /v1/send (beyond.md §6): BENCH_SUBMISSION_EMAILS (default 10,000)
 * messages of one shape (a subject, an HTML body with a link, one recipient each) sent to the service
 * as `npm start` runs it, once through /v1/send (autocannon, 10 connections) and once over SMTP by
 * 10 concurrent nodemailer clients (one connection each, AUTH PLAIN with the secret key), each timed
 * from the first request until a loopback sink holds every email id: both go through the same
 * delivery (DKIM on, 5 SMTP connections), so the ratio says what submission costs over the API.
 * The time until every message was answered (accepted) is shown too. Target: SMTP >= 0.5 of
 * /v1/send in messages/s, none missing, none twice.
 * SQLite by default; BENCH_DATABASE_URL=postgres://… also runs it on a fresh database of that server.
 */
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import nodemailer from 'nodemailer';
import { startDnsServer } from '../test/servers/dns-server.ts';
import { onEachDatabase, postSends } from './lib.ts';
import { freePort, type Service, startService } from './service.ts';
import { type CountingSink, deliveringToSink, startCountingSink, verifiedDomain } from './smtp.ts';

const EMAILS = Number(process.env.BENCH_SUBMISSION_EMAILS ?? 10_000);
const WARMUP = Math.min(500, Math.ceil(EMAILS / 10));
const CLIENTS = 10;
const TIMEOUT_MS = 600_000;
const DOMAIN = 'bench.test';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const subject = (i: number) => `Order ${i} shipped`;
const html = (i: number) =>
  `<p>Hi, your order ${i} shipped.</p><p><a href="https://example.test/o/${i}">Track it</a></p>`;

interface Run {
  acceptMs: number;
  deliverMs: number;
  refused: number;
  missing: number;
  duplicates: number;
}

/** Waits until the sink holds every id of `ids` (at most TIMEOUT_MS), then 2 s more for late copies. */
async function delivered(sink: CountingSink, ids: Set<string>, startedAt: number) {
  const doneAt = await sink.holding(ids.size, startedAt + TIMEOUT_MS);
  await sleep(2000);
  let missing = 0;
  for (const id of ids) if (!sink.seen.has(id)) missing++;
  return { deliverMs: doneAt - startedAt, missing, duplicates: sink.stats().duplicates };
}

/** `count` messages through POST /v1/send over 10 connections; answers the email ids. */
function viaApi(svc: Service, count: number, offset: number) {
  return postSends(svc.url, svc.secretKey, count, {
    connections: CLIENTS,
    body: (n) => {
      const i = offset + n;
      const from = { name: 'Bench', email: `news@${DOMAIN}` };
      return JSON.stringify({ to: `r${i}@example.test`, from, subject: subject(i), body: html(i) });
    },
  });
}

/**
 * Opens the client's connection with Nagle's algorithm off. nodemailer ends each message with a small
 * separate write (the final dot), which with Nagle on waits for the server's delayed ACK (~40 ms).
 */
function noDelaySocket(port: number) {
  return (_options: unknown, callback: (err: Error | null, socket?: { connection: Socket }) => void) => {
    const socket = connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    socket.once('error', (err) => callback(err));
    socket.once('connect', () => callback(null, { connection: socket }));
  };
}

/** `count` messages over SMTP from CLIENTS nodemailer clients, one connection each; answers the email ids. */
async function viaSmtp(svc: Service, port: number, count: number, offset: number, noDelay: boolean) {
  const ids = new Set<string>();
  let refused = 0;
  const client = () =>
    nodemailer.createTransport({
      pool: true,
      maxConnections: 1,
      maxMessages: Number.POSITIVE_INFINITY,
      host: '127.0.0.1',
      port,
      secure: false,
      ignoreTLS: true,
      auth: { user: 'bench', pass: svc.secretKey },
      ...(noDelay ? { getSocket: noDelaySocket(port) } : {}),
    } as Parameters<typeof nodemailer.createTransport>[0]);
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, k) => {
      const c = client();
      for (let n = k; n < count; n += CLIENTS) {
        const i = offset + n + 1;
        try {
          const info = await c.sendMail({
            from: { name: 'Bench', address: `news@${DOMAIN}` },
            to: `s${i}@example.test`,
            subject: subject(i),
            html: html(i),
          });
          for (const id of /Queued as (.*)$/.exec(info.response)?.[1]?.split(' ') ?? []) ids.add(id);
        } catch {
          refused++;
        }
      }
      c.close();
    }),
  );
  return { ids, refused };
}

async function timed(sink: CountingSink, send: () => Promise<{ ids: Set<string>; refused: number }>): Promise<Run> {
  sink.reset('x-mailwright-email-id');
  const startedAt = performance.now();
  const { ids, refused } = await send();
  const acceptMs = performance.now() - startedAt;
  return { acceptMs, refused, ...(await delivered(sink, ids, startedAt)) };
}

async function listening(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1', () => resolve(true));
      s.once('error', () => resolve(false));
      setTimeout(() => s.destroy(), 50);
    });
    if (ok) return;
    await sleep(100);
  }
  throw new Error('the submission listener did not come up');
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const sink = await startCountingSink();
  const dns = await startDnsServer();
  const port = await freePort();
  let svc: Service | undefined;
  try {
    svc = await startService({
      ...env,
      ...deliveringToSink(sink.port, dns.server),
      SMTP_SUBMISSION_PORT: String(port),
      // Loopback only: the key crosses in clear, as an application on the same host would send it.
      SMTP_SUBMISSION_ALLOW_INSECURE: 'true',
    });
    await verifiedDomain(svc, dns, DOMAIN);
    await listening(port);
    const s = svc;
    await timed(sink, () => viaApi(s, WARMUP, 1_000_000));
    await timed(sink, () => viaSmtp(s, port, WARMUP, 2_000_000, false));
    const api = await timed(sink, () => viaApi(s, EMAILS, 0));
    const smtp = await timed(sink, () => viaSmtp(s, port, EMAILS, 0, false));
    const fast = await timed(sink, () => viaSmtp(s, port, EMAILS, 3_000_000, true));
    report(label, api, smtp, fast);
  } finally {
    await svc?.stop();
    await dns.close();
    await sink.close();
  }
}

function report(label: string, api: Run, smtp: Run, fast: Run): void {
  const rate = (ms: number) => Math.round(EMAILS / (ms / 1000));
  const line = (r: Run) =>
    `accepted ${rate(r.acceptMs)}/s, delivered ${rate(r.deliverMs)}/s; missing ${r.missing}, twice ${r.duplicates}, refused ${r.refused}`;
  console.log(`${label}: ${EMAILS} messages, ${CLIENTS} clients, into a loopback SMTP sink (DKIM on)`);
  console.log(`${label}:   POST /v1/send       ${line(api)}`);
  console.log(`${label}:   SMTP submission     ${line(smtp)}`);
  console.log(`${label}:   same, TCP_NODELAY   ${line(fast)}`);
  console.log(
    `${label}:   SMTP / API accepted ${(api.acceptMs / smtp.acceptMs).toFixed(3)} (TCP_NODELAY clients ${(api.acceptMs / fast.acceptMs).toFixed(3)})`,
  );
  console.log(
    `${label}:   SMTP / API delivered ${(api.deliverMs / smtp.deliverMs).toFixed(3)} (target >= 0.5; TCP_NODELAY clients ${(api.deliverMs / fast.deliverMs).toFixed(3)})`,
  );
}

export default (): Promise<void> => onEachDatabase(benchOn);
