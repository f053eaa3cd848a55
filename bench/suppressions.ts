/**
 * Suppression rules on the send path (beyond.md §10), against the service started as `npm start`
 * starts it (API and delivery in one process), loaded from this process, delivering through SMTP into
 * a loopback counting sink (DKIM on, 5 SMTP connections). Two projects of one service: one is given
 * BENCH_RULES (default 100,000) rules through POST /suppressions/import (half addresses, half
 * `*@domain`; none holds a round's recipients, so every email is checked and sent), the other none.
 * Transactional email through POST /v1/send (one recipient each, 20 in flight), each round timed from
 * its first request until the sink holds every email: BENCH_ROUNDS (default 5) rounds of BENCH_EMAILS
 * (default 3,000) for each case, interleaved so a change of the machine's load weighs on all alike:
 * the project without rules, the project with them, and the project with them while a rule is added
 * every BENCH_ADD_EVERY_MS (default 500) ms through POST /suppressions (as bounces add them: the
 * cached rules take the add, no reload). Target: delivered emails/s with the rules >= 0.95 of without
 * (ratio of the rounds' medians). Also reported: the import's time, the first delivery after it (the
 * rules read into memory), the service's CPU per 1,000 emails and memory, and a check that mail to a
 * held domain is SUPPRESSED, unsent.
 * SQLite by default; BENCH_DATABASE_URL=postgres://… also runs it on a fresh database of that server.
 */
import { performance } from 'node:perf_hooks';
import { multipartBody } from '../test/e2e/contacts-helpers.ts';
import { type DnsServer, startDnsServer } from '../test/servers/dns-server.ts';
import { api, onEachDatabase, postSends, profileFlags, rssNow, sendBody } from './lib.ts';
import { type OutboxReader, type Round, type RoundTarget, sendRound, servicePid } from './optimization-measure.ts';
import { type Service, startService } from './service.ts';
import { deliveringToSink, startCountingSink, verifiedDomain } from './smtp.ts';

const RULES = Number(process.env.BENCH_RULES ?? 100_000);
const EMAILS = Number(process.env.BENCH_EMAILS ?? 3_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const HELD = 200;
/** A rule added this often in the third case: a hard bounce every half second, each an HTTP request of its own. */
const ADD_EVERY_MS = Number(process.env.BENCH_ADD_EVERY_MS ?? 500);
const TIMEOUT_MS = Number(process.env.BENCH_DELIVERY_TIMEOUT_S ?? 600) * 1000;
const DOMAIN = 'bench.test';
const PLAIN_DOMAIN = 'plain-bench.test';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (xs: number[]) => xs.map((x) => Math.round(x)).join(', ');

/** sendRound asks the database for its claim costs only on PostgreSQL's optimization run: not here. */
const NO_DB_COST: OutboxReader = {
  waiting: async () => 0,
  dueTimes: async () => ({ byDue: new Map(), scheduled: 0 }),
  dbCost: async () => undefined,
  close: async () => {},
};

/** The rules file: `count` lines, every other one an address, the rest `*@domain`. */
function rulesFile(count: number): Buffer {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) lines.push(i % 2 === 0 ? `held${i}@rules${i % 1000}.test` : `*@blocked${i}.test`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** Imports the rules and answers ms until the import is DONE. */
async function importRules(svc: Service): Promise<number> {
  const t0 = performance.now();
  const { payload, headers } = multipartBody(rulesFile(RULES), { filename: 'rules.csv' });
  const job = await api(svc, '/suppressions/import', { method: 'POST', body: payload, headers });
  for (;;) {
    const s = await api(svc, `/suppressions/imports/${job.id}`);
    if (s.status === 'DONE') {
      if (s.added !== RULES) throw new Error(`import added ${s.added} of ${RULES}: ${JSON.stringify(s)}`);
      return performance.now() - t0;
    }
    if (s.status === 'FAILED') throw new Error(`import failed: ${JSON.stringify(s)}`);
    await sleep(100);
  }
}

/** A rule added every `everyMs` until stopped (as bounces add them); answers how many. */
function addingRules(svc: Service, everyMs: number): { stop(): Promise<number> } {
  let running = true;
  let n = 0;
  const loop = (async () => {
    while (running) {
      const body = JSON.stringify({ addresses: [`bounced${n}@adds.test`] });
      await api(svc, '/suppressions', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      n++;
      await sleep(everyMs);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return n;
    },
  };
}

/** HELD emails to a held domain: answers how many the log shows SUPPRESSED by a rule, and how many arrived. */
async function heldCheck(at: RoundTarget): Promise<{ suppressed: number; arrived: number; rule: unknown }> {
  const { svc, sink } = at;
  sink.reset('x-mailwright-email-id');
  const body = (i: number) => sendBody(i, `h${i}@blocked7.test`, `news@${DOMAIN}`);
  const { ids } = await postSends(svc.url, svc.secretKey, HELD, { connections: 20, body });
  const deadline = performance.now() + 60_000;
  for (;;) {
    const counted = await api(svc, '/emails?status=SUPPRESSED&limit=1');
    if ((counted.total as number) >= HELD || performance.now() > deadline) {
      const page = await api(svc, '/emails?status=SUPPRESSED&recipient=h1@blocked7.test');
      const data = page.data as { suppressedBy?: unknown }[];
      return {
        suppressed: counted.total as number,
        arrived: [...ids].filter((id) => sink.seen.has(id)).length,
        rule: data[0]?.suppressedBy,
      };
    }
    await sleep(200);
  }
}

/** A second project of the service's owner, with its own verified sending domain. */
async function secondProject(svc: Service, dns: DnsServer, domain: string): Promise<Service> {
  const res = await fetch(`${svc.url}/users/@me/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: svc.cookie, 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ name: 'bench without rules' }),
  });
  if (res.status !== 201) throw new Error(`project: ${res.status} ${await res.text()}`);
  const project = (await res.json()) as { id: string; secretKey: string };
  const other = { ...svc, secretKey: project.secretKey, projectId: project.id };
  await verifiedDomain(other, dns, domain);
  return other;
}

function compare(label: string, name: string, first: Round[], second: Round[], target = '') {
  const line = (what: string, k: keyof Round, unit: string, suffix = '') => {
    const [b, a] = [first.map((r) => r[k]!), second.map((r) => r[k]!)];
    const ratio = median(a) / median(b);
    // Rounds of the same r ran next to each other.
    const paired = median(a.map((x, i) => x / b[i]!));
    console.log(
      `${label}:   ${what.padEnd(26)} ${fmt(b)} → ${fmt(a)} ${unit}; ratio ${ratio.toFixed(3)}${suffix}, paired ${paired.toFixed(3)}`,
    );
  };
  console.log(
    `${label}: ${name} (rounds of each; ratio of the medians, second / first; paired: median of the rounds' own ratios)`,
  );
  line('/v1/send accepted', 'acceptPerS', 'req/s');
  line('delivered', 'deliveredPerS', 'emails/s', target);
  line('service CPU', 'cpuMsPer1000', 'ms per 1,000 delivered');
  const missing = [...first, ...second].reduce((n, r) => n + r.missing, 0);
  console.log(`${label}:   ${'missing'.padEnd(26)} ${missing}`);
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const sink = await startCountingSink();
  const dns = await startDnsServer();
  let svc: Service | undefined;
  try {
    svc = await startService({ LOG_LEVEL: 'warn', ...env, ...deliveringToSink(sink.port, dns.server) }, profileFlags());
    await verifiedDomain(svc, dns, DOMAIN);
    const plain = await secondProject(svc, dns, PLAIN_DOMAIN);
    const pid = servicePid(svc);
    const common = { pid, sink, outbox: NO_DB_COST, timeoutMs: TIMEOUT_MS };
    const ruled: RoundTarget = { ...common, svc, domain: DOMAIN };
    const without: RoundTarget = { ...common, svc: plain, domain: PLAIN_DOMAIN };
    const tag = Date.now().toString(36);
    for (const at of [ruled, without]) await sendRound(at, Math.min(2000, EMAILS), `warm${tag}${at.domain}`);
    const rss0 = await rssNow(svc);
    const importMs = await importRules(svc);
    const first = await sendRound(ruled, 1, `first${tag}`, 1);
    // Interleaved, in the order A B C then C B A, so a change of the machine's load meanwhile (a
    // rising or falling trend) weighs on every case alike.
    const rounds = { without: [] as Round[], with: [] as Round[], adding: [] as Round[] };
    let added = 0;
    const cases = [
      async (r: number) => rounds.without.push(await sendRound(without, EMAILS, `n${tag}${r}`)),
      async (r: number) => rounds.with.push(await sendRound(ruled, EMAILS, `w${tag}${r}`)),
      async (r: number) => {
        const adder = addingRules(svc!, ADD_EVERY_MS);
        rounds.adding.push(await sendRound(ruled, EMAILS, `d${tag}${r}`));
        added += await adder.stop();
      },
    ];
    for (let r = 0; r < ROUNDS; r++) for (const run of r % 2 === 0 ? cases : cases.toReversed()) await run(r);
    const rss1 = await rssNow(svc);
    const held = await heldCheck(ruled);
    console.log(
      `${label}: POST /v1/send, ${ROUNDS} rounds of ${EMAILS} emails (20 in flight) for each case, delivered into the sink`,
    );
    console.log(
      `${label}:   ${'import of the rules'.padEnd(26)} ${RULES} lines in ${(importMs / 1000).toFixed(1)} s (${Math.round(RULES / (importMs / 1000))} lines/s)`,
    );
    console.log(
      `${label}:   ${'first delivery after it'.padEnd(26)} ${Math.round(1000 / first.deliveredPerS)} ms (the rules read into memory on the way)`,
    );
    const goal = ' (target >= 0.95)';
    compare(label, `a project without rules → one with ${RULES} rules`, rounds.without, rounds.with, goal);
    // The adds' own requests are in the third case's figures: compared with the rules alone, the rest is what
    // keeping 100,000 cached rules current costs (a reload per add would show here).
    compare(
      label,
      `${RULES} rules → the same while one more is added every ${ADD_EVERY_MS} ms (${added} added)`,
      rounds.with,
      rounds.adding,
    );
    console.log(`${label}:   ${'service memory (RSS)'.padEnd(26)} ${rss0} → ${rss1} MB`);
    console.log(
      `${label}:   ${'held domain check'.padEnd(26)} ${held.suppressed} of ${HELD} SUPPRESSED, ${held.arrived} arrived; suppressedBy ${JSON.stringify(held.rule)}`,
    );
  } finally {
    await svc?.stop();
    await dns.close();
    await sink.close();
  }
}

export default (): Promise<void> => onEachDatabase(benchOn);
