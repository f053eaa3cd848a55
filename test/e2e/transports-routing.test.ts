// Invariant: a project's mail goes through its enabled transports of the email's stream in priority
// order; a temporary failure (refused connection, 451, a host the guard refuses at connect time) moves
// the email on at once, each transport tried being its own attempt in the log; 5 failures in a row
// pass a transport over for 60 s; a project without transports (or none enabled for the stream) sends
// through the server's transport as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/lib/clock.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { type DnsServer, startDnsServer } from '../servers/dns-server.ts';
import { type SmtpSink, scriptedReplies, startSmtpSink } from '../servers/smtp-sink.ts';
import { closedPort, type SesStandIn, startSesStandIn, transportApi } from './transports-helpers.ts';

describe.each(DIALECTS)('delivery through project transports on %s', (dialect) => {
  let a: SmtpSink;
  let b: SmtpSink;
  let deferring: SmtpSink;
  let refused: number;
  let dns: DnsServer;
  let ses: SesStandIn;
  beforeAll(async () => {
    ses = await startSesStandIn('AKIAROUTING');
    a = await startSmtpSink({ respond: scriptedReplies() });
    b = await startSmtpSink();
    deferring = await startSmtpSink({ respond: () => ({ code: 451, message: '4.3.0 Try again later' }) });
    refused = await closedPort();
    dns = await startDnsServer();
  });
  afterAll(async () => {
    for (const s of [a, b, deferring]) await s?.close();
    await dns?.close();
    await ses?.http.close();
  });
  const clock = manualClock(new Date());
  const t = useTestEnv({
    dialect,
    clock,
    env: () => ({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', DNS_SERVERS: dns.server, DNS_TIMEOUT_MS: '300' }),
  });
  const api = transportApi(t);
  const smtp = (name: string, url: string, streams: string[], extra: object = {}) => ({
    name,
    kind: 'SMTP',
    url,
    streams,
    ...extra,
  });
  const to = (sink: SmtpSink, address: string) => sink.messages.filter((m) => m.to.includes(address));
  const summary = async (p: TestProject, id: string) =>
    (await api.attempts(p, id)).map((x) => `${x.transport}:${x.result}`);

  it('sends through the server transport when the project has none', async () => {
    const p = await t.make.project();
    const id = await api.storeEmail(p, 'plain@dest.test');
    await api.deliver();
    expect(await api.row(id)).toMatchObject({ status: 'SENT', attempts: 1 });
    const attempts = await api.attempts(p, id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ transport: 'capture', result: 'ACCEPTED' });
    expect(attempts[0]).not.toHaveProperty('transportId');
    expect(to(a, 'plain@dest.test')).toHaveLength(0);
  });

  it('routes each stream to its transports in priority order, and follows changes at once', async () => {
    const p = await t.make.project();
    const ta = await api.create(p, smtp('a-transactional', a.url, ['TRANSACTIONAL'], { priority: 50 }));
    await api.create(p, smtp('b-marketing', b.url, ['MARKETING'], { priority: 10 }));
    const tx = await api.storeEmail(p, 'tx@dest.test', 'TRANSACTIONAL');
    const mk = await api.storeEmail(p, 'mk@dest.test', 'MARKETING');
    const hl = await api.storeEmail(p, 'hl@dest.test', 'HEADLESS');
    await api.deliver();
    expect(to(a, 'tx@dest.test')).toHaveLength(1);
    expect(to(b, 'mk@dest.test')).toHaveLength(1);
    expect(to(b, 'hl@dest.test')).toHaveLength(1);
    const attempts = await api.attempts(p, tx);
    expect(attempts).toEqual([
      expect.objectContaining({ transport: 'a-transactional', transportId: ta.id, result: 'ACCEPTED' }),
    ]);
    expect(await summary(p, mk)).toEqual(['b-marketing:ACCEPTED']);
    expect(await summary(p, hl)).toEqual(['b-marketing:ACCEPTED']);
    // A transport of lower priority number added for TRANSACTIONAL takes the next email.
    await api.create(p, smtp('b-first', b.url, ['TRANSACTIONAL', 'MARKETING'], { priority: 1 }));
    const next = await api.storeEmail(p, 'tx2@dest.test');
    await api.deliver();
    expect(to(b, 'tx2@dest.test')).toHaveLength(1);
    expect(await summary(p, next)).toEqual(['b-first:ACCEPTED']);
  });

  it('sends through an SES transport, and fails over from SES refusing the key to SMTP', async () => {
    const p = await t.make.project();
    const sesBody = (name: string, accessKeyId: string, priority: number) => ({
      name,
      kind: 'SES',
      ses: { region: 'eu-west-1', accessKeyId, secretAccessKey: 'secret', endpoint: ses.url },
      streams: ['MARKETING'],
      priority,
    });
    await api.create(p, sesBody('ses-eu', 'AKIAROUTING', 1));
    const id = await api.storeEmail(p, 'via-ses@dest.test', 'MARKETING');
    await api.deliver();
    expect(ses.sent.filter((raw) => raw.includes('via-ses@dest.test'))).toHaveLength(1);
    const [accepted] = await api.attempts(p, id);
    expect(accepted).toMatchObject({
      transport: 'ses-eu',
      result: 'ACCEPTED',
      response: expect.stringMatching(/^MessageId ses-/),
    });
    expect(accepted).not.toHaveProperty('smtpCode');
    // SES refusing the credentials is the transport's configuration: the email moves on to the next.
    const q = await t.make.project();
    await api.create(q, sesBody('ses-wrong-key', 'AKIAUNKNOWN', 1));
    await api.create(q, smtp('smtp-next', b.url, ['MARKETING'], { priority: 2 }));
    const refused = await api.storeEmail(q, 'wrong-key@dest.test', 'MARKETING');
    await api.deliver();
    expect(await summary(q, refused)).toEqual(['ses-wrong-key:TEMPORARY_FAILURE', 'smtp-next:ACCEPTED']);
    expect(to(b, 'wrong-key@dest.test')).toHaveLength(1);
  });

  it('skips disabled transports, and uses the server transport when none of the stream is enabled', async () => {
    const p = await t.make.project();
    const off = await api.create(p, smtp('off', b.url, ['TRANSACTIONAL'], { priority: 1, enabled: false }));
    await api.create(p, smtp('on', a.url, ['TRANSACTIONAL'], { priority: 2 }));
    const tx = await api.storeEmail(p, 'skip@dest.test');
    const mk = await api.storeEmail(p, 'nostream@dest.test', 'MARKETING');
    await api.deliver();
    expect(to(b, 'skip@dest.test')).toHaveLength(0);
    expect(await summary(p, tx)).toEqual(['on:ACCEPTED']);
    expect(await summary(p, mk)).toEqual(['capture:ACCEPTED']);
    await api.call(p, 'PATCH', `/transports/${off.id}`, { enabled: true });
    const again = await api.storeEmail(p, 'enabled@dest.test');
    await api.deliver();
    expect(await summary(p, again)).toEqual(['off:ACCEPTED']);
  });

  it('fails over on a refused connection and on a 451, each transport its own attempt', async () => {
    const p = await t.make.project();
    const down = await api.create(p, smtp('down', `smtp://127.0.0.1:${refused}`, ['TRANSACTIONAL'], { priority: 1 }));
    const later = await api.create(p, smtp('later', deferring.url, ['TRANSACTIONAL'], { priority: 2 }));
    const good = await api.create(p, smtp('good', a.url, ['TRANSACTIONAL'], { priority: 3 }));
    const id = await api.storeEmail(p, 'failover@dest.test');
    await api.deliver();
    expect(to(a, 'failover@dest.test')).toHaveLength(1);
    expect(await api.row(id)).toMatchObject({ status: 'SENT', attempts: 1 });
    const attempts = await api.attempts(p, id);
    expect(attempts.map((x) => [x.transport, x.transportId, x.result])).toEqual([
      ['down', down.id, 'TEMPORARY_FAILURE'],
      ['later', later.id, 'TEMPORARY_FAILURE'],
      ['good', good.id, 'ACCEPTED'],
    ]);
    expect(attempts[1]).toMatchObject({ smtpCode: 451 });
    // The failures are counted on the rows, the success left its transport untouched.
    const health = await t.deps.db
      .selectFrom('transports')
      .select(['name', 'consecutiveFailures'])
      .where('projectId', '=', p.id)
      .orderBy('priority')
      .execute();
    expect(health.map((h) => [h.name, Number(h.consecutiveFailures)])).toEqual([
      ['down', 1],
      ['later', 1],
      ['good', 0],
    ]);
  });

  it('puts the email back with backoff when every transport fails temporarily, and ends it on a permanent refusal', async () => {
    const p = await t.make.project();
    await api.create(p, smtp('down', `smtp://127.0.0.1:${refused}`, ['TRANSACTIONAL'], { priority: 1 }));
    await api.create(p, smtp('later', deferring.url, ['TRANSACTIONAL'], { priority: 2 }));
    const id = await api.storeEmail(p, 'nowhere@dest.test');
    await api.deliver();
    const row = await api.row(id);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(row.lastError).toContain('451');
    expect(new Date(row.nextAttemptAt).getTime()).toBeGreaterThan(clock.now().getTime() + 20_000);
    expect(await summary(p, id)).toEqual(['down:TEMPORARY_FAILURE', 'later:TEMPORARY_FAILURE']);

    const q = await t.make.project();
    await api.create(q, smtp('down', `smtp://127.0.0.1:${refused}`, ['TRANSACTIONAL'], { priority: 1 }));
    await api.create(q, smtp('strict', a.url, ['TRANSACTIONAL'], { priority: 2 }));
    await api.create(q, smtp('never', b.url, ['TRANSACTIONAL'], { priority: 3 }));
    const gone = await api.storeEmail(q, 'nouser@dest.test');
    await api.deliver();
    expect((await api.row(gone)).status).toBe('BOUNCED');
    expect(await summary(q, gone)).toEqual(['down:TEMPORARY_FAILURE', 'strict:PERMANENT_FAILURE']);
    expect(to(b, 'nouser@dest.test')).toHaveLength(0);
  });

  it('passes a transport over for 60 s after 5 failures in a row, then tries it again', async () => {
    const p = await t.make.project();
    const down = await api.create(p, smtp('down', `smtp://127.0.0.1:${refused}`, ['TRANSACTIONAL'], { priority: 1 }));
    await api.create(p, smtp('good', b.url, ['TRANSACTIONAL'], { priority: 2 }));
    for (let i = 0; i < 5; i++) {
      await api.storeEmail(p, `streak${i}@dest.test`);
      await api.deliver();
    }
    const paused = (await api.call(p, 'GET', `/transports/${down.id}`)).json();
    expect(paused.consecutiveFailures).toBe(5);
    expect(new Date(paused.pausedUntil).getTime()).toBe(clock.now().getTime() + 60_000);
    const skipped = await api.storeEmail(p, 'skipped@dest.test');
    await api.deliver();
    expect(await summary(p, skipped)).toEqual(['good:ACCEPTED']);
    clock.advance(59_000);
    const still = await api.storeEmail(p, 'still@dest.test');
    await api.deliver();
    expect(await summary(p, still)).toEqual(['good:ACCEPTED']);
    clock.advance(2_000);
    const probe = await api.storeEmail(p, 'probe@dest.test');
    await api.deliver();
    expect(await summary(p, probe)).toEqual(['down:TEMPORARY_FAILURE', 'good:ACCEPTED']);
    // Still failing: paused again at once, for another 60 s.
    const again = (await api.call(p, 'GET', `/transports/${down.id}`)).json();
    expect(again.consecutiveFailures).toBe(6);
    expect(new Date(again.pausedUntil).getTime()).toBe(clock.now().getTime() + 60_000);
    expect(b.messages.filter((m) => m.to[0]?.startsWith('streak'))).toHaveLength(5);
  });

  it('hands an email back uncounted when every transport of its stream is paused', async () => {
    const p = await t.make.project();
    const down = await api.create(p, smtp('only', `smtp://127.0.0.1:${refused}`, ['MARKETING']));
    for (let i = 0; i < 5; i++) await api.storeEmail(p, `m${i}@dest.test`, 'MARKETING');
    await api.deliver();
    const pausedUntil = (await api.call(p, 'GET', `/transports/${down.id}`)).json().pausedUntil;
    expect(pausedUntil).not.toBeNull();
    const waiting = await api.storeEmail(p, 'waits@dest.test', 'MARKETING');
    await api.deliver();
    const row = await api.row(waiting);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect(new Date(row.nextAttemptAt).toISOString()).toBe(pausedUntil);
    expect(await api.attempts(p, waiting)).toEqual([]);
  });

  it('refuses at connect time a host that has come to resolve to a private address', async () => {
    const p = await t.make.project();
    // Not resolvable when saved (accepted: every connection checks again), private when connected to.
    dns.fail('relay.rebind.test', 'SERVFAIL');
    await api.create(p, smtp('rebound', 'smtp://relay.rebind.test:2525', ['TRANSACTIONAL'], { priority: 1 }));
    await api.create(p, smtp('good', b.url, ['TRANSACTIONAL'], { priority: 2 }));
    dns.remove('relay.rebind.test');
    dns.set('relay.rebind.test', 'A', ['10.0.0.7']);
    const id = await api.storeEmail(p, 'rebind@dest.test');
    await api.deliver();
    const attempts = await api.attempts(p, id);
    expect(attempts.map((x) => `${x.transport}:${x.result}`)).toEqual(['rebound:TEMPORARY_FAILURE', 'good:ACCEPTED']);
    expect(attempts[0]!.response).toContain('10.0.0.7');
  });
});
