// Invariant: a message the SMTP submission listener answered 250 is delivered even when the process
// is SIGKILLed right after. A real `serve` process takes a burst from 10 concurrent clients and is
// killed mid-burst; the clients send what was not answered again to a restarted process, as an MTA
// would. Every message answered 250 arrives at the sink; a message arrives twice only when it was in
// flight at the kill (stored but its 250 lost, or handed to the sink but not stamped SENT). A SIGTERM
// afterwards, with a client still connected, ends the process cleanly.
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { useCrashRig } from '../fixtures/crash-rig.ts';
import { freePort, until } from '../fixtures/processes.ts';
import { smtpSession } from './submission-helpers.ts';

const CLIENTS = 10;
const PER_CLIENT = 30;
const DELIVERY_IN_FLIGHT = 5;

describe.each(DIALECTS)('SMTP submission when the process is killed, on %s', (dialect) => {
  const rig = useCrashRig(dialect);

  it('delivers every message answered 250 after a SIGKILL mid-burst', { timeout: 150_000 }, async () => {
    const port = await freePort();
    const {
      sink,
      project: p,
      serve,
      ready,
    } = await rig.start(2, {
      SMTP_SUBMISSION_PORT: String(port),
      SMTP_SUBMISSION_ALLOW_INSECURE: 'true',
      DELIVERY_CONCURRENCY: String(DELIVERY_IN_FLIGHT),
      SMTP_POOL_SIZE: String(DELIVERY_IN_FLIGHT),
    });
    const listening = () =>
      until(async () => {
        const s = await smtpSession(port).catch(() => undefined);
        s?.close();
        return s ? true : undefined;
      }, 'submission listener up');

    const first = serve();
    await ready(first);
    await listening();

    const subjects = Array.from({ length: CLIENTS * PER_CLIENT }, (_, i) => `burst ${i}`);
    const answered = new Set<string>();
    const client = () =>
      nodemailer.createTransport({
        pool: true,
        maxConnections: 1,
        host: '127.0.0.1',
        port,
        secure: false,
        ignoreTLS: true,
        auth: { user: 'app', pass: p.secretKey },
        connectionTimeout: 3000,
        socketTimeout: 10_000,
      });
    const sendAll = async (list: string[]) => {
      const c = client();
      for (const subject of list) {
        try {
          const info = await c.sendMail({ from: 'app@shop.test', to: 'someone@dest.test', subject, text: subject });
          if (/^250 /.test(info.response)) answered.add(subject);
        } catch {
          // The process died under this message: it was not answered 250.
        }
      }
      c.close();
    };
    const lanes = Array.from({ length: CLIENTS }, (_, k) => subjects.filter((_, i) => i % CLIENTS === k));
    const burst = Promise.all(lanes.map(sendAll));
    await until(async () => (answered.size >= 80 ? true : undefined), '80 messages answered', 60_000);
    first.child.kill('SIGKILL');
    expect((await first.exited()).signal).toBe('SIGKILL');
    await burst;
    const answeredBeforeKill = answered.size;
    expect(answeredBeforeKill).toBeLessThan(subjects.length);

    const second = serve();
    await ready(second);
    await listening();
    // The clients try again with whatever was not answered 250.
    const rest = subjects.filter((s) => !answered.has(s));
    await Promise.all(Array.from({ length: CLIENTS }, (_, k) => sendAll(rest.filter((_, i) => i % CLIENTS === k))));
    expect(answered.size).toBe(subjects.length);

    const arrived = () => sink.messages.map((m) => m.subject);
    await until(
      async () => (new Set(arrived()).size >= subjects.length ? true : undefined),
      'every message delivered',
      60_000,
    );
    const counts = new Map<string, number>();
    for (const s of arrived()) counts.set(s, (counts.get(s) ?? 0) + 1);
    const twice = [...counts.values()].filter((n) => n > 1).length;
    console.log(
      `[${dialect}] ${answeredBeforeKill} answered before the kill, ${subjects.length} in all, ${twice} delivered twice`,
    );
    expect([...counts.keys()].sort()).toEqual([...subjects].sort());
    // In flight at the kill: one message per client (its 250 lost) and the delivery worker's batch.
    expect(twice).toBeLessThanOrEqual(CLIENTS + DELIVERY_IN_FLIGHT);
    for (const n of counts.values()) expect(n).toBeLessThanOrEqual(2);

    // A SIGTERM with a pooled client still connected ends the process cleanly and promptly: the
    // listener hangs up on idle clients instead of waiting for them.
    const idle = await smtpSession(port);
    await idle.command('EHLO client.test');
    const stoppedAt = Date.now();
    second.child.kill('SIGTERM');
    const exit = await second.exited(20_000);
    expect(exit.code, exit.stderr).toBe(0);
    const stopMs = Date.now() - stoppedAt;
    console.log(`[${dialect}] SIGTERM to exit: ${stopMs} ms`);
    expect(stopMs).toBeLessThan(15_000);
    idle.close();
  });
});
