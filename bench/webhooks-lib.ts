/**
 * What the webhook benchmarks share: receivers in a process of their own (webhooks-receivers.ts),
 * contact writes at a steady pace through POST /contacts with each write's answer time, endpoints
 * created through the API, and the tally of what arrived (by webhook-id) against what was written.
 */
import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { api } from './lib.ts';
import type { Service } from './service.ts';
import type { Arrival } from './webhooks-receivers.ts';

export type { Arrival };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const wallNow = () => performance.timeOrigin + performance.now();

/** The contact types, each named: the API takes exact types or "*", so `contact.*` is all five. */
export const CONTACT_TYPES = [
  'contact.created',
  'contact.updated',
  'contact.deleted',
  'contact.subscribed',
  'contact.unsubscribed',
];

export interface Receivers {
  urls: string[];
  down(index: number): Promise<void>;
  /** Brings a receiver back on its port; answers the wall-clock time it listened again. */
  up(index: number): Promise<number>;
  counts(): Promise<{ arrivals: number; distinct: number }[]>;
  take(): Promise<Arrival[][]>;
  stop(): Promise<void>;
}

/** Starts `count` receivers in a child process. */
export async function startReceivers(count: number): Promise<Receivers> {
  const script = fileURLToPath(new URL('./webhooks-receivers.ts', import.meta.url));
  const child: ChildProcess = fork(script, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let seq = 0;
  child.on('message', (m: { seq: number; ok: boolean; value: unknown }) => {
    const w = waiting.get(m.seq);
    waiting.delete(m.seq);
    if (m.ok) w?.resolve(m.value);
    else w?.reject(new Error(String(m.value)));
  });
  const call = <T>(cmd: string, extra: object = {}) =>
    new Promise<T>((resolve, reject) => {
      const n = ++seq;
      waiting.set(n, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ seq: n, cmd, ...extra });
    });
  const ports = await call<number[]>('open', { count });
  return {
    urls: ports.map((p) => `http://127.0.0.1:${p}/hook`),
    down: (index) => call('down', { index }),
    up: (index) => call('up', { index }),
    counts: () => call('counts'),
    take: () => call('take'),
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.disconnect();
      await exited;
    },
  };
}

/** Creates one endpoint per URL, subscribed to `events`; answers their ids. */
export async function createEndpoints(svc: Service, urls: string[], events = CONTACT_TYPES): Promise<string[]> {
  const ids: string[] = [];
  for (const url of urls) {
    const e = await api(svc, '/webhook-endpoints', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url, events }),
    });
    ids.push(e.id as string);
  }
  return ids;
}

/** Messages of an endpoint in the database (all, or of one status), as the log counts them. */
export async function messageCount(svc: Service, endpointId: string, status?: string): Promise<number> {
  const q = status ? `&status=${status}` : '';
  return (await api(svc, `/webhook-endpoints/${endpointId}/messages?limit=1${q}`)).total as number;
}

export interface Writes {
  /** Writes answered 2xx. */
  ok: number;
  failed: number;
  /** ok / seconds from the first scheduled write to the last answer. */
  reqPerS: number;
  /** ms from each write's scheduled time to its answer (an open-loop load: lag counts). */
  p50Ms: number;
  p99Ms: number;
  /** Wall-clock time each written email's answer arrived: its transaction had committed. */
  committedAt: Map<string, number>;
}

/**
 * POSTs `count` new contacts (`w<i>-<tag>@example.test`) to /contacts at `rate` a second, on a
 * steady schedule whatever the answers take (up to 256 in flight).
 */
export async function pacedWrites(svc: Service, opts: { rate: number; count: number; tag: string }): Promise<Writes> {
  const target = new URL(svc.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  const committedAt = new Map<string, number>();
  let failed = 0;
  let inFlight = 0;
  let next = 0;
  let lastAnswer = 0;
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const fire = (i: number) => {
      const email = `w${i}-${opts.tag}@example.test`;
      const scheduled = start + (i * 1000) / opts.rate;
      inFlight++;
      const done = (ok: boolean) => {
        const now = performance.now();
        inFlight--;
        lastAnswer = now;
        if (ok) {
          latencies.push(now - scheduled);
          committedAt.set(email, performance.timeOrigin + now);
        } else failed++;
        if (next >= opts.count && inFlight === 0) resolve();
      };
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: 'POST',
          path: '/contacts',
          headers: { authorization: `Bearer ${svc.secretKey}`, 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          res.on('end', () => done(res.statusCode! >= 200 && res.statusCode! < 300));
        },
      );
      req.on('error', () => done(false));
      req.end(JSON.stringify({ email, data: { plan: i % 2 ? 'pro' : 'free', seen: i } }));
    };
    const tick = () => {
      const elapsed = performance.now() - start;
      const due = Math.min(opts.count, Math.floor((elapsed * opts.rate) / 1000) + 1);
      while (next < due && inFlight < 256) fire(next++);
      if (next < opts.count) setTimeout(tick, 1);
    };
    tick();
  });
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    ok: latencies.length,
    failed,
    reqPerS: Math.round(latencies.length / ((lastAnswer - start) / 1000)),
    p50Ms: round1(percentile(latencies, 0.5)),
    p99Ms: round1(percentile(latencies, 0.99)),
    committedAt,
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

/** After the last id arrived, a late second copy still counts. */
const SETTLE_MS = 2000;

export interface Drained {
  /** Messages of each endpoint in the database, all told. */
  total: number[];
  /** Messages of each endpoint written since `before`: what its receiver should get. */
  expected: number[];
  /** Wall-clock time every receiver had them (or the timeout passed). */
  doneAt: number;
  /** DELIVERED messages of each endpoint, all told. */
  delivered: number[];
  arrivals: Arrival[][];
}

/** Waits for each endpoint's messages beyond `before` to arrive, lets late copies come, and takes the arrivals. */
export async function drain(
  receivers: Receivers,
  svc: Service,
  ids: string[],
  before: number[],
  timeoutMs: number,
): Promise<Drained> {
  const total = await Promise.all(ids.map((id) => messageCount(svc, id)));
  const expected = total.map((n, i) => n - before[i]!);
  const doneAt = await untilDelivered(receivers, expected, timeoutMs);
  await sleep(SETTLE_MS);
  const delivered = await Promise.all(ids.map((id) => messageCount(svc, id, 'DELIVERED')));
  return { total, expected, doneAt, delivered, arrivals: await receivers.take() };
}

/** Waits until every receiver holds `expected[i]` distinct webhook-ids (or `timeoutMs` passes); answers when. */
export async function untilDelivered(receivers: Receivers, expected: number[], timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = await receivers.counts();
    if (counts.every((c, i) => c.distinct >= expected[i]!)) return wallNow();
    if (Date.now() > deadline) return wallNow();
    await sleep(20);
  }
}

export interface Tally {
  /** Distinct webhook-ids that arrived. */
  delivered: number;
  /** Arrivals beyond the first of their webhook-id. */
  duplicates: number;
  /** Written emails whose contact.created never arrived. */
  missing: number;
  /** Arrivals of emails not written by the run, or without an id. */
  strays: number;
  /** ms from each contact.created's write answer to its first arrival. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Wall-clock time of the last first arrival. */
  lastAt: number;
}

/** What one receiver got, against the run's writes (`committedAt` of Writes). */
export function tally(arrivals: Arrival[], committedAt: Map<string, number>): Tally {
  const first = new Map<string, Arrival>();
  let duplicates = 0;
  let strays = 0;
  for (const a of arrivals) {
    if (!a[0]) strays++;
    else if (first.has(a[0])) duplicates++;
    else first.set(a[0], a);
  }
  const latencies: number[] = [];
  const createdFor = new Set<string>();
  let lastAt = 0;
  for (const [, type, email, at] of first.values()) {
    lastAt = Math.max(lastAt, at);
    const committed = committedAt.get(email);
    if (committed === undefined) strays++;
    else if (type === 'contact.created') {
      createdFor.add(email);
      latencies.push(at - committed);
    }
  }
  latencies.sort((a, b) => a - b);
  return {
    delivered: first.size,
    duplicates,
    missing: committedAt.size - createdFor.size,
    strays,
    p50Ms: round1(percentile(latencies, 0.5)),
    p99Ms: round1(percentile(latencies, 0.99)),
    maxMs: round1(latencies[latencies.length - 1] ?? Number.NaN),
    lastAt,
  };
}

/** Prints, per half-second of commit times, how many contact.created arrived and their commit→arrival range. */
export function printSeries(label: string, arrivals: Arrival[], committedAt: Map<string, number>): void {
  const t0 = Math.min(...committedAt.values());
  const buckets = new Map<number, number[]>();
  for (const [, type, email, at] of arrivals) {
    const c = committedAt.get(email);
    if (c === undefined || type !== 'contact.created') continue;
    const b = Math.floor((c - t0) / 500);
    buckets.set(b, [...(buckets.get(b) ?? []), at - c]);
  }
  for (const [b, l] of [...buckets].sort((x, y) => x[0] - y[0])) {
    console.log(
      `${label}: committed at +${(b * 0.5).toFixed(1)} s: ${l.length} arrived ${Math.min(...l).toFixed(0)}–${Math.max(...l).toFixed(0)} ms later`,
    );
  }
}

/** Prints `rows` as an aligned table under `label`. */
export function table(label: string, head: string[], rows: (string | number)[][]): void {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`${label}: ${line(cells[0]!)}`);
  for (const r of cells.slice(1)) console.log(`${label}: ${line(r)}`);
}

/** The machine's 1-minute load average and cores, printed beside figures measured on a shared machine. */
export function machineLoad(): string {
  return `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;
}
