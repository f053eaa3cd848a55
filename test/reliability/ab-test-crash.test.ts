// Invariant: an A/B-tested campaign (beyond.md §9) sends each subscribed recipient exactly one email,
// whatever happens to the processes sending it: the test group (chosen once, stored in
// campaign_test_recipients) gets its variants, everyone else the winner, once, and nobody both. A
// 2,000-recipient campaign with two variants, 20 % tested and a MANUAL decision, goes out through SMTP
// to a slow loopback sink from real processes of the build (PostgreSQL: one API and 3 workers; SQLite:
// the one `serve` process its layout runs). A worker is SIGKILLed while the test WAITs, and nothing may
// move by itself after the restart; once the winner is chosen, every worker is SIGKILLed at once (its
// fan-out queued or walking), then one part-way through the winner's emails and every one later; each
// time fresh processes take over. At the sink: the audience and nobody else, one email a recipient (a
// message received twice is one the transport had accepted and whose row was not yet stamped at a
// kill, with the same Message-ID, as in test/e2e/campaign-crash.test.ts), the test group 20 % ±1 split
// evenly (±1) with each member's variant's subject, the rest the winner's. The campaign ends SENT, DONE.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeps } from '../../src/composition.ts';
import { createLogger, type Deps } from '../../src/deps.ts';
import { newId } from '../../src/lib/ids.ts';
import { createTestDatabase, DIALECTS, type Dialect, TEST_SECRETS, testConfig } from '../env.ts';
import { makeFactories } from '../factories.ts';
import { expectStableMessageIds } from '../fixtures/crash-rig.ts';
import { reportFigures } from '../fixtures/figures.ts';
import { freePort, type NodeProcess, startProcess, until } from '../fixtures/processes.ts';
import { type SmtpSink, startSmtpSink } from '../servers/smtp-sink.ts';
import { startCluster } from './cluster.ts';

const SUBSCRIBED = 2000;
const UNSUBSCRIBED = 50;
const TEST_PERCENT = 20;
const WORKERS_ON_POSTGRES = 3;
const SUBJECTS: Record<string, string> = { A: 'Subject A', B: 'Subject B' };
/** The second variant, so a winner that fell back to "the first" would show. */
const WINNER = 'B';
const FROM_DOMAIN = 'shop.test';
/** A slow relay (ms a message) and few sends in flight, so a kill lands part-way through the winner. */
const SINK_DELAY_MS = 25;
const IN_FLIGHT = 4;
/**
 * The kills while the winner goes out: at which share of its emails at the sink (0: as soon as it is
 * chosen, its fan-out queued or walking), and whether one process that runs jobs dies or every one.
 */
const WINNER_KILLS = [
  { share: 0, who: 'all' },
  { share: 0.3, who: 'one' },
  { share: 0.65, who: 'all' },
] as const;
/** How long after a kill the sink is given to record a message whose data reached it before the kill. */
const SINK_SETTLE_MS = 200;
/** After the restart in the wait: longer than the job sweep and catch-up tick a new process starts with. */
const STILL_WAITING_MS = 4000;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// biome-ignore lint/suspicious/noExplicitAny: the test reads answers of several shapes.
type Json = Record<string, any>;
type Call = (method: string, path: string, body?: object) => Promise<{ status: number; json: Json }>;

/** A process slot that runs jobs: the process in it now, and a fresh one started in it (ready when it resolves). */
interface Slot {
  current(): NodeProcess;
  start(): Promise<void>;
}

/** The processes under test on one database, whichever the dialect. */
interface Fleet {
  deps: Deps;
  projectId: string;
  call: Call;
  /** The slots whose processes run jobs (PostgreSQL: the workers; SQLite: the one `serve`). */
  runners: Slot[];
  /** Every process now running: a wait fails at once when one of them died unasked. */
  processes(): NodeProcess[];
}

/** SMTP to the sink, no verified domain needed, no send rate to speak of, short leases. */
function sendingEnv(sink: SmtpSink): Record<string, string> {
  return {
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: sink.url,
    REQUIRE_VERIFIED_DOMAIN: 'false',
    SEND_RATE_PER_SECOND: '100000',
    DELIVERY_CONCURRENCY: String(IN_FLIGHT),
    SMTP_POOL_SIZE: String(IN_FLIGHT),
    DELIVERY_BATCH_SIZE: '20',
    DELIVERY_LEASE_SECONDS: '5',
    JOB_LEASE_SECONDS: '2',
  };
}

function client(urls: () => string[], auth: string): Call {
  let next = 0;
  return async (method, path, body) => {
    const all = urls();
    const res = await fetch(`${all[next++ % all.length]}${path}`, {
      method,
      headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : {} };
  };
}

/** PostgreSQL: the reliability cluster, one API and WORKERS_ON_POSTGRES workers. */
async function postgresFleet(env: Record<string, string>, cleanups: Array<() => Promise<void>>): Promise<Fleet> {
  const cluster = await startCluster({ apis: 1, workers: WORKERS_ON_POSTGRES, env });
  cleanups.push(() => cluster.close());
  const p = await cluster.project();
  return {
    deps: cluster.deps,
    projectId: p.id,
    call: client(() => cluster.urls(), p.auth),
    runners: cluster.workers.map((m) => ({ current: () => m.proc, start: () => cluster.start(m) })),
    processes: () => [...cluster.apis, ...cluster.workers].map((m) => m.proc),
  };
}

/** SQLite: one `serve` process of the build (API, workers and scheduler), as the image's CMD runs it. */
async function sqliteFleet(env: Record<string, string>, cleanups: Array<() => Promise<void>>): Promise<Fleet> {
  const entry = process.env.RELIABILITY_ENTRY === 'tsx' ? ['--import', 'tsx', 'src/main.ts'] : ['dist/main.js'];
  if (entry[0] === 'dist/main.js' && !existsSync(`${ROOT}/dist/main.js`))
    throw new Error('dist/main.js is missing: run `npm run build` or set RELIABILITY_ENTRY=tsx');
  const database = await createTestDatabase('sqlite');
  cleanups.push(() => database.drop());
  const all = { ...database.env, ...env };
  const deps = await createDeps(testConfig(all), { log: createLogger('silent') });
  cleanups.push(() => deps.close());
  const p = await makeFactories({ deps }).project();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env2 = { ...all, ...TEST_SECRETS, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  let proc: NodeProcess | undefined;
  cleanups.push(async () => {
    if (proc && proc.child.exitCode === null && !proc.child.signalCode) proc.child.kill('SIGKILL');
    await proc?.exited().catch(() => undefined);
  });
  const slot: Slot = {
    current: () => proc!,
    async start() {
      const s = startProcess(process.execPath, [...entry, 'serve'], { ...env2, NODE_ENV: 'production' });
      proc = s;
      await until(async () => {
        if (s.child.exitCode !== null || s.child.signalCode) throw new Error(`serve exited\n${s.output().stderr}`);
        return (await fetch(`${url}/ready`).catch(() => undefined))?.ok ? true : undefined;
      }, 'serve ready');
    },
  };
  await slot.start();
  return { deps, projectId: p.id, call: client(() => [url], p.auth), runners: [slot], processes: () => [proc!] };
}

/** SUBSCRIBED subscribed and UNSUBSCRIBED unsubscribed contacts, written straight to the table. */
async function seed(deps: Deps, projectId: string): Promise<string[]> {
  const now = new Date();
  const rows = Array.from({ length: SUBSCRIBED + UNSUBSCRIBED }, (_, i) => ({
    id: newId(),
    projectId,
    email: `${i < SUBSCRIBED ? 'r' : 'u'}${i}@example.test`,
    subscribed: i < SUBSCRIBED,
    data: JSON.stringify({ n: i }),
    createdAt: now,
    updatedAt: now,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await deps.db
      .insertInto('contacts')
      .values(rows.slice(i, i + 500))
      .execute();
  return rows.filter((r) => r.subscribed).map((r) => r.email);
}

/** Email ids of the messages at the sink, distinct. */
const distinctIds = (sink: SmtpSink) => new Set(sink.messages.map((m) => m.headers['x-mailwright-email-id']!));

/** Creates the A/B campaign to every contact (MANUAL decision) and sends it now; its id. */
async function sendAbCampaign(call: Call): Promise<string> {
  const created = await call('POST', '/campaigns', {
    name: 'A/B crash',
    subject: 'Hello {{ n }}',
    body: '<p>Number {{ n }}</p>',
    from: `news@${FROM_DOMAIN}`,
    audienceType: 'ALL',
    variants: Object.entries(SUBJECTS).map(([name, subject]) => ({ name, subject })),
    abTest: { testPercent: TEST_PERCENT, metric: 'OPENS', waitMinutes: 60, decidedBy: 'MANUAL' },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const id = created.json.data.id as string;
  const sent = await call('POST', `/campaigns/${id}/send`, {});
  expect(sent.json).toMatchObject({ status: 'SENDING', abTest: { phase: 'TESTING', winner: null } });
  return id;
}

/** The test group as stored when the send started: contact address → variant name. */
async function readTestGroup(deps: Deps, campaignId: string): Promise<Map<string, string>> {
  const rows = await deps.db
    .selectFrom('campaignTestRecipients as t')
    .innerJoin('contacts as c', 'c.id', 't.contactId')
    .select(['c.email', 't.variant'])
    .where('t.campaignId', '=', campaignId)
    .execute();
  const names = Object.keys(SUBJECTS);
  return new Map(rows.map((r) => [r.email, names[Number(r.variant)]!]));
}

/**
 * What the sink received against what each recipient should have: nobody missing or outside the
 * audience, one email a recipient, the test group's variant's subject or else the winner's; the email
 * ids that arrived more than once and how many extra messages they made.
 */
function tallyAb(sink: SmtpSink, audience: string[], group: Map<string, string>) {
  const byRecipient = new Map<string, { ids: Set<string>; subjects: Set<string> }>();
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const m of sink.messages) {
    const emailId = m.headers['x-mailwright-email-id']!;
    if (seen.has(emailId)) twice.add(emailId);
    seen.add(emailId);
    const r = byRecipient.get(m.to[0]!) ?? { ids: new Set(), subjects: new Set() };
    r.ids.add(emailId);
    r.subjects.add(m.subject);
    byRecipient.set(m.to[0]!, r);
  }
  const expected = new Set(audience);
  const subject = (to: string) => SUBJECTS[group.get(to) ?? WINNER]!;
  return {
    missing: audience.filter((a) => !byRecipient.has(a)),
    strangers: [...byRecipient.keys()].filter((a) => !expected.has(a)),
    repeated: [...byRecipient].filter(([, r]) => r.ids.size > 1).map(([a]) => a),
    wrongSubject: [...byRecipient]
      .filter(([to, r]) => r.subjects.size !== 1 || !r.subjects.has(subject(to)))
      .map(([to, r]) => `${to} (${group.get(to) ?? 'rest'}): ${[...r.subjects].join(' | ')}`),
    twice: [...twice],
    duplicates: sink.messages.length - seen.size,
  };
}

/** The campaign's outbox rows that are not SENT, or whose variant is not the test group member's. */
async function wrongRows(deps: Deps, campaignId: string, group: Map<string, string>) {
  const rows = await deps.db
    .selectFrom('emails')
    .select(['toEmail', 'status', 'variant'])
    .where('sourceId', '=', campaignId)
    .execute();
  const wrong = rows
    .filter((r) => r.status !== 'SENT' || (group.has(r.toEmail) && r.variant !== group.get(r.toEmail)))
    .map((r) => `${r.toEmail}: ${r.status} ${r.variant}`);
  return { count: rows.length, wrong };
}

describe.each(DIALECTS)('an A/B-tested campaign whose workers are killed, on %s', (dialect: Dialect) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
  });

  it('sends the test group their variants and everyone else the winner, each once, through SIGKILLs in the wait and during the winner', {
    timeout: 300_000,
  }, async () => {
    const sink = await startSmtpSink({ delayMs: SINK_DELAY_MS });
    cleanups.push(() => sink.close());
    const fleet =
      dialect === 'postgres'
        ? await postgresFleet(sendingEnv(sink), cleanups)
        : await sqliteFleet(sendingEnv(sink), cleanups);
    const { deps, call } = fleet;
    const audience = await seed(deps, fleet.projectId);

    /** Waits (bounded) for `check`, failing at once when a process died that the test did not kill. */
    const waitFor = <T>(check: () => Promise<T | undefined>, what: string, ms = 120_000) =>
      until(
        async () => {
          for (const p of fleet.processes())
            if (p.child.exitCode !== null || p.child.signalCode)
              throw new Error(`${what}: a process exited\n${p.output().stderr.slice(-3000)}`);
          return check();
        },
        what,
        ms,
      );
    const view = async () => (await call('GET', `/campaigns/${id}`).catch(() => undefined))?.json;
    const untilView = (ok: (c: Json) => boolean, what: string) =>
      waitFor(async () => {
        const c = await view();
        return c && ok(c) ? c : undefined;
      }, what);

    const started = Date.now();
    const id = await sendAbCampaign(call);
    const group = await readTestGroup(deps, id);
    const perVariant = Object.keys(SUBJECTS).map((n) => [...group.values()].filter((v) => v === n).length);

    const waiting = await untilView((c) => c.abTest?.phase === 'WAITING', 'test phase WAITING');
    const waitingAfter = (Date.now() - started) / 1000;
    const testDelivered = distinctIds(sink).size;
    const testTo = new Set(sink.messages.map((m) => m.to[0]!));

    const inFlight = new Set<string>();
    const kills: Array<{ at: string; delivered: number; inFlight: number; fanOut: string }> = [];
    /** SIGKILLs the slots' processes, notes what was accepted and not stamped, starts fresh ones. */
    const killAndRestart = async (at: string, slots: Slot[]) => {
      for (const s of slots) s.current().child.kill('SIGKILL');
      for (const s of slots) expect((await s.current().exited(10_000)).signal).toBe('SIGKILL');
      await new Promise((r) => setTimeout(r, SINK_SETTLE_MS));
      const received = distinctIds(sink);
      const claimed = await deps.db.selectFrom('emails').select('id').where('status', '=', 'SENDING').execute();
      const accepted = claimed.filter((r) => received.has(r.id));
      for (const r of accepted) inFlight.add(r.id);
      const d = await deps.db
        .selectFrom('campaignDispatches')
        .select(['status', 'queued'])
        .where('id', '=', id)
        .executeTakeFirst();
      kills.push({ at, delivered: received.size, inFlight: accepted.length, fanOut: `${d?.status} ${d?.queued}` });
      await Promise.all(slots.map((s) => s.start()));
    };

    // Kill 1: while the test waits. A MANUAL test waits on: the restarted process's sweep and catch-up
    // tick neither choose a winner nor send anybody anything.
    await killAndRestart('WAITING', [fleet.runners[0]!]);
    await new Promise((r) => setTimeout(r, STILL_WAITING_MS));
    const stillWaiting = await untilView(() => true, 'campaign view after the restart');
    const deliveredWhileWaiting = distinctIds(sink).size - testDelivered;

    const chosen = await call('POST', `/campaigns/${id}/winner`, { variant: WINNER });
    expect(chosen.status, JSON.stringify(chosen.json)).toBe(200);
    expect(chosen.json).toMatchObject({ abTest: { phase: 'SENDING_WINNER', winner: WINNER } });
    const chosenAt = Date.now();

    // Kills 2–4, while the winner goes out: as soon as it is chosen (its fan-out queued or walking),
    // then part-way through its emails at the sink.
    const rest = SUBSCRIBED - group.size;
    let lastKillAt = Date.now();
    for (const [i, { share, who }] of WINNER_KILLS.entries()) {
      const at = group.size + Math.round(share * rest);
      await waitFor(async () => (distinctIds(sink).size >= at ? true : undefined), `${at} delivered`);
      const slots = who === 'all' ? fleet.runners : [fleet.runners[(i + 1) % fleet.runners.length]!];
      await killAndRestart(`winner ${Math.round(share * 100)} %`, slots);
      lastKillAt = Date.now();
    }

    const done = await untilView((c) => c.status === 'SENT', 'campaign SENT');
    const winnerTook = (Date.now() - chosenAt) / 1000;
    const lastKillToSent = (Date.now() - lastKillAt) / 1000;
    const stats = (await call('GET', `/campaigns/${id}/stats`)).json;

    const t = tallyAb(sink, audience, group);
    const rows = await wrongRows(deps, id, group);

    reportFigures(
      `A/B test of ${SUBSCRIBED} recipients (2 variants, ${TEST_PERCENT} %, MANUAL), SIGKILLs in the wait and during the winner, on ${dialect}`,
      [
        { figure: 'test recipients (per variant)', value: `${group.size} (${perVariant.join(' + ')})` },
        { figure: 'recipients missing at the SMTP sink', value: t.missing.length, goal: '0' },
        { figure: 'recipients with two different emails', value: t.repeated.length, goal: '0' },
        { figure: 'recipients with the wrong subject', value: t.wrongSubject.length, goal: '0' },
        { figure: 'emails sent while the test waited', value: deliveredWhileWaiting, goal: '0' },
        { figure: 'duplicate messages', value: t.duplicates, goal: `≤ ${inFlight.size}` },
        { figure: 'delivered when killed', value: kills.map((k) => `${k.at}: ${k.delivered}`).join(', ') },
        { figure: 'fan-out row when killed (status, queued)', value: kills.map((k) => k.fanOut).join(', ') },
        { figure: 'accepted, not stamped, at the kills', value: kills.map((k) => k.inFlight).join(' + ') },
        { figure: 'time from send to WAITING (s)', value: waitingAfter.toFixed(1) },
        { figure: 'time from the winner to SENT (s)', value: winnerTook.toFixed(1) },
        { figure: 'time from the last restart to SENT (s)', value: lastKillToSent.toFixed(1) },
      ],
    );

    // The test group: 20 % ±1 of the audience, split evenly (±1), and it alone was mailed before the wait.
    expect(Math.abs(group.size - (SUBSCRIBED * TEST_PERCENT) / 100)).toBeLessThanOrEqual(1);
    expect(Math.max(...perVariant) - Math.min(...perVariant)).toBeLessThanOrEqual(1);
    expect(waiting.abTest).toMatchObject({ testRecipients: group.size, winner: null });
    expect(testDelivered).toBe(group.size);
    expect([...testTo].filter((to) => !group.has(to))).toEqual([]);
    expect(stillWaiting).toMatchObject({ status: 'SENDING', abTest: { phase: 'WAITING', winner: null } });
    expect(deliveredWhileWaiting).toBe(0);
    // Every winner kill landed before the winner's emails were all out.
    for (const k of kills.slice(1)) expect(k.delivered).toBeLessThan(SUBSCRIBED);

    expect(t).toMatchObject({ missing: [], strangers: [], repeated: [] });
    expect(t.wrongSubject.slice(0, 10)).toEqual([]);
    // A message received twice was accepted by the transport and not yet stamped at a kill.
    expect(t.twice.filter((e) => !inFlight.has(e))).toEqual([]);
    expect(t.duplicates).toBeLessThanOrEqual(inFlight.size);
    expectStableMessageIds(sink, FROM_DOMAIN);
    expect(rows.count).toBe(SUBSCRIBED);
    expect(rows.wrong.slice(0, 10)).toEqual([]);
    expect(done).toMatchObject({
      status: 'SENT',
      totalRecipients: SUBSCRIBED,
      abTest: { phase: 'DONE', winner: WINNER, testRecipients: group.size },
    });
    expect(stats).toMatchObject({ totalRecipients: SUBSCRIBED, sentCount: SUBSCRIBED });
    expect(stats.variants.map((v: Json) => [v.name, v.winner])).toEqual(
      Object.keys(SUBJECTS).map((n) => [n, n === WINNER]),
    );
  });
});
