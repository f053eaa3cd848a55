/**
 * Delivery throughput into a loopback SMTP sink, DKIM on: BENCH_EMAILS (default 20,000) emails
 * accepted by POST /v1/send (one recipient each, a Liquid body with a link), timed from the first
 * request until the sink holds every email id, beside a bare nodemailer pool sending as many
 * DKIM-signed messages of the same shape to the same sink in the same run (in a process of its own,
 * as Mailwright is), out of the box and with TCP_NODELAY. Every sender uses 5 SMTP connections.
 * Target (issue 41): Mailwright >= 0.9 of the faster pool (TCP_NODELAY) in emails/s, none missing, none twice.
 * Out of the box, nodemailer's pool waits ~40 ms per message for a delayed ACK (its final dot is a
 * separate small write), so the bare figure is shown but the ratio that counts is against the fast pool;
 * Mailwright's own transport turns Nagle off.
 * The sender domain is verified for real: a loopback DNS server publishes the records POST /domains
 * answered, and the service resolves through it (DNS_SERVERS).
 * On PostgreSQL a second phase splits the two jobs of one process: the same number of emails accepted
 * by a `serve --role api` process with no worker running, then delivered by a `worker` process started
 * afterwards (timed from the moment it is up): delivery alone, without /v1/send sharing its cores.
 * SQLite by default; BENCH_DATABASE_URL=postgres://… also runs it on a fresh database of that server.
 */
import { randomBytes } from 'node:crypto';
import { promises as dnsPromises } from 'node:dns';
import { performance } from 'node:perf_hooks';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { DKIM_SIGNED_HEADERS } from '../src/mail/mime.ts';
import { type DnsServer, startDnsServer } from '../test/servers/dns-server.ts';
import { onEachDatabase, postSends, profileFlags, sendBody, withFreshPostgres } from './lib.ts';
import { type Service, startService, startWorker } from './service.ts';
import { type CountingSink, deliveringToSink, startBaselineSender, startCountingSink, verifiedDomain } from './smtp.ts';

const EMAILS = Number(process.env.BENCH_EMAILS ?? 20_000);
const WARMUP = Math.min(500, Math.ceil(EMAILS / 10));
const TIMEOUT_MS = Number(process.env.BENCH_DELIVERY_TIMEOUT_S ?? 600) * 1000;
const POOL = 5;
const DOMAIN = 'bench.test';

interface Arrival {
  /** ms from the first send to the arrival of the last id still missing (or to giving up). */
  elapsedMs: number;
  missing: number;
  duplicates: number;
  /** Messages the sink received that carry no id or an id nobody sent. */
  strays: number;
  avgBytes: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits (polling every 50 ms, at most TIMEOUT_MS) until the sink holds every id of `expected`, then
 * `settleMs` more, so a second copy sent late still counts as one twice (the clock stops before).
 */
async function arrival(sink: CountingSink, expected: Set<string>, startedAt: number, settleMs = 0): Promise<Arrival> {
  const finishedAt = await sink.holding(expected.size, startedAt + TIMEOUT_MS);
  // The count can be reached early by mail the run did not send (the service's own notice to the
  // project's owner): wait for the ids themselves, so none of this phase arrives in the next.
  while ([...expected].some((id) => !sink.seen.has(id)) && performance.now() < startedAt + TIMEOUT_MS) await sleep(50);
  await sleep(settleMs);
  let missing = 0;
  for (const id of expected) if (!sink.seen.has(id)) missing++;
  const s = sink.stats();
  const strays = s.withoutId + [...sink.seen.keys()].filter((id) => !expected.has(id)).length;
  return {
    elapsedMs: finishedAt - startedAt,
    missing,
    duplicates: s.duplicates,
    strays,
    avgBytes: Math.round(s.bytes / Math.max(1, s.messages)),
  };
}

/** The baseline in a process of its own: nodemailer's pool, DKIM-signed by nodemailer, 50 sendMail calls in flight. */
async function baseline(sink: CountingSink, tag: string, noDelay: boolean): Promise<Arrival> {
  const sender = startBaselineSender({
    port: sink.port,
    pool: POOL,
    inFlight: 50,
    domain: DOMAIN,
    signedHeaders: DKIM_SIGNED_HEADERS,
    noDelay,
  });
  const ids = (count: number, prefix: string) => new Set(Array.from({ length: count }, (_, i) => `${prefix}-${i}`));
  try {
    sink.reset('x-bench-id');
    await sender.send(WARMUP, `warm${tag}`);
    await arrival(sink, ids(WARMUP, `warm${tag}`), performance.now());
    sink.reset('x-bench-id');
    const startedAt = performance.now();
    await sender.send(EMAILS, `base${tag}`);
    return await arrival(sink, ids(EMAILS, `base${tag}`), startedAt);
  } finally {
    sender.stop();
  }
}

/** POSTs `count` emails through /v1/send, 20 in flight; answers the email ids and how long it took. */
async function sendMany(svc: Service, count: number, tag: string) {
  const startedAt = performance.now();
  const { ids, refused } = await postSends(svc.url, svc.secretKey, count, {
    connections: 20,
    body: (i) => sendBody(i, `r${i}-${tag}@example.test`, `news@${DOMAIN}`),
  });
  return { ids, startedAt, acceptMs: performance.now() - startedAt, refused };
}

/** Checks the DKIM signature of a received message against what the loopback DNS publishes. */
async function dkimOf(raw: Buffer | undefined, dns: DnsServer): Promise<string> {
  if (!raw) return 'no message';
  const resolver = new dnsPromises.Resolver();
  resolver.setServers([dns.server]);
  const { results } = await dkimVerify(raw, {
    resolver: async (name, type) => {
      if (type !== 'TXT') throw Object.assign(new Error(`no ${type}`), { code: 'ENOTFOUND' });
      return resolver.resolveTxt(name);
    },
  });
  const r = results[0];
  return r ? `${r.status.result} (d=${r.signingDomain}, s=${r.selector})` : 'unsigned';
}

/**
 * PostgreSQL only: EMAILS accepted by an API process while no worker runs, then delivered by a worker
 * process; answers the delivery's arrival, timed from the worker being up.
 */
async function deliveredAlone(sink: CountingSink, dns: DnsServer, databaseUrl: string, tag: string) {
  const secret = () => randomBytes(32).toString('hex');
  // Every process of a split deployment shares these (docs/scaling.md).
  const shared = {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: secret(),
    SIGNING_SECRET: secret(),
    ENCRYPTION_KEY: secret(),
    ...deliveringToSink(sink.port, dns.server),
  };
  const svc = await startService(shared, [], ['--role', 'api']);
  try {
    await verifiedDomain(svc, dns, DOMAIN);
    sink.reset('x-mailwright-email-id');
    let worker = await startWorker(shared);
    const warm = await sendMany(svc, WARMUP, `awarm${tag}`);
    await arrival(sink, warm.ids, warm.startedAt);
    await worker.stop();
    sink.reset('x-mailwright-email-id');
    const sent = await sendMany(svc, EMAILS, `a${tag}`);
    worker = await startWorker(shared);
    try {
      return await arrival(sink, sent.ids, performance.now(), 5000);
    } finally {
      await worker.stop();
    }
  } finally {
    await svc.stop();
  }
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const tag = Date.now().toString(36);
  const sink = await startCountingSink();
  const dns = await startDnsServer();
  let svc: Service | undefined;
  try {
    const base = await baseline(sink, tag, false);
    const fast = await baseline(sink, `nd${tag}`, true);
    svc = await startService(
      {
        ...env,
        // POOL (5) connections, as the baseline pools use.
        ...deliveringToSink(sink.port, dns.server),
      },
      profileFlags(),
    );
    await verifiedDomain(svc, dns, DOMAIN);
    sink.reset('x-mailwright-email-id');
    const warm = await sendMany(svc, WARMUP, `warm${tag}`);
    await arrival(sink, warm.ids, warm.startedAt);
    sink.reset('x-mailwright-email-id');
    const sent = await sendMany(svc, EMAILS, tag);
    const mw = await arrival(sink, sent.ids, sent.startedAt, 5000);
    const dkim = await dkimOf(sink.sample(), dns);
    await svc.stop();
    svc = undefined;
    // A database of its own: the domain is verified by the first run's project in the first one.
    const server = process.env.BENCH_DATABASE_URL;
    const alone =
      env.DATABASE_URL && server
        ? await withFreshPostgres(server, (url) => deliveredAlone(sink, dns, url, tag))
        : undefined;
    report(label, { base, fast, mw, alone }, { acceptMs: sent.acceptMs, refused: sent.refused }, dkim);
  } finally {
    await svc?.stop();
    await dns.close();
    await sink.close();
  }
}

function report(
  label: string,
  runs: { base: Arrival; fast: Arrival; mw: Arrival; alone?: Arrival },
  accept: { acceptMs: number; refused: number },
  dkim: string,
) {
  const { base, fast, mw, alone } = runs;
  const rate = (ms: number) => Math.round(EMAILS / (ms / 1000));
  const shape = (a: Arrival) => `${rate(a.elapsedMs)} emails/s (${a.avgBytes} bytes a message)`;
  const tally = (a: Arrival) => `${a.missing} / ${a.duplicates} / ${a.strays}`;
  const rows: [string, string][] = [
    ['bare nodemailer pool', shape(base)],
    ['  same, TCP_NODELAY', shape(fast)],
    ['POST /v1/send accepted', `${rate(accept.acceptMs)} req/s (${accept.refused} refused)`],
    ['Mailwright, sent to sink', shape(mw)],
    ['  of the bare pool', (base.elapsedMs / mw.elapsedMs).toFixed(3)],
    ['  of the TCP_NODELAY pool', `${(fast.elapsedMs / mw.elapsedMs).toFixed(3)} (target >= 0.9)`],
    ['missing / twice / strays', `${tally(mw)} (bare pool ${tally(base)}, TCP_NODELAY ${tally(fast)})`],
    ['DKIM of a received email', dkim],
    ...(alone
      ? ([
          ['delivery alone (a worker)', shape(alone)],
          ['  of the TCP_NODELAY pool', (fast.elapsedMs / alone.elapsedMs).toFixed(3)],
          ['  missing / twice / strays', tally(alone)],
        ] as [string, string][])
      : []),
  ];
  console.log(`${label}: ${EMAILS} emails into a loopback SMTP sink, DKIM on, ${POOL} SMTP connections each`);
  for (const [k, v] of rows) console.log(`${label}:   ${k.padEnd(26)} ${v}`);
}

export default (): Promise<void> => onEachDatabase(benchOn);
