/**
 * Optimization (beyond.md §9) at scale, against the service started as `npm start` starts it (API and
 * delivery in one process), loaded from this process, delivering through SMTP into a loopback counting
 * sink (DKIM on, 5 SMTP connections). BENCH_RECIPIENTS (default 100,000) contacts are imported first,
 * `data.timezone` spread over 300 IANA zones, one in 50 with an invalid name, one in 50 empty, 2 % without.
 * 1. A waiting backlog. Transactional email through POST /v1/send, each round timed from the first
 *    request until the sink holds every email: BENCH_ROUNDS (default 3) loaded rounds of BENCH_EMAILS
 *    (default 10,000) with 20 in flight, and as many paced rounds of BENCH_PACED_EMAILS (default 300)
 *    at 20 a second, where every email brings a delivery claim of its own. Then a send window closed
 *    now (every day, an hour starting 12 hours from now, UTC) and a MARKETING campaign to every
 *    imported contact, waited for until all its rows are stored PENDING and due later; then the same
 *    rounds again. Targets: loaded emails/s with the backlog >= 0.9 of without; the service's CPU time
 *    (/proc/<pid>/stat) per 1,000 emails delivered flat (ratio <= 1.1). Ratios are of the rounds'
 *    medians. On PostgreSQL, whose claim runs in the database's backends, each round also reports
 *    the claim index's entries read (pg_stat_user_indexes) and the backends' CPU.
 * 2. A local-time send, the window cleared: POST /campaigns/:id/send-plan {localTime, date} for the
 *    same audience (target < 10 s); then the send itself, timed until every row is stored due at its
 *    zone's moment (no target; reported); both checked against the zones the contacts were imported with.
 * SQLite by default; BENCH_DATABASE_URL=postgres://… also runs it on a fresh database of that server.
 * BENCH_PROF=<dir> writes the service's CPU profile there.
 */
import { performance } from 'node:perf_hooks';
import { startDnsServer } from '../test/servers/dns-server.ts';
import { api, importCsvFiles, medianOf, onEachDatabase, profileFlags } from './lib.ts';
import {
  contactRows,
  expectedDue,
  expectedZones,
  type Plan,
  patchProject,
  planProblems,
  spreadZones,
} from './optimization-lib.ts';
import {
  idleCpu,
  type OutboxReader,
  openOutbox,
  type Round,
  type RoundTarget,
  sendRound,
  servicePid,
} from './optimization-measure.ts';
import { type Service, startService } from './service.ts';
import { type CountingSink, deliveringToSink, startCountingSink, verifiedDomain } from './smtp.ts';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const EMAILS = Number(process.env.BENCH_EMAILS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PACED_EMAILS = Number(process.env.BENCH_PACED_EMAILS ?? 300);
const PACED_RATE = 20;
const WARMUP = Math.min(3000, Math.ceil(EMAILS / 4));
const IDLE_MS = 10_000;
const TIMEOUT_MS = Number(process.env.BENCH_DELIVERY_TIMEOUT_S ?? 900) * 1000;
const WITHOUT_ZONE = Math.round(RECIPIENTS * 0.02);
const ZONES = spreadZones(300);
const DOMAIN = 'bench.test';
const DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];
const AUDIENCE = { operator: 'AND', conditions: [{ field: 'data.cohort', operator: 'equals', value: 'bench' }] };
const json = { 'content-type': 'application/json' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const post = (svc: Service, path: string, body: object) =>
  api(svc, path, { method: 'POST', headers: json, body: JSON.stringify(body) });

async function campaign(svc: Service, name: string): Promise<string> {
  const created = (await post(svc, '/campaigns', {
    name,
    subject: 'News for {{ first_name ?? "you" }}',
    body: '<p>Hi {{ first_name ?? "there" }}, here is the news.</p><p><a href="https://example.test/n">Read</a></p>',
    from: `news@${DOMAIN}`,
    audienceType: 'FILTERED',
    audienceFilter: AUDIENCE,
    type: 'MARKETING',
  })) as { data: { id: string } };
  return created.data.id;
}

/** Sends the campaign with `body` and answers ms until every recipient's row is stored, PENDING and due later. */
async function fanOut(svc: Service, outbox: OutboxReader, id: string, body: object): Promise<number> {
  const t0 = performance.now();
  await post(svc, `/campaigns/${id}/send`, body);
  for (;;) {
    const stored = await outbox.waiting(id, new Date());
    if (stored >= RECIPIENTS) return performance.now() - t0;
    if (performance.now() - t0 > TIMEOUT_MS) throw new Error(`fan-out stored ${stored} of ${RECIPIENTS} rows`);
    const { status } = await api(svc, `/campaigns/${id}`);
    if (status !== 'SENDING') throw new Error(`campaign ${status} with ${stored} of ${RECIPIENTS} rows stored`);
    await sleep(250);
  }
}

const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (xs: number[]) => xs.map((x) => Math.round(x)).join(', ');

/** Loaded rounds (20 in flight) and paced ones (PACED_RATE a second, where every email has a claim of its own). */
interface Phase {
  loaded: Round[];
  paced: Round[];
  idleCpuMsPerS: number;
}

async function phase(at: RoundTarget, tag: string): Promise<Phase> {
  const idleCpuMsPerS = await idleCpu(at.pid, IDLE_MS);
  const loaded: Round[] = [];
  const paced: Round[] = [];
  for (let r = 0; r < ROUNDS; r++) loaded.push(await sendRound(at, EMAILS, `${tag}l${r}`));
  for (let r = 0; r < ROUNDS; r++) paced.push(await sendRound(at, PACED_EMAILS, `${tag}p${r}`, PACED_RATE));
  return { loaded, paced, idleCpuMsPerS };
}

/** Report lines: each figure's rounds without and with the backlog, and the ratio of their medians. */
function compare(label: string, before: Phase, after: Phase) {
  const line = (name: string, rounds: (p: Phase) => Round[], k: keyof Round, unit: string, target = '') => {
    const [b, a] = [rounds(before).map((r) => r[k]!), rounds(after).map((r) => r[k]!)];
    const ratio = (median(a) / median(b)).toFixed(3);
    console.log(`${label}:   ${name.padEnd(30)} ${fmt(b)} → ${fmt(a)} ${unit}; ratio ${ratio}${target}`);
  };
  const loaded = (p: Phase) => p.loaded;
  const paced = (p: Phase) => p.paced;
  console.log(`${label}:   (rounds without → with the backlog; ratio of the medians, with / without)`);
  line('loaded: /v1/send accepted', loaded, 'acceptPerS', 'req/s');
  line('loaded: delivered', loaded, 'deliveredPerS', 'emails/s', ' (target >= 0.9)');
  line('loaded: service CPU', loaded, 'cpuMsPer1000', 'ms per 1,000 delivered', ' (target <= 1.1)');
  line(`paced ${PACED_RATE}/s: service CPU`, paced, 'cpuMsPer1000', 'ms per 1,000 delivered', ' (target <= 1.1)');
  if (before.loaded[0]?.dueIndexReadsPer1000 !== undefined) {
    line('loaded: claim index reads', loaded, 'dueIndexReadsPer1000', 'entries per 1,000 delivered');
    line('loaded: PostgreSQL CPU', loaded, 'dbCpuMsPer1000', 'ms per 1,000 delivered');
    line('paced: claim index reads', paced, 'dueIndexReadsPer1000', 'entries per 1,000 delivered');
    line('paced: PostgreSQL CPU', paced, 'dbCpuMsPer1000', 'ms per 1,000 delivered');
  }
  const idle = [before, after].map((p) => p.idleCpuMsPerS.toFixed(1));
  console.log(`${label}:   ${'idle service CPU'.padEnd(30)} ${idle.join(' → ')} ms/s`);
  const missing = [before, after].flatMap((p) => [...p.loaded, ...p.paced]).reduce((n, r) => n + r.missing, 0);
  console.log(`${label}:   ${'missing (all rounds)'.padEnd(30)} ${missing}`);
}

async function backlogPart(label: string, svc: Service, sink: CountingSink, outbox: OutboxReader) {
  const at = { svc, pid: servicePid(svc), sink, outbox, domain: DOMAIN, timeoutMs: TIMEOUT_MS };
  const tag = Date.now().toString(36);
  await sendRound(at, WARMUP, `warm${tag}`);
  const before = await phase(at, `b${tag}`);
  const h = new Date().getUTCHours();
  const clock = (hour: number) => `${String(hour % 24).padStart(2, '0')}:00`;
  await patchProject(svc, { sendWindow: { days: DAYS, start: clock(h + 12), end: clock(h + 13), timezone: 'UTC' } });
  const backlogId = await campaign(svc, 'Backlog');
  const fanMs = await fanOut(svc, outbox, backlogId, {});
  const after = await phase(at, `a${tag}`);
  const stillWaiting = await outbox.waiting(backlogId, new Date());
  const { byDue, scheduled } = await outbox.dueTimes(backlogId);
  console.log(
    `${label}: POST /v1/send without, then beside, ${RECIPIENTS} MARKETING emails waiting for their send window: ` +
      `${ROUNDS} loaded rounds of ${EMAILS} emails (20 in flight), ${ROUNDS} paced rounds of ${PACED_EMAILS} at ${PACED_RATE}/s`,
  );
  console.log(`${label}:   ${'backlog stored (fan-out)'.padEnd(30)} ${(fanMs / 1000).toFixed(1)} s`);
  compare(label, before, after);
  const due = [...byDue.keys()].join(', ');
  console.log(
    `${label}:   ${'backlog after the rounds'.padEnd(30)} ${stillWaiting} waiting, ${scheduled} with scheduledAt, due ${due}`,
  );
}

/** Days after today (UTC) as YYYY-MM-DD. */
const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** POST /send-plan, timed; a refusal is reported, not thrown, so the send is still measured. */
async function timedPlan(
  svc: Service,
  id: string,
  local: object,
): Promise<{ ms: number; status: number; body: unknown }> {
  const t0 = performance.now();
  const res = await fetch(`${svc.url}/campaigns/${id}/send-plan`, {
    method: 'POST',
    headers: { authorization: `Bearer ${svc.secretKey}`, ...json },
    body: JSON.stringify(local),
  });
  const body = await res.json();
  return { ms: performance.now() - t0, status: res.status, body };
}

async function localTimePart(label: string, svc: Service, outbox: OutboxReader) {
  await patchProject(svc, { sendWindow: null });
  const id = await campaign(svc, 'Local time');
  // Two days ahead, 09:00 is still to come in every zone (UTC+14's is 43 hours away at the least).
  const local = { localTime: '09:00', date: dateIn(2) };
  const expected = expectedDue(expectedZones(ZONES, RECIPIENTS - WITHOUT_ZONE, WITHOUT_ZONE, 'UTC'), local);
  const first = await timedPlan(svc, id, local);
  const say = (k: string, v: string) => console.log(`${label}:   ${k.padEnd(30)} ${v}`);
  console.log(`${label}: local-time campaign (${local.date} ${local.localTime}) to ${RECIPIENTS} contacts`);
  if (first.status === 200) {
    const [medianMs] = await medianOf(3, () => post(svc, `/campaigns/${id}/send-plan`, local));
    const worst = Math.max(first.ms, medianMs);
    const plan = first.body as Plan;
    const problems = planProblems(plan, expected, RECIPIENTS);
    say(
      'POST /send-plan',
      `first ${Math.round(first.ms)} ms, median of 3 after ${Math.round(medianMs)} ms (target < 10000: ${worst < 10_000 ? 'met' : 'MISSED'})`,
    );
    say(
      'plan',
      `${plan.groups.length} groups, ${new Set(plan.groups.map((g) => g.sendAt)).size} send times; ${problems.length === 0 ? 'as the contacts say' : `WRONG: ${problems.join('; ')}`}`,
    );
  } else {
    say('POST /send-plan', `FAILED: ${first.status} after ${Math.round(first.ms)} ms ${JSON.stringify(first.body)}`);
  }
  const fanMs = await fanOut(svc, outbox, id, local);
  const { byDue, scheduled } = await outbox.dueTimes(id);
  const sum = (zs: { n: number }[] = []) => zs.reduce((a, z) => a + z.n, 0);
  const differ = [...new Set([...expected.keys(), ...byDue.keys()])].filter(
    (at) => sum(expected.get(at)) !== (byDue.get(at) ?? 0),
  );
  say(
    'POST /send to all rows stored',
    `${(fanMs / 1000).toFixed(1)} s (${Math.round(RECIPIENTS / (fanMs / 1000))} rows/s)`,
  );
  say(
    'stored due times',
    `${byDue.size} (${expected.size} expected); ${differ.length === 0 ? 'as the contacts say' : `${differ.length} differ`}; ${scheduled} rows with scheduledAt`,
  );
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const sink = await startCountingSink();
  const dns = await startDnsServer();
  let svc: Service | undefined;
  let outbox: OutboxReader | undefined;
  try {
    svc = await startService({ LOG_LEVEL: 'warn', ...env, ...deliveringToSink(sink.port, dns.server) }, profileFlags());
    await verifiedDomain(svc, dns, DOMAIN);
    const zoned = RECIPIENTS - WITHOUT_ZONE;
    const t0 = performance.now();
    await importCsvFiles(svc, zoned, 80_000, contactRows(ZONES, true));
    await importCsvFiles(svc, WITHOUT_ZONE, 80_000, (from, to) => contactRows(ZONES, false)(zoned + from, zoned + to));
    console.log(`${label}: imported ${RECIPIENTS} contacts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    outbox = await openOutbox(svc, env.DATABASE_URL);
    await backlogPart(label, svc, sink, outbox);
    await localTimePart(label, svc, outbox);
  } finally {
    await outbox?.close();
    await svc?.stop();
    await dns.close();
    await sink.close();
  }
}

export default (): Promise<void> => onEachDatabase(benchOn);
