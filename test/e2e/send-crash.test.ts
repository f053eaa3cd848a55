// Invariant: an email accepted by /v1/send reaches the mail transport even when the process sending
// it is killed. A real `serve` process is SIGKILLed while it delivers into a slow SMTP sink; a new
// process on the same database sends every email the dead one had not finished, within the lease
// (well inside 60 s). Every email arrives, counted at the sink by X-Mailwright-Email-Id; a duplicate
// can only be a message the sink accepted before the kill and the dead process never stamped SENT,
// so duplicates are reported and bounded by the messages in flight.
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { expectStableMessageIds, useCrashRig } from '../fixtures/crash-rig.ts';
import { until } from '../fixtures/processes.ts';
import type { SmtpSink } from '../servers/smtp-sink.ts';

const EMAILS = 150;
const IN_FLIGHT = 5;

const idsAt = (sink: SmtpSink) => sink.messages.map((m) => m.headers['x-mailwright-email-id']!);

describe.each(DIALECTS)('delivery when the sending process is killed, on %s', (dialect) => {
  const rig = useCrashRig(dialect);

  it('delivers every accepted email after a SIGKILL mid-batch and a restart', { timeout: 150_000 }, async () => {
    // Each message takes the sink a while, so the kill lands with a batch in flight.
    const {
      deps,
      sink,
      project: p,
      url,
      serve,
      ready,
    } = await rig.start(15, {
      DELIVERY_CONCURRENCY: String(IN_FLIGHT),
      DELIVERY_BATCH_SIZE: '20',
      SMTP_POOL_SIZE: String(IN_FLIGHT),
    });

    const first = serve();
    await ready(first);
    const accepted: string[] = [];
    for (let i = 0; i < EMAILS; i++) {
      const res = await fetch(`${url}/v1/send`, {
        method: 'POST',
        headers: { authorization: p.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ to: `r${i}@example.test`, from: 'a@shop.test', subject: `n${i}`, body: '<p>x</p>' }),
      });
      expect(res.status).toBe(200);
      accepted.push(((await res.json()) as { data: { emails: Array<{ email: string }> } }).data.emails[0]!.email);
    }
    await until(async () => (sink.messages.length >= 20 ? true : undefined), 'first deliveries');
    first.child.kill('SIGKILL');
    expect((await first.exited()).signal).toBe('SIGKILL');
    const atKill = new Set(idsAt(sink));
    expect(atKill.size).toBeLessThan(EMAILS);

    const restartedAt = Date.now();
    const second = serve();
    await ready(second);
    await until(async () => (new Set(idsAt(sink)).size >= EMAILS ? true : undefined), 'every email delivered', 60_000);
    const recoveryMs = Date.now() - restartedAt;
    const ids = idsAt(sink);
    const distinct = new Set(ids);
    const duplicates = ids.length - distinct.size;
    console.log(
      `[${dialect}] ${EMAILS} accepted, ${distinct.size} delivered, ${duplicates} duplicate(s), all delivered ${recoveryMs} ms after the restart`,
    );
    expect([...distinct].sort()).toEqual([...accepted].sort());
    expect(duplicates).toBeLessThanOrEqual(IN_FLIGHT);
    expect(recoveryMs).toBeLessThan(60_000);
    // A duplicate is the same message again: same Message-ID.
    expectStableMessageIds(sink, 'shop.test');
    // The sink's 250 comes just before the row is stamped: give the last stamps a moment.
    await until(
      async () => {
        const rows = await deps.db.selectFrom('emails').select(['status']).where('projectId', '=', p.id).execute();
        return rows.every((r) => r.status === 'SENT') ? true : undefined;
      },
      'every row SENT',
      10_000,
    );
  });
});
