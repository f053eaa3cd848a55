// Invariant: a SIGKILL while event webhooks are in flight loses none: every contact.created message
// committed with its contact reaches the endpoint at least once, and a message is sent again only if
// it was in flight (SENDING) when the process died, with the same webhook-id, the same body and a
// signature the standardwebhooks library verifies.
// A real `serve` process takes a burst of new contacts through POST /contacts while an endpoint on a
// slow loopback receiver gets their contact.created messages (it holds its answers until the burst is
// written, then answers each in 50 ms, so a full set of deliveries is always in flight). The receiver
// SIGKILLs the process as 40% of the messages have arrived, and a new process on the same database
// delivers the rest, the dead one's in-flight messages once their lease has run out.
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { fromJson } from '../../src/db/codecs.ts';
import { groupBy } from '../../src/lib/group-by.ts';
import { DIALECTS } from '../env.ts';
import { useCrashRig } from '../fixtures/crash-rig.ts';
import { type NodeProcess, until } from '../fixtures/processes.ts';
import { type HttpListener, startHttpListener } from '../servers/http-listener.ts';
import { caller } from './workflow-crash-helpers.ts';

const CONTACTS = 300;
const ANSWER_MS = 50;
/** The receiver holds its answers while the burst is written, at most this long. */
const GATE_MS = 19_000;
/** The process is killed as the receiver gets this many distinct messages (after the burst). */
const KILL_AT = CONTACTS * 0.4;

describe.each(DIALECTS)('event webhooks whose process is killed mid-burst, on %s', (dialect) => {
  const rig = useCrashRig(dialect);
  let hook: HttpListener | undefined;
  afterEach(async () => hook?.close());

  it('delivers every message at least once, and again only one in flight at the kill, with its webhook-id, body and signature', {
    timeout: 180_000,
  }, async () => {
    hook = await startHttpListener();
    const receiver = hook;
    // Answers wait for the burst to be written, so the kill finds deliveries under way however fast
    // this machine writes; then each takes ANSWER_MS.
    let openGate: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    // The kill comes from the receiver, as the message that makes KILL_AT arrives: no polling lag.
    const arrivedIds = new Set<string>();
    let armed = false;
    let first: NodeProcess | undefined;
    const killWhenDue = () => {
      if (armed && first && !first.child.killed && arrivedIds.size >= KILL_AT) first.child.kill('SIGKILL');
    };
    receiver.respond(async (req) => {
      arrivedIds.add(req.headers['webhook-id']!);
      killWhenDue();
      await gate;
      return { status: 204, delayMs: ANSWER_MS };
    });
    const {
      deps,
      project: p,
      url,
      serve,
      ready,
    } = await rig.start(0, {
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      // Held answers (GATE_MS) must not time out: a timed-out message would be sent again legitimately.
      // (20 s still leaves the messages' lease at its 60 s floor.)
      WEBHOOK_TIMEOUT_MS: '20000',
    });
    let server = serve();
    first = server;
    await ready(server);
    const api = caller(url, p.auth);
    const created = await api('POST', '/webhook-endpoints', {
      url: `${receiver.url}/hook`,
      events: ['contact.created'],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const secret = created.json.secret as string;

    // The burst: 20 writers, each contact answered (committed) before the kill.
    const burstStarted = Date.now();
    const gateTimer = setTimeout(openGate, GATE_MS);
    let next = 0;
    const lane = async () => {
      for (let i = next++; i < CONTACTS; i = next++) {
        const r = await api('POST', '/contacts', { email: `c${i}@example.test`, data: { n: i } });
        expect(r.status, JSON.stringify(r.json)).toBe(201);
      }
    };
    await Promise.all(Array.from({ length: 20 }, lane));
    const burstMs = Date.now() - burstStarted;
    armed = true;
    clearTimeout(gateTimer);
    openGate();
    killWhenDue();
    expect((await server.exited(60_000)).signal).toBe('SIGKILL');
    const arrived = () => new Set(receiver.requests.map((r) => r.headers['webhook-id'])).size;
    const atKill = arrived();
    const messagesOf = () =>
      deps.db
        .selectFrom('webhookMessages')
        .select(['id', 'type', 'status', 'payload'])
        .where('projectId', '=', p.id)
        .execute();
    const inFlight = new Set((await messagesOf()).filter((m) => m.status === 'SENDING').map((m) => m.id));
    expect(atKill, 'messages at the receiver when the process died').toBeGreaterThanOrEqual(CONTACTS * 0.2);
    expect(atKill).toBeLessThanOrEqual(CONTACTS * 0.8);
    expect(inFlight.size, 'messages SENDING at the kill').toBeGreaterThan(0);

    const killedAt = Date.now();
    server = serve();
    await ready(server);
    const messages = await until(
      async () => {
        const rows = await messagesOf();
        return rows.every((m) => m.status === 'DELIVERED') && arrived() >= rows.length ? rows : undefined;
      },
      'every message DELIVERED and at the receiver',
      120_000,
    );
    const recoveredMs = Date.now() - killedAt;

    // One contact.created per contact, each at the receiver under its message id.
    expect(messages).toHaveLength(CONTACTS);
    expect(messages.filter((m) => m.type !== 'contact.created')).toEqual([]);
    const emails = messages.map((m) => fromJson<{ data: { email: string } }>(m.payload).data.email).sort();
    expect(emails).toEqual(Array.from({ length: CONTACTS }, (_, i) => `c${i}@example.test`).sort());
    const received = receiver.requests;
    const byId = groupBy(received, (r) => r.headers['webhook-id']!);
    expect([...byId.keys()].sort()).toEqual(messages.map((m) => m.id).sort());

    // Every delivery verifies, and carries exactly the stored body; a repeat is the same message again.
    const wh = new Webhook(secret);
    const payloadOf = new Map(messages.map((m) => [m.id, m.payload]));
    for (const r of received) {
      const id = r.headers['webhook-id']!;
      const headers = {
        'webhook-id': id,
        'webhook-timestamp': r.headers['webhook-timestamp']!,
        'webhook-signature': r.headers['webhook-signature']!,
      };
      expect(() => wh.verify(r.body, headers), `signature of ${id}`).not.toThrow();
      expect(r.body, `body of ${id}`).toBe(payloadOf.get(id));
    }

    // Repeats only for messages in flight at the kill, once each at most (one kill): no more repeats
    // than messages SENDING then.
    const repeated = [...byId].filter(([, rs]) => rs.length > 1);
    expect(repeated.filter(([id]) => !inFlight.has(id)).map(([id]) => id)).toEqual([]);
    expect(repeated.filter(([, rs]) => rs.length > 2).map(([id]) => id)).toEqual([]);
    console.log(
      `[${dialect}] ${CONTACTS} contact.created messages (burst written in ${burstMs} ms), SIGKILL with ${atKill} at the receiver and ` +
        `${inFlight.size} SENDING; ${received.length} deliveries, ${repeated.length} message(s) twice; ` +
        `all delivered ${(recoveredMs / 1000).toFixed(1)} s after the kill`,
    );
  });
});
