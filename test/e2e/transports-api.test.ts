// Invariant: /transports keeps a project's relays as the contract says: every problem of a body in one
// 422 with field names, another project's transport a 404, private hosts refused, and credentials
// encrypted at rest and in no answer, while the test endpoint still logs in with them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { type SmtpSink, startSmtpSink } from '../servers/smtp-sink.ts';
import { expectError } from './support.ts';
import { closedPort, type SesStandIn, startSesStandIn, transportApi } from './transports-helpers.ts';

const PASSWORD = 'pa55-w0rd-never-shown';

type FieldProblem = { field: string; message: string; code: string };

/** The problems a 422 lists, in order. */
function problemsOf(res: Parameters<typeof expectError>[0]): FieldProblem[] {
  return expectError(res, 422, 'VALIDATION_ERROR').errors as FieldProblem[];
}

/** The fields a 422 names, in order. */
function fieldsOf(res: Parameters<typeof expectError>[0]): string[] {
  return problemsOf(res).map((e) => e.field);
}
const SES_SECRET = 'ses-secret-never-shown-0123456789';

describe.each(DIALECTS)('/transports on %s', (dialect) => {
  let relay: SmtpSink;
  let ses: SesStandIn;
  let refused: number;
  beforeAll(async () => {
    relay = await startSmtpSink({ auth: { user: 'relay@corp', pass: PASSWORD } });
    ses = await startSesStandIn('AKIATESTKEY');
    refused = await closedPort();
  });
  afterAll(async () => {
    await relay?.close();
    await ses?.http.close();
  });
  const t = useTestEnv({ dialect, env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
  const api = transportApi(t);
  const smtpUrl = (pass = PASSWORD) => `smtp://relay%40corp:${encodeURIComponent(pass)}@127.0.0.1:${relay.port}`;

  it('creates, lists in priority order, reads, changes and deletes a transport', async () => {
    const p = await t.make.project();
    const backup = await api.create(p, {
      name: 'backup',
      kind: 'SMTP',
      url: smtpUrl(),
      streams: ['MARKETING'],
      priority: 200,
    });
    const res = await api.call(p, 'POST', '/transports', {
      name: 'main',
      kind: 'SMTP',
      url: smtpUrl(),
      streams: ['TRANSACTIONAL', 'MARKETING'],
      ratePerSecond: 50,
      unknownField: 'ignored',
    });
    expect(res.statusCode, res.body).toBe(201);
    const main = res.json();
    expect(main).toMatchObject({
      name: 'main',
      kind: 'SMTP',
      url: `smtp://relay%40corp@127.0.0.1:${relay.port}`,
      ses: null,
      hasSecret: true,
      streams: ['TRANSACTIONAL', 'MARKETING'],
      ratePerSecond: 50,
      priority: 100,
      enabled: true,
      consecutiveFailures: 0,
      pausedUntil: null,
    });
    expect(main).not.toHaveProperty('unknownField');
    const list = await api.call(p, 'GET', '/transports');
    expect(list.json().map((x: { name: string }) => x.name)).toEqual(['main', 'backup']);
    expect((await api.call(p, 'GET', `/transports/${backup.id}`)).json()).toMatchObject({
      name: 'backup',
      priority: 200,
    });
    const patched = await api.call(p, 'PATCH', `/transports/${backup.id}`, {
      priority: 10,
      enabled: false,
      ratePerSecond: 5,
    });
    expect(patched.json()).toMatchObject({ priority: 10, enabled: false, ratePerSecond: 5, url: backup.url });
    const cleared = await api.call(p, 'PATCH', `/transports/${backup.id}`, { ratePerSecond: null });
    expect(cleared.json().ratePerSecond).toBeNull();
    expect((await api.call(p, 'GET', '/transports')).json().map((x: { name: string }) => x.name)).toEqual([
      'backup',
      'main',
    ]);
    expect((await api.call(p, 'DELETE', `/transports/${backup.id}`)).statusCode).toBe(204);
    expectError(await api.call(p, 'GET', `/transports/${backup.id}`), 404, 'TRANSPORT_NOT_FOUND');
    expectError(await api.call(p, 'DELETE', `/transports/${backup.id}`), 404, 'TRANSPORT_NOT_FOUND');
    expectError(
      await api.call(p, 'POST', '/transports', { name: 'main', kind: 'SMTP', url: smtpUrl(), streams: ['MARKETING'] }),
      409,
      'NAME_TAKEN',
    );
  });

  it('lists every problem of a body in one 422 with field names', async () => {
    const p = await t.make.project();
    const bad = await api.call(p, 'POST', '/transports', {
      name: '',
      kind: 'SMTP',
      streams: ['MARKETING', 'MARKETING'],
      ratePerSecond: 0,
      priority: 1.5,
    });
    const fields = fieldsOf(bad);
    expect(fields).toEqual(expect.arrayContaining(['name', 'streams', 'ratePerSecond', 'priority']));
    const kinds = await api.call(p, 'POST', '/transports', {
      name: 'x',
      kind: 'SMTP',
      ses: { region: 'eu-west-1', accessKeyId: 'AKIA', secretAccessKey: 's' },
      streams: ['TRANSACTIONAL'],
    });
    expect(fieldsOf(kinds).sort()).toEqual(['ses', 'url']);
    const scheme = await api.call(p, 'POST', '/transports', {
      name: 'x',
      kind: 'SMTP',
      url: 'http://user:pass@127.0.0.1:25',
      streams: ['TRANSACTIONAL'],
    });
    const problem = problemsOf(scheme)[0];
    expect(problem).toMatchObject({ field: 'url', message: 'must start with smtp:// or smtps://' });
    expect(scheme.body).not.toContain('pass@');
    const noSes = await api.call(p, 'POST', '/transports', { name: 'x', kind: 'SES', streams: ['MARKETING'] });
    expect(fieldsOf(noSes)).toEqual(['ses']);
    const sesFields = await api.call(p, 'POST', '/transports', {
      name: 'x',
      kind: 'SES',
      ses: { region: 'not a region', accessKeyId: 'AKIA' },
      streams: [],
    });
    expect(fieldsOf(sesFields)).toEqual(expect.arrayContaining(['ses.region', 'ses.secretAccessKey', 'streams']));
    const t1 = await api.create(p, { name: 'one', kind: 'SMTP', url: smtpUrl(), streams: ['MARKETING'] });
    expectError(await api.call(p, 'PATCH', `/transports/${t1.id}`, { kind: 'SES' }), 422, 'VALIDATION_ERROR');
    expectError(await api.call(p, 'PATCH', `/transports/${t1.id}`, { streams: ['OTHER'] }), 422, 'VALIDATION_ERROR');
    expect((await api.call(p, 'GET', '/transports')).json()).toHaveLength(1);
  });

  it('refuses private hosts unless WEBHOOK_ALLOWED_HOSTS exempts them', async () => {
    const p = await t.make.project();
    const inside = await api.call(p, 'POST', '/transports', {
      name: 'inside',
      kind: 'SMTP',
      url: 'smtp://u:p@10.1.2.3:25',
      streams: ['TRANSACTIONAL'],
    });
    expect(problemsOf(inside)[0]).toMatchObject({
      field: 'url',
      code: 'URL_NOT_ALLOWED',
    });
    const metadata = await api.call(p, 'POST', '/transports', {
      name: 'metadata',
      kind: 'SES',
      ses: { region: 'eu-west-1', accessKeyId: 'AKIA1', secretAccessKey: 's', endpoint: 'http://169.254.169.254/' },
      streams: ['MARKETING'],
    });
    expect(problemsOf(metadata)[0]).toMatchObject({
      field: 'ses.endpoint',
      code: 'URL_NOT_ALLOWED',
    });
    const ok = await api.create(p, { name: 'loopback', kind: 'SMTP', url: smtpUrl(), streams: ['MARKETING'] });
    const moved = await api.call(p, 'PATCH', `/transports/${ok.id}`, { url: 'smtps://192.168.1.1' });
    expectError(moved, 422, 'VALIDATION_ERROR');
  });

  it("answers 404 for another project's transport on every route", async () => {
    const a = await t.make.project();
    const b = await t.make.project();
    const mine = await api.create(a, { name: 'a-only', kind: 'SMTP', url: smtpUrl(), streams: ['MARKETING'] });
    for (const [method, url, body] of [
      ['GET', `/transports/${mine.id}`],
      ['PATCH', `/transports/${mine.id}`, { name: 'taken over' }],
      ['PATCH', `/transports/${mine.id}`, { priority: 'not even valid' }],
      ['DELETE', `/transports/${mine.id}`],
      ['POST', `/transports/${mine.id}/test`],
    ] as const) {
      const res = await api.call(b, method, url, body);
      expectError(res, 404, 'TRANSPORT_NOT_FOUND');
      expect(res.body).not.toContain('a-only');
    }
    expect((await api.call(b, 'GET', '/transports')).json()).toEqual([]);
    expect((await api.call(a, 'GET', `/transports/${mine.id}`)).json().name).toBe('a-only');
  });

  it('keeps credentials encrypted at rest and out of every answer; PATCH rules for secrets', async () => {
    const p = await t.make.project();
    const smtp = await api.create(p, { name: 'smtp', kind: 'SMTP', url: smtpUrl(), streams: ['TRANSACTIONAL'] });
    const sesRes = await api.call(p, 'POST', '/transports', {
      name: 'ses',
      kind: 'SES',
      ses: { region: 'eu-west-1', accessKeyId: 'AKIATESTKEY', secretAccessKey: SES_SECRET, endpoint: ses.url },
      streams: ['MARKETING'],
    });
    expect(sesRes.statusCode, sesRes.body).toBe(201);
    expect(sesRes.json().ses).toEqual({ region: 'eu-west-1', accessKeyId: 'AKIATESTKEY', endpoint: `${ses.url}/` });
    const answers = [
      sesRes.body,
      (await api.call(p, 'GET', '/transports')).body,
      (await api.call(p, 'GET', `/transports/${smtp.id}`)).body,
      (await api.call(p, 'PATCH', `/transports/${smtp.id}`, { priority: 5 })).body,
      (await api.call(p, 'PATCH', `/transports/${sesRes.json().id}`, { ses: { region: 'us-east-1' } })).body,
    ];
    for (const body of answers) {
      expect(body).not.toContain(PASSWORD);
      expect(body).not.toContain(encodeURIComponent(PASSWORD));
      expect(body).not.toContain(SES_SECRET);
    }
    const rows = await t.deps.db.selectFrom('transports').selectAll().where('projectId', '=', p.id).execute();
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(PASSWORD);
    expect(stored).not.toContain(SES_SECRET);
    expect(rows.every((r) => r.secret?.startsWith('v1.'))).toBe(true);
    // The secret key stays through a PATCH of other SES parts: the test still logs in.
    const sesId = sesRes.json().id;
    expect((await api.call(p, 'POST', `/transports/${sesId}/test`)).json()).toMatchObject({ ok: true });
    // A new access key id needs its secret.
    const keyOnly = await api.call(p, 'PATCH', `/transports/${sesId}`, { ses: { accessKeyId: 'AKIAOTHER' } });
    expect(problemsOf(keyOnly)[0]?.field).toBe('ses.secretAccessKey');
    // A url replaces the credentials entirely: without a password, none is kept.
    const noPass = await api.call(p, 'PATCH', `/transports/${smtp.id}`, {
      url: `smtp://relay%40corp@127.0.0.1:${relay.port}`,
    });
    expect(noPass.json()).toMatchObject({ hasSecret: false, url: `smtp://relay%40corp@127.0.0.1:${relay.port}` });
    expect((await api.call(p, 'POST', `/transports/${smtp.id}/test`)).json().ok).toBe(false);
  });

  it('tests a transport by logging in without sending: ok, a wrong password, a refused port, SES', async () => {
    const p = await t.make.project();
    const good = await api.create(p, { name: 'good', kind: 'SMTP', url: smtpUrl(), streams: ['TRANSACTIONAL'] });
    const wrong = await api.create(p, {
      name: 'wrong',
      kind: 'SMTP',
      url: smtpUrl('not-it'),
      streams: ['TRANSACTIONAL'],
    });
    const down = await api.create(p, {
      name: 'down',
      kind: 'SMTP',
      url: `smtp://127.0.0.1:${refused}`,
      streams: ['MARKETING'],
    });
    const before = relay.messages.length;
    const ok = await api.call(p, 'POST', `/transports/${good.id}/test`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ ok: true, response: 'Connected and authenticated' });
    const denied = (await api.call(p, 'POST', `/transports/${wrong.id}/test`)).json();
    expect(denied.ok).toBe(false);
    expect(denied.response).toMatch(/535|Invalid/);
    expect(denied.response).not.toContain('not-it');
    expect((await api.call(p, 'POST', `/transports/${down.id}/test`)).json()).toMatchObject({ ok: false });
    expect(relay.messages.length).toBe(before);
    const sesOk = await api.create(p, {
      name: 'ses',
      kind: 'SES',
      ses: { region: 'eu-west-1', accessKeyId: 'AKIATESTKEY', secretAccessKey: 'x', endpoint: ses.url },
      streams: ['MARKETING'],
    });
    expect((await api.call(p, 'POST', `/transports/${sesOk.id}/test`)).json()).toMatchObject({
      ok: true,
      response: expect.stringContaining('Authenticated'),
    });
    const sesBad = await api.create(p, {
      name: 'ses-bad',
      kind: 'SES',
      ses: { region: 'eu-west-1', accessKeyId: 'AKIAUNKNOWN', secretAccessKey: 'x', endpoint: ses.url },
      streams: ['MARKETING'],
    });
    const refusedSes = (await api.call(p, 'POST', `/transports/${sesBad.id}/test`)).json();
    expect(refusedSes).toMatchObject({ ok: false, response: expect.stringContaining('UnrecognizedClient') });
    expect(ses.sent).toHaveLength(0);
  });
});
