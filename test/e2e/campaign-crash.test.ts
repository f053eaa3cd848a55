// Invariant: a campaign reaches every subscribed recipient exactly once per recipient row, whatever
// happens to the process sending it. A real `serve` process sends a 5,000-recipient campaign into a
// slow SMTP sink and is SIGKILLed three times (once during the fan-out, twice during delivery); each
// time a new process on the same database takes over when the dead one's leases run out. At the sink
// every subscribed recipient has the campaign and nobody else does; no recipient ever gets two
// different emails (the fan-out never repeats anyone); a message received twice is the same email
// (same Message-ID) that the sink accepted before a kill and the dead process never stamped SENT, so
// duplicates are counted, reported and bounded by the rows in flight (claimed, unstamped) at the kills. The campaign ends SENT.
import { describe, expect, it } from 'vitest';
import type { Deps } from '../../src/deps.ts';
import { newId } from '../../src/lib/ids.ts';
import { DIALECTS } from '../env.ts';
import { expectStableMessageIds, useCrashRig } from '../fixtures/crash-rig.ts';
import { type NodeProcess, until } from '../fixtures/processes.ts';

const SUBSCRIBED = 5000;
const UNSUBSCRIBED = 50;
const IN_FLIGHT = 10;
const KILLS = 3;

describe.each(DIALECTS)('a campaign whose sending process is killed, on %s', (dialect) => {
  const rig = useCrashRig(dialect);

  /** 5,000 subscribed and 50 unsubscribed contacts, written straight to the table (ids ascending). */
  async function seed(deps: Deps, projectId: string) {
    const now = new Date();
    const rows = Array.from({ length: SUBSCRIBED + UNSUBSCRIBED }, (_, i) => ({
      id: newId(),
      projectId,
      email: `r${i}@example.test`,
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
  }

  it('sends every subscribed recipient the campaign after three SIGKILLs, and ends SENT', {
    // Alone it takes 30–45 s; beside the other crash tests and a browser on two cores, over 120 s was seen.
    timeout: 240_000,
  }, async () => {
    const {
      deps,
      sink,
      project: p,
      url,
      serve,
      ready,
    } = await rig.start(3, {
      SEND_RATE_PER_SECOND: '100000',
      DELIVERY_CONCURRENCY: String(IN_FLIGHT),
      DELIVERY_BATCH_SIZE: '50',
      SMTP_POOL_SIZE: String(IN_FLIGHT),
    });
    await seed(deps, p.id);
    const call = async (method: string, path: string, body?: object) => {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: p.auth, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      // biome-ignore lint/suspicious/noExplicitAny: the test reads answers of several shapes.
      return { status: res.status, json: (await res.json()) as Record<string, any> };
    };
    const dispatched = async () =>
      (await deps.db.selectFrom('campaignDispatches').select('queued').executeTakeFirst())?.queued ?? 0;
    const delivered = () => new Set(sink.messages.map((m) => m.headers['x-mailwright-email-id'])).size;

    const processes: NodeProcess[] = [];
    const launch = () => {
      const s = serve();
      processes.push(s);
      return s;
    };
    let server = launch();
    await ready(server);
    const created = await call('POST', '/campaigns', {
      name: 'Crash',
      subject: 'Hello {{ n }}',
      body: '<p>Number {{ n }}</p>',
      from: 'news@shop.test',
      audienceType: 'ALL',
    });
    expect(created.status).toBe(201);
    const id = created.json.data.id as string;
    const started = Date.now();
    expect((await call('POST', `/campaigns/${id}/send`, {})).json.status).toBe('SENDING');

    // Kill 1 once the fan-out has committed a batch; kills 2 and 3 while the outbox is being delivered.
    const killAt = [
      async () => (await dispatched()) > 0,
      async () => delivered() >= 1500,
      async () => delivered() >= 3000,
    ];
    const atKill: Array<{ dispatched: number; delivered: number }> = [];
    const inFlight = new Set<string>();
    for (const [i, due] of killAt.entries()) {
      await until(async () => ((await due()) ? true : undefined), `kill ${i + 1} point`, 60_000);
      server.child.kill('SIGKILL');
      expect((await server.exited()).signal).toBe('SIGKILL');
      atKill.push({ dispatched: await dispatched(), delivered: delivered() });
      // In flight at the kill: rows the dead process had claimed and not stamped. Only these may arrive twice.
      const claimed = await deps.db.selectFrom('emails').select('id').where('status', '=', 'SENDING').execute();
      for (const r of claimed) inFlight.add(r.id);
      server = launch();
      await ready(server);
    }
    expect(atKill[0]!.delivered).toBeLessThan(SUBSCRIBED);
    expect(atKill.at(-1)!.delivered).toBeLessThan(SUBSCRIBED);

    const sent = await until(
      async () => {
        const c = await call('GET', `/campaigns/${id}`);
        return c.json.status === 'SENT' ? c.json : undefined;
      },
      'campaign SENT',
      60_000,
    );
    const elapsed = Date.now() - started;
    const byRecipient = new Map<string, Set<string>>();
    for (const m of sink.messages) {
      const to = m.to[0]!;
      byRecipient.set(to, (byRecipient.get(to) ?? new Set()).add(m.headers['x-mailwright-email-id']!));
    }
    const duplicates = sink.messages.length - delivered();
    console.log(
      `[${dialect}] ${SUBSCRIBED} recipients, ${KILLS} SIGKILLs (at ${atKill
        .map((k) => `${k.dispatched} queued/${k.delivered} delivered`)
        .join(
          ', ',
        )}); ${byRecipient.size} received, ${duplicates} duplicate message(s) (${inFlight.size} in flight at the kills), SENT ${elapsed} ms after the send`,
    );
    const expected = Array.from({ length: SUBSCRIBED }, (_, i) => `r${i}@example.test`).sort();
    const missing = expected.filter((e) => !byRecipient.has(e));
    if (missing.length > 0) console.log(await explainMissing(deps, missing, processes));
    expect([...byRecipient.keys()].sort()).toEqual(expected);
    // The fan-out never repeated anyone: one email per recipient, however often it arrived.
    expect([...byRecipient.values()].every((ids) => ids.size === 1)).toBe(true);
    const seen = new Set<string>();
    const twice = new Set<string>();
    for (const m of sink.messages) {
      const emailId = m.headers['x-mailwright-email-id']!;
      if (seen.has(emailId)) twice.add(emailId);
      seen.add(emailId);
    }
    expect([...twice].filter((e) => !inFlight.has(e))).toEqual([]);
    expect(duplicates).toBeLessThanOrEqual(inFlight.size);
    expectStableMessageIds(sink, 'shop.test');
    expect(sent).toMatchObject({ status: 'SENT', totalRecipients: SUBSCRIBED });
    const stats = (await call('GET', `/campaigns/${id}/stats`)).json;
    expect(stats).toMatchObject({ totalRecipients: SUBSCRIBED, sentCount: SUBSCRIBED });
  });
});

/** What became of recipients the sink never saw: their outbox rows, the fan-out's counts, the servers' warnings. */
async function explainMissing(deps: Deps, missing: string[], servers: NodeProcess[]): Promise<string> {
  const rows = await deps.db
    .selectFrom('emails')
    .select(['toEmail', 'status', 'attempts', 'lastError'])
    .where('toEmail', 'in', missing.slice(0, 50))
    .execute();
  const dispatch = await deps.db.selectFrom('campaignDispatches').selectAll().executeTakeFirst();
  const warnings = servers.flatMap((s) => {
    const { stdout, stderr } = s.output();
    return `${stdout}\n${stderr}`.split('\n').filter((l) => l.trim() !== '');
  });
  return [
    `missing at the sink: ${missing.slice(0, 50).join(', ')}`,
    `their outbox rows: ${JSON.stringify(rows)}`,
    `fan-out row: ${JSON.stringify(dispatch)}`,
    `server output (${warnings.length} lines): ${warnings.slice(0, 40).join('\n')}`,
  ].join('\n');
}
