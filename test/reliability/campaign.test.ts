// Invariant: a campaign reaches every subscribed recipient, once per recipient row, whatever happens
// to the processes sending it. One 50,000-recipient campaign (plus unsubscribed contacts, who get
// nothing) goes out through SMTP to a loopback sink from 2 API and 2 worker processes. Phase 1
// SIGKILLs a worker 5 times (the two in turn, at spread-out delivery counts) and starts it again;
// phase 2, while the campaign still sends, restarts every process gracefully (SIGTERM, exit code 0),
// one after another. At the sink: nobody is missing, nobody outside the audience got mail, nobody got
// two different emails; a message received twice is an email the transport had accepted and whose
// row was not yet stamped SENT at a SIGKILL, and carries the same Message-ID, so duplicates are
// counted, reported and bounded by those messages (not by every row in flight); a graceful restart
// adds none. The campaign ends SENT with every recipient counted as sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportFigures } from '../fixtures/figures.ts';
import {
  campaignStats,
  expectEveryoneOnce,
  sendingEnv,
  sendingIds,
  startCampaign,
  tally,
  untilDelivered,
  waitSent,
} from './campaign-rig.ts';
import { type Cluster, startCluster } from './cluster.ts';
import { type CountingSink, startCountingSink } from './counting-sink.ts';

const SUBSCRIBED = 50_000;
const UNSUBSCRIBED = 500;
/** Delivered (distinct) counts at which phase 1 kills a worker; phase 2 starts after the last. */
const KILL_AT = [0.06, 0.14, 0.22, 0.3, 0.38].map((f) => Math.round(f * SUBSCRIBED));
/** How long after a kill the sink is given to record a message whose data reached it before the kill. */
const SINK_SETTLE_MS = 200;
const SIGKILL_SCENARIO = 'SIGKILL a worker 5× during a 50,000-recipient campaign (2 APIs, 2 workers)';
const SIGTERM_SCENARIO = 'graceful restart of all 4 processes during the same campaign';

describe('a 50,000-recipient campaign on 2 API and 2 worker processes', () => {
  let cluster: Cluster | undefined;
  let sink: CountingSink | undefined;

  beforeAll(async () => {
    sink = await startCountingSink();
    cluster = await startCluster({ apis: 2, workers: 2, env: sendingEnv(sink) });
  });
  afterAll(async () => {
    await cluster?.close();
    await sink?.close();
  });

  it('reaches every subscribed recipient through 5 worker SIGKILLs and a graceful restart of every process', {
    // Alone on this 2-core machine it has taken 148–206 s from send to SENT; a loaded CI run went past
    // 240 s. The time is reported as a figure, not judged by the timeout.
    timeout: 420_000,
  }, async () => {
    const c = cluster!;
    const s = sink!;
    const counts = { subscribed: SUBSCRIBED, unsubscribed: UNSUBSCRIBED };
    const { audience, call, id, started } = await startCampaign(c, 'Reliability', counts);

    // Phase 1: SIGKILL the workers in turn. What a kill may duplicate: every message the transport
    // accepted (the sink has it) whose row was not yet stamped SENT (still SENDING). Rows claimed but
    // not yet handed over are sent once, later; only the accepted-and-unstamped can arrive twice.
    const inFlight = new Set<string>();
    const kills: Array<{ delivered: number; sending: number; inFlight: number }> = [];
    for (const [i, at] of KILL_AT.entries()) {
      const worker = c.workers[i % c.workers.length]!;
      await untilDelivered(c, s, at, `kill ${i + 1} at ${at} delivered`);
      worker.proc.child.kill('SIGKILL');
      expect((await worker.proc.exited(10_000)).signal).toBe('SIGKILL');
      // A message whose data reached the sink just before the kill is recorded a moment later.
      await new Promise((r) => setTimeout(r, SINK_SETTLE_MS));
      const claimed = await sendingIds(c.deps.db);
      const accepted = claimed.filter((e) => s.received(e));
      for (const e of accepted) inFlight.add(e);
      kills.push({ delivered: s.distinct(), sending: claimed.length, inFlight: accepted.length });
      await c.start(worker);
    }

    // Phase 2: every process, one after another, stops on SIGTERM (code 0) and is started again.
    const restartedAt: number[] = [];
    const exits: Array<{ code: number | null; signal: string | null }> = [];
    for (const m of [...c.apis, ...c.workers]) {
      restartedAt.push(s.distinct());
      exits.push(await c.restart(m, 'SIGTERM'));
    }
    const phase2To = s.distinct();

    const sent = await waitSent(call, id, 120_000);
    const elapsed = (Date.now() - started) / 1000;
    const t = tally(s, audience);
    const stats = await campaignStats(call, id);
    const unexplained = t.duplicated.filter((e) => !inFlight.has(e));
    const cleanExits = exits.filter((e) => e.code === 0).length;
    reportFigures(SIGKILL_SCENARIO, [
      { figure: 'subscribed recipients', value: SUBSCRIBED },
      { figure: 'recipients who received it', value: t.received, goal: String(SUBSCRIBED) },
      { figure: 'recipients missing at the SMTP sink', value: t.missing, goal: '0' },
      { figure: 'messages to unsubscribed or unknown addresses', value: t.strangers, goal: '0' },
      { figure: 'duplicate messages', value: t.duplicates, goal: `≤ accepted, not stamped (${inFlight.size})` },
      {
        figure: 'accepted by the transport, not stamped, at the kills',
        value: kills.map((k) => k.inFlight).join(' + '),
      },
      { figure: 'claimed (SENDING) at the kills', value: kills.map((k) => k.sending).join(' + ') },
      { figure: 'delivered when killed', value: kills.map((k) => k.delivered).join(', ') },
      { figure: 'duplicates with a different Message-ID', value: t.duplicatesWithOtherMessageId, goal: '0' },
      { figure: 'time from send to SENT (s)', value: elapsed.toFixed(1) },
      { figure: 'throughput (msgs/s, send to SENT, faults included)', value: Math.round(SUBSCRIBED / elapsed) },
    ]);
    reportFigures(SIGTERM_SCENARIO, [
      {
        figure: 'graceful exits with code 0',
        value: `${cleanExits} of ${exits.length}`,
        goal: `${exits.length} of ${exits.length}`,
      },
      {
        figure: 'delivered when each restart began, and after the last',
        value: `${restartedAt.join(', ')} → ${phase2To}`,
      },
      { figure: 'recipients missing at the SMTP sink', value: t.missing, goal: '0' },
      { figure: 'duplicates not in flight at a SIGKILL (phase 2)', value: unexplained.length, goal: '0' },
    ]);

    expect(kills.at(-1)!.delivered).toBeLessThan(SUBSCRIBED);
    // Every graceful restart began while the campaign was still being sent.
    expect(restartedAt.at(-1)).toBeLessThan(SUBSCRIBED);
    expect(exits).toEqual(exits.map(() => ({ code: 0, signal: null })));
    expectEveryoneOnce(t, inFlight, SUBSCRIBED, { sent, stats });
  });
});
