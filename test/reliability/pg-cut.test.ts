// Invariant: losing every PostgreSQL connection mid-send is an interruption, not an outage. While 2
// API and 2 worker processes send a 10,000-recipient campaign, every backend of the database is
// terminated three times (pg_terminate_backend, as a failover or an admin would); nobody restarts
// anything. The service recovers by itself: every process is still running, the APIs answer /ready
// and serve calls right after the cut, and the campaign ends SENT with nobody missing at the sink.
// A message received twice is one in flight (SENDING) at a cut and carries the same Message-ID:
// duplicates are counted, reported and bounded by those rows.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportFigures } from '../fixtures/figures.ts';
import { until } from '../fixtures/processes.ts';
import {
  campaignStats,
  expectEveryoneOnce,
  FROM_DOMAIN,
  sendingEnv,
  startCampaign,
  tally,
  untilDelivered,
  waitSent,
} from './campaign-rig.ts';
import { type Cluster, startCluster } from './cluster.ts';
import { type CountingSink, startCountingSink } from './counting-sink.ts';

const SUBSCRIBED = 10_000;
const UNSUBSCRIBED = 100;
/** Delivered (distinct) counts at which every connection is cut. */
const CUT_AT = [0.15, 0.4, 0.65].map((f) => Math.round(f * SUBSCRIBED));
const AFTER_CUT = 'after-cut@example.test';
const SCENARIO = 'PostgreSQL connections cut 3× mid-send (10,000 recipients, 2 APIs, 2 workers)';

// Short jobs (the scheduler's tick, harmless to run often) queued just before a cut, so that the cut
// finds the job runners recording outcomes, not only delivery writing rows.
const CHURN = `select graphile_worker.add_job('campaign.schedule', '{}'::json) from generate_series(1, 300)`;
// Every other backend of the database terminated, and the rows in flight read in the same statement
// (its snapshot is taken before any connection is gone).
const CUT = `with sending as (select array_agg(id) as ids from emails where status = 'SENDING'),
  cut as (select array_agg(pid) filter (where pg_terminate_backend(pid)) as pids from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid())
  select sending.ids, cut.pids from sending, cut`;
// pg_terminate_backend only signals: the cut has taken effect once none of those backends is left.
const LEFT = 'select count(*)::int as n from pg_stat_activity where pid = any($1::int[])';
const SENDING = `select id from emails where status = 'SENDING'`;

const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

describe('PostgreSQL connections cut while 2 API and 2 worker processes send a campaign', () => {
  let cluster: Cluster | undefined;
  let sink: CountingSink | undefined;
  let admin: pg.Client | undefined;

  beforeAll(async () => {
    sink = await startCountingSink();
    cluster = await startCluster({ apis: 2, workers: 2, env: sendingEnv(sink) });
    // Our own connection, apart from the pool of cluster.deps (whose idle connections are cut too).
    admin = new pg.Client({ connectionString: cluster.env.DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await cluster?.close();
    await sink?.close();
  });

  it('recovers by itself: every process stays up, the APIs answer, the campaign ends SENT with nobody missing', {
    timeout: 120_000,
  }, async () => {
    const c = cluster!;
    const s = sink!;
    const counts = { subscribed: SUBSCRIBED, unsubscribed: UNSUBSCRIBED };
    const { audience, call, id, started } = await startCampaign(c, 'Cut', counts);

    const inFlight = new Set<string>();
    const cuts: Array<{ delivered: number; terminated: number; inFlight: number }> = [];
    const firstCalls: number[] = [];
    for (const [i, at] of CUT_AT.entries()) {
      await untilDelivered(c, s, at, `cut ${i + 1} at ${at} delivered`, 45_000);
      await admin!.query(CHURN);
      await new Promise((r) => setTimeout(r, 100));
      const cut = (await admin!.query<{ ids: string[] | null; pids: number[] | null }>(CUT)).rows[0]!;
      const pids = cut.pids ?? [];
      await until(
        async () => ((await admin!.query(LEFT, [pids])).rows[0].n === 0 ? true : undefined),
        'cut done',
        10_000,
      );
      // In flight at the cut: rows claimed before it, and rows it left unstamped (still SENDING now).
      const left = (await admin!.query<{ id: string }>(SENDING)).rows.map((r) => r.id);
      for (const e of [...(cut.ids ?? []), ...left]) inFlight.add(e);
      cuts.push({ delivered: s.distinct(), terminated: pids.length, inFlight: (cut.ids ?? []).length });
      // Right after the cut, each API serves a call that needs the database (no retry).
      for (const _ of c.apis) firstCalls.push((await call('GET', `/campaigns/${id}`)).status);
    }
    const sendAfter = await call<{ data: Array<{ id: string }> }>('POST', '/v1/send', {
      to: AFTER_CUT,
      from: `news@${FROM_DOMAIN}`,
      subject: 'After the cut',
      body: '<p>Still here</p>',
    });

    const sent = await waitSent(call, id, 60_000);
    const elapsed = (Date.now() - started) / 1000;
    await until(
      async () => (s.messages.some((m) => m.to === AFTER_CUT) ? true : undefined),
      'the send after the cut',
      30_000,
    );
    // A worker whose job runner Graphile stopped (an outcome it could not record at a cut) starts a
    // new one; the workers say both on their log.
    const runners = () => {
      const count = (text: string, what: string) => text.split(what).length - 1;
      const outs = c.workers.map((w) => w.proc.output().stdout);
      const stopped = outs.map((o) => count(o, 'job runner stopped by itself'));
      const started = outs.map((o) => count(o, 'job runner started again'));
      return { stopped, started, running: stopped.every((n, i) => started[i]! >= n) };
    };
    await until(async () => (runners().running ? true : undefined), 'job runners running again', 30_000).catch(
      () => undefined,
    );
    const t = tally(s, audience, [AFTER_CUT]);
    const stats = await campaignStats(call, id);
    const unexplained = t.duplicated.filter((e) => !inFlight.has(e));
    const all = [...c.apis, ...c.workers];
    const alive = all.filter(
      (m) => m.history.length === 1 && m.proc.child.exitCode === null && !m.proc.child.signalCode,
    );
    const ready = await Promise.all(c.urls().map(async (u) => (await fetch(`${u}/ready`)).status));
    reportFigures(SCENARIO, [
      { figure: 'subscribed recipients', value: SUBSCRIBED },
      { figure: 'connections terminated at the cuts', value: cuts.map((x) => x.terminated).join(' + ') },
      { figure: 'delivered when cut', value: cuts.map((x) => x.delivered).join(', ') },
      { figure: 'recipients missing at the SMTP sink', value: t.missing, goal: '0' },
      { figure: 'duplicate messages', value: t.duplicates, goal: `≤ in flight (${inFlight.size})` },
      { figure: 'in flight (SENDING) at the cuts', value: cuts.map((x) => x.inFlight).join(' + ') },
      {
        figure: 'duplicates not in flight at a cut, or with another Message-ID',
        value: unexplained.length + t.duplicatesWithOtherMessageId,
        goal: '0',
      },
      {
        figure: 'processes still running (never restarted)',
        value: `${alive.length} of ${all.length}`,
        goal: `${all.length} of ${all.length}`,
      },
      {
        figure: 'API calls right after a cut answered 200',
        value: `${firstCalls.filter((x) => x === 200).length} of ${firstCalls.length}`,
        goal: `${firstCalls.length} of ${firstCalls.length}`,
      },
      {
        figure: 'job runners stopped at a cut → started again',
        value: `${sum(runners().stopped)} → ${sum(runners().started)}`,
      },
      { figure: 'time from send to SENT (s)', value: elapsed.toFixed(1) },
    ]);

    expect(cuts.every((x) => x.terminated > 0)).toBe(true);
    expect(cuts.at(-1)!.delivered).toBeLessThan(SUBSCRIBED);
    expect(alive.length).toBe(all.length);
    expect(runners().running).toBe(true);
    expect(ready).toEqual(c.urls().map(() => 200));
    expect(firstCalls).toEqual(firstCalls.map(() => 200));
    expect(sendAfter.status).toBe(200);
    expectEveryoneOnce(t, inFlight, SUBSCRIBED, { sent, stats });
  });
});
