/**
 * Event webhooks on the write path: BENCH_WEBHOOK_RATE (1,000) new contacts a second for
 * BENCH_DURATION (10) s through POST /contacts, first with no endpoint, then with 3 endpoints
 * subscribed to every contact type on 3 loopback receivers (a process of their own). Mailwright runs
 * as `npm start` starts it; the writes come from this process on a steady schedule. Reports, per
 * receiver, the messages the database holds, the distinct webhook-ids that arrived, duplicates,
 * missing contact.created and the time from each write's answer (its commit) to the arrival; and the
 * write path's req/s and latency beside the run without endpoints, paced and flat out (autocannon,
 * 10 connections, BENCH_SATURATE_S s). Targets: every message once, p99 <= 1 s, ratio >= 0.8.
 * BENCH_SERIES=1 also prints commit→arrival by half-second of the run (does a lag build up, or stay?).
 * BENCH_SPLIT=1 runs the PostgreSQL service split: `serve --role api` and one `worker` process.
 * SQLite by default; BENCH_DATABASE_URL=postgres://… also runs it on a fresh database of that server.
 */

import { randomBytes } from 'node:crypto';
import { type LoadResult, loadPosts, onEachDatabase } from './lib.ts';
import { startService, startWorker } from './service.ts';
import {
  createEndpoints,
  type Drained,
  drain,
  machineLoad,
  pacedWrites,
  printSeries,
  startReceivers,
  type Tally,
  table,
  tally,
  type Writes,
} from './webhooks-lib.ts';

const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 1000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const SATURATE_S = Number(process.env.BENCH_SATURATE_S ?? 5);
const QUIET_MS = Number(process.env.BENCH_QUIET_S ?? 5) * 1000;
const DRAIN_TIMEOUT_MS = Number(process.env.BENCH_DRAIN_TIMEOUT_S ?? 120) * 1000;
const body = (tag: string) => (i: number) =>
  JSON.stringify({ email: `s${i}-${tag}@example.test`, data: { plan: i % 2 ? 'pro' : 'free', seen: i } });

/** The secrets every process of a split deployment shares (docs/scaling.md). */
function splitSecrets(): Record<string, string> {
  const one = () => randomBytes(32).toString('hex');
  return { JWT_SECRET: one(), SIGNING_SECRET: one(), ENCRYPTION_KEY: one() };
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const receivers = await startReceivers(3);
  // BENCH_PROF=<dir> writes the service's CPU profile there (node --cpu-prof) to see where the time goes.
  const prof = process.env.BENCH_PROF;
  // BENCH_SPLIT=1 (PostgreSQL): the API as `serve --role api` and delivery in a `worker` process.
  const split = process.env.BENCH_SPLIT === '1' && env.DATABASE_URL !== undefined;
  const shared = { ...env, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', ...(split && splitSecrets()) };
  const svc = await startService(
    shared,
    prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [],
    split ? ['--role', 'api'] : [],
  );
  const worker = split ? await startWorker(shared) : undefined;
  const tag = Date.now().toString(36);
  const count = RATE * DURATION;
  try {
    await loadPosts(svc.url, svc.secretKey, '/contacts', body(`warm${tag}`), 2);
    const bare = await pacedWrites(svc, { rate: RATE, count, tag: `a${tag}` });
    const bareFlat = await loadPosts(svc.url, svc.secretKey, '/contacts', body(`fa${tag}`), SATURATE_S);

    // The flat-out run leaves background work (the search index of its contacts): let it finish, so
    // the paced run with endpoints starts from the same quiet service as the one without.
    await new Promise((r) => setTimeout(r, QUIET_MS));
    const ids = await createEndpoints(svc, receivers.urls);
    const zero = ids.map(() => 0);
    const hooked = await pacedWrites(svc, { rate: RATE, count, tag: `b${tag}` });
    const paced = await drain(receivers, svc, ids, zero, DRAIN_TIMEOUT_MS);
    const tallies = paced.arrivals.map((a) => tally(a, hooked.committedAt));
    if (process.env.BENCH_SERIES) printSeries(label, paced.arrivals[0]!, hooked.committedAt);

    const flatStart = performance.timeOrigin + performance.now();
    const hookedFlat = await loadPosts(svc.url, svc.secretKey, '/contacts', body(`fb${tag}`), SATURATE_S);
    const flat = await drain(receivers, svc, ids, paced.total, DRAIN_TIMEOUT_MS);
    const flatTally = flat.arrivals.map((a) => tally(a, new Map()));

    report(label, { bare, hooked, bareFlat, hookedFlat }, { paced, tallies }, { flat, flatTally, flatStart });
  } finally {
    await worker?.stop();
    await svc.stop();
    await receivers.stop();
  }
}

function report(
  label: string,
  w: { bare: Writes; hooked: Writes; bareFlat: LoadResult; hookedFlat: LoadResult },
  p: { paced: Drained; tallies: Tally[] },
  f: { flat: Drained; flatTally: Tally[]; flatStart: number },
) {
  console.log(
    `${label}: POST /contacts, new contacts, ${RATE}/s for ${DURATION} s; 3 endpoints on loopback receivers (${machineLoad()})`,
  );
  const ratio = (a: number, b: number) => (a / b).toFixed(3);
  table(
    label,
    ['write path', 'writes', 'req/s', 'p50 ms', 'p99 ms'],
    [
      [`paced ${RATE}/s, no endpoint`, w.bare.ok, w.bare.reqPerS, w.bare.p50Ms, w.bare.p99Ms],
      [`paced ${RATE}/s, 3 endpoints`, w.hooked.ok, w.hooked.reqPerS, w.hooked.p50Ms, w.hooked.p99Ms],
      ['  ratio (target >= 0.8)', '', ratio(w.hooked.reqPerS, w.bare.reqPerS), '', ''],
      [`flat out ${SATURATE_S} s, no endpoint`, '', w.bareFlat.requestsPerSecond, '', w.bareFlat.p99Ms],
      [`flat out ${SATURATE_S} s, 3 endpoints`, '', w.hookedFlat.requestsPerSecond, '', w.hookedFlat.p99Ms],
      ['  ratio', '', ratio(w.hookedFlat.requestsPerSecond, w.bareFlat.requestsPerSecond), '', ''],
    ],
  );
  const failed = w.bare.failed + w.hooked.failed;
  if (failed > 0) console.log(`${label}: ${failed} paced write(s) failed`);
  table(
    label,
    [
      'paced run, receiver',
      'in db',
      'arrived',
      'twice',
      'missing',
      'strays',
      'DELIVERED',
      'p50 ms',
      'p99 ms',
      'max ms',
    ],
    p.tallies.map((t, i) => [
      `receiver ${i + 1}`,
      p.paced.expected[i]!,
      t.delivered,
      t.duplicates,
      t.missing,
      t.strays,
      p.paced.delivered[i]!,
      t.p50Ms,
      t.p99Ms,
      t.maxMs,
    ]),
  );
  const lastWrite = Math.max(...w.hooked.committedAt.values());
  console.log(
    `${label}: last arrival ${((p.paced.doneAt - lastWrite) / 1000).toFixed(2)} s after the last write's answer`,
  );
  const flatIn = f.flat.expected.reduce((a, b) => a + b, 0);
  const flatArrived = f.flatTally.reduce((a, t) => a + t.delivered, 0);
  const flatTwice = f.flatTally.reduce((a, t) => a + t.duplicates, 0);
  console.log(
    `${label}: flat-out run: ${flatIn} messages in db, ${flatArrived} arrived, ${flatTwice} twice, ` +
      `all in ${((f.flat.doneAt - f.flatStart) / 1000).toFixed(1)} s from the start of the ${SATURATE_S} s load`,
  );
}

export default (): Promise<void> => onEachDatabase(benchOn);
