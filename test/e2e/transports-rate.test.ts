// Invariant: a transport's ratePerSecond holds across every worker: two delivery workers (two deps on
// one database) together send no more through it in one second than its rate; what is over goes to
// the next transport of the stream, or, with none, waits uncounted for the next second.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../../src/composition.ts';
import { createLogger, type Deps } from '../../src/deps.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { deliverDue } from '../../src/sending/delivery.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { type SmtpSink, startSmtpSink } from '../servers/smtp-sink.ts';
import { transportApi } from './transports-helpers.ts';

describe.each(DIALECTS)('transport rate across workers on %s', (dialect) => {
  let limited: SmtpSink;
  let spare: SmtpSink;
  let second: (Deps & { close(): Promise<void> }) | undefined;
  beforeAll(async () => {
    limited = await startSmtpSink();
    spare = await startSmtpSink();
  });
  afterAll(async () => {
    await second?.close();
    await limited?.close();
    await spare?.close();
  });
  // The middle of a second, so the whole test runs in one window until the clock is moved.
  const clock = manualClock(new Date(Math.floor(Date.now() / 1000) * 1000 + 500));
  const t = useTestEnv({
    dialect,
    clock,
    // Small claims, so both workers take part in every run.
    env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', DELIVERY_BATCH_SIZE: '2', DELIVERY_CONCURRENCY: '2' },
  });
  const api = transportApi(t);
  /** Both workers deliver at once. */
  const bothDeliver = async () => {
    second ??= await createDeps(t.config, { clock, log: createLogger('silent') });
    return Promise.all([deliverDue(t.deps, 10_000), deliverDue(second, 10_000)]);
  };

  it('sends at most ratePerSecond a second through a transport, the rest through the next', async () => {
    const p = await t.make.project();
    await api.create(p, {
      name: 'limited',
      kind: 'SMTP',
      url: limited.url,
      streams: ['TRANSACTIONAL'],
      ratePerSecond: 3,
      priority: 1,
    });
    await api.create(p, { name: 'spare', kind: 'SMTP', url: spare.url, streams: ['TRANSACTIONAL'], priority: 2 });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await api.storeEmail(p, `r${i}@dest.test`));
    const [one, two] = await bothDeliver();
    // Both workers sent: a rate kept per process would have let each send 3 through `limited`.
    expect(one.sent).toBeGreaterThan(0);
    expect(two.sent).toBeGreaterThan(0);
    const rows = await t.deps.db.selectFrom('emails').select('status').where('id', 'in', ids).execute();
    expect(rows.every((r) => r.status === 'SENT')).toBe(true);
    expect(limited.messages.filter((m) => m.to[0]?.startsWith('r'))).toHaveLength(3);
    expect(spare.messages.filter((m) => m.to[0]?.startsWith('r'))).toHaveLength(9);
  });

  it('holds the rest back uncounted until the next second when no other transport can take it', async () => {
    limited.clear();
    clock.advance(1000);
    const p = await t.make.project();
    await api.create(p, { name: 'alone', kind: 'SMTP', url: limited.url, streams: ['MARKETING'], ratePerSecond: 4 });
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(await api.storeEmail(p, `w${i}@dest.test`, 'MARKETING'));
    await bothDeliver();
    expect(limited.messages).toHaveLength(4);
    const waiting = await t.deps.db
      .selectFrom('emails')
      .selectAll()
      .where('id', 'in', ids)
      .where('status', '=', 'PENDING')
      .execute();
    expect(waiting).toHaveLength(6);
    const nextWindow = (Math.floor(clock.now().getTime() / 1000) + 1) * 1000;
    expect(waiting.every((r) => r.attempts === 0 && new Date(r.nextAttemptAt).getTime() === nextWindow)).toBe(true);
    clock.advance(1000);
    await bothDeliver();
    expect(limited.messages).toHaveLength(8);
    clock.advance(1000);
    await bothDeliver();
    expect(limited.messages).toHaveLength(10);
    expect(new Set(limited.messages.map((m) => m.to[0])).size).toBe(10);
  });
});
