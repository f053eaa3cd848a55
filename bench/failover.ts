/**
 * Failover between a project's own transports (beyond.md §7): BENCH_FAILOVER_EMAILS (default 5,000)
 * emails accepted by POST /v1/send for a project whose first SMTP transport refuses connections (a
 * closed loopback port) and whose second is a loopback sink, timed from the first request until the
 * sink holds every email id; beside, in the same service and run, the same number for a project with
 * the healthy transport alone. The refused transport is passed over after 5 failures in a row (for
 * 60 s, longer than the run), which is what makes failover cheap: the report shows its streak.
 * Each of BENCH_FAILOVER_ROUNDS rounds (default 3) times both, the refused transport's streak reset
 * before its run (a PATCH of its url), so every failover run starts with the failures; medians shown.
 * Target: failover >= 0.8 of the single transport in emails/s, none missing, none twice.
 * SQLite by default; BENCH_DATABASE_URL=postgres://… also runs it on a fresh database of that server.
 */
import { performance } from 'node:perf_hooks';
import { onEachDatabase, postSends, sendBody } from './lib.ts';
import { freePort, type Service, startService } from './service.ts';
import { type CountingSink, startCountingSink } from './smtp.ts';

const EMAILS = Number(process.env.BENCH_FAILOVER_EMAILS ?? 5000);
/** Rounds of each (alternating, single first); the medians are reported, as the machine may be shared. */
const ROUNDS = Number(process.env.BENCH_FAILOVER_ROUNDS ?? 3);
const WARMUP = 500;
const TIMEOUT_MS = 300_000;
const POOL = 5;

interface Run {
  elapsedMs: number;
  missing: number;
  duplicates: number;
  refused: number;
}

/** A JSON call with a project's secret key; anything but 2xx fails the benchmark. */
async function call(svc: Service, key: string, method: string, path: string, body?: object) {
  const res = await fetch(`${svc.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body && JSON.stringify(body),
  });
  const out = (await res.json()) as Record<string, unknown>;
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(out)}`);
  return out;
}

/** A second project of the service's owner; answers its secret key. */
async function secondProject(svc: Service): Promise<string> {
  const res = await fetch(`${svc.url}/users/@me/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: svc.cookie, 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ name: 'failover' }),
  });
  if (res.status !== 201) throw new Error(`project: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { secretKey: string }).secretKey;
}

/** Sends `count` emails as the project of `key` (20 requests in flight) and times their arrival in the sink. */
async function run(svc: Service, key: string, sink: CountingSink, count: number, tag: string): Promise<Run> {
  sink.reset('x-mailwright-email-id');
  const startedAt = performance.now();
  const { ids, refused } = await postSends(svc.url, key, count, {
    connections: 20,
    body: (i) => sendBody(i, `r${i}-${tag}@example.test`, 'news@bench.test'),
  });
  const elapsedMs = (await sink.holding(ids.size, startedAt + TIMEOUT_MS)) - startedAt;
  // A late second copy still counts.
  await new Promise((res) => setTimeout(res, 3000));
  let missing = count - ids.size;
  for (const id of ids) if (!sink.seen.has(id)) missing++;
  return { elapsedMs, missing, duplicates: sink.stats().duplicates, refused };
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const sink = await startCountingSink();
  const closed = await freePort();
  const svc = await startService({
    ...env,
    // The sink and the closed port are on loopback: exempt from the private-address guard.
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    SMTP_POOL_SIZE: String(POOL),
    SEND_RATE_PER_SECOND: '100000',
  });
  try {
    const healthy = { kind: 'SMTP', url: `smtp://127.0.0.1:${sink.port}`, streams: ['TRANSACTIONAL'] };
    await call(svc, svc.secretKey, 'POST', '/transports', { ...healthy, name: 'sink' });
    const failoverKey = await secondProject(svc);
    const down = await call(svc, failoverKey, 'POST', '/transports', {
      name: 'refused',
      kind: 'SMTP',
      url: `smtp://127.0.0.1:${closed}`,
      streams: ['TRANSACTIONAL'],
      priority: 1,
    });
    await call(svc, failoverKey, 'POST', '/transports', { ...healthy, name: 'sink', priority: 2 });
    const tag = Date.now().toString(36);
    await run(svc, svc.secretKey, sink, WARMUP, `warm${tag}`);
    const singles: Run[] = [];
    const failovers: Run[] = [];
    const streaks: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      singles.push(await run(svc, svc.secretKey, sink, EMAILS, `one${round}${tag}`));
      // A new url (the same one) starts the refused transport with a clean streak.
      await call(svc, failoverKey, 'PATCH', `/transports/${down.id}`, { url: `smtp://127.0.0.1:${closed}` });
      failovers.push(await run(svc, failoverKey, sink, EMAILS, `two${round}${tag}`));
      const streak = await call(svc, failoverKey, 'GET', `/transports/${down.id}`);
      streaks.push(`${streak.consecutiveFailures}${streak.pausedUntil ? ' (paused)' : ' (not paused)'}`);
    }
    const median = (runs: Run[]) => [...runs].sort((a, b) => a.elapsedMs - b.elapsedMs)[Math.floor(runs.length / 2)]!;
    const single = median(singles);
    const failover = median(failovers);
    const rate = (r: Run) => Math.round(EMAILS / (r.elapsedMs / 1000));
    const sum = (runs: Run[], k: 'missing' | 'duplicates' | 'refused') => runs.reduce((n, r) => n + r[k], 0);
    const tally = (runs: Run[]) =>
      `${sum(runs, 'missing')} missing, ${sum(runs, 'duplicates')} twice, ${sum(runs, 'refused')} refused requests in all rounds`;
    const rows: [string, string][] = [
      [
        'single healthy transport',
        `${rate(single)} emails/s median (${singles.map(rate).join(', ')}; ${tally(singles)})`,
      ],
      [
        'refused first, sink second',
        `${rate(failover)} emails/s median (${failovers.map(rate).join(', ')}; ${tally(failovers)})`,
      ],
      ['  of the single transport', `${(single.elapsedMs / failover.elapsedMs).toFixed(3)} (target >= 0.8)`],
      ['refused transport streaks', `${streaks.join(', ')} failures in a row per round`],
    ];
    console.log(`${label}: ${EMAILS} emails through a project's own SMTP transports, ${POOL} connections each`);
    for (const [k, v] of rows) console.log(`${label}:   ${k.padEnd(28)} ${v}`);
  } finally {
    await svc.stop();
    await sink.close();
  }
}

export default (): Promise<void> => onEachDatabase(benchOn);
