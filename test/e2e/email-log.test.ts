// Invariant: every delivery attempt of an outbox email is in the email log exactly when the row's
// outcome is (SENT, PENDING again, FAILED, BOUNCED), with what the relay said; GET /emails/:id shows
// the attempts and the email's events; only a FAILED email can be retried, once however many ask,
// and a retried email is delivered; another project's email is a 404.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import { type SmtpSink, scriptedReplies, startSmtpSink } from '../servers/smtp-sink.ts';
import { emailLogHelpers } from './email-log-helpers.ts';
import { expectError } from './support.ts';

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/);

describe.each(DIALECTS)('the email log over SMTP on %s', (dialect) => {
  let sink: SmtpSink;
  /** Addresses refused after DATA until a test takes them out (the sink asks at RCPT and at DATA). */
  const refusing = new Set<string>();
  beforeAll(async () => {
    const refusedForNow = (rcpt: string) =>
      refusing.has(rcpt) ? { code: 554, message: '5.7.1 Refused for now', at: 'DATA' as const } : undefined;
    sink = await startSmtpSink({ respond: scriptedReplies(refusedForNow) });
  });
  afterAll(async () => sink?.close());
  const t = useTestEnv({
    dialect,
    env: () => ({ SMTP_URL: sink.url, MAIL_TRANSPORT: 'smtp', REQUIRE_VERIFIED_DOMAIN: 'false' }),
  });
  const h = emailLogHelpers(t);

  it('records an accepted attempt with the SENT stamp: transport, 250, the reply and a duration', async () => {
    const p = await t.make.project();
    const id = await h.sendOne(p, 'ok@example.test');
    await t.deps.jobs.drain();
    expect((await h.row(id)).status).toBe('SENT');
    const [a, ...more] = await h.attempts(id);
    expect(more).toEqual([]);
    expect(a).toMatchObject({ projectId: p.id, transport: 'smtp', result: 'ACCEPTED', smtpCode: 250 });
    expect(a!.response).toMatch(/^250 /);
    expect(a!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('records a temporary refusal with the retry it schedules, then the accepted retry', async () => {
    const p = await t.make.project();
    const id = await h.sendOne(p, 'temp@example.test');
    await t.deps.jobs.drain();
    expect(await h.row(id)).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(await h.attempts(id)).toMatchObject([{ result: 'TEMPORARY_FAILURE', smtpCode: 451 }]);
    expect((await h.attempts(id))[0]!.response).toContain('Try again later');
    await h.deliverDueNow(id);
    expect(await h.row(id)).toMatchObject({ status: 'SENT', attempts: 2 });
    expect((await h.attempts(id)).map((a) => a.result)).toEqual(['TEMPORARY_FAILURE', 'ACCEPTED']);
  });

  it('records a permanent refusal with FAILED, and a refused recipient with BOUNCED', async () => {
    const p = await t.make.project();
    const failed = await h.sendOne(p, 'spam@example.test');
    const bounced = await h.sendOne(p, 'nouser@example.test');
    await t.deps.jobs.drain();
    expect((await h.row(failed)).status).toBe('FAILED');
    expect(await h.attempts(failed)).toMatchObject([{ result: 'PERMANENT_FAILURE', smtpCode: 554 }]);
    expect((await h.row(bounced)).status).toBe('BOUNCED');
    expect(await h.attempts(bounced)).toMatchObject([{ result: 'PERMANENT_FAILURE', smtpCode: 550 }]);
  });

  it('shows one email with its attempts oldest first and its events', async () => {
    const p = await t.make.project();
    const id = await h.sendOne(p, 'temp-detail@example.test', { subscribed: true });
    await t.deps.jobs.drain();
    await h.deliverDueNow(id);
    // Another email to the same contact: its events are not this email's.
    await h.sendOne(p, 'temp-detail@example.test');
    await t.deps.jobs.drain();
    const res = await h.detail(p, id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id,
      to: 'temp-detail@example.test',
      from: 'app@log.test',
      subject: 'To temp-detail@example.test',
      status: 'SENT',
      sourceType: 'TRANSACTIONAL',
      sourceId: null,
      messageId: `${id}@log.test`,
      createdAt: ISO,
      sentAt: ISO,
      deliveredAt: null,
      attemptCount: 2,
      lastError: null,
    });
    expect(body.attempts).toEqual([
      {
        at: ISO,
        transport: 'smtp',
        result: 'TEMPORARY_FAILURE',
        smtpCode: 451,
        response: expect.stringContaining('451'),
        durationMs: expect.any(Number),
      },
      {
        at: ISO,
        transport: 'smtp',
        result: 'ACCEPTED',
        smtpCode: 250,
        response: expect.stringMatching(/^250 /),
        durationMs: expect.any(Number),
      },
    ]);
    expect(body.events).toEqual([
      { id: expect.any(String), name: 'email.sent', data: { emailId: id }, createdAt: ISO },
    ]);
  });

  it('retries only a FAILED email: a new round that gets delivered, 409 for any other status', async () => {
    const p = await t.make.project();
    refusing.add('once@example.test');
    const failed = await h.sendOne(p, 'once@example.test');
    const sent = await h.sendOne(p, 'fine@example.test');
    const bounced = await h.sendOne(p, 'nouser-retry@example.test');
    await t.deps.jobs.drain();
    expect((await h.row(failed)).status).toBe('FAILED');
    const again = await h.sendOne(p, 'nouser-retry@example.test');
    await t.deps.jobs.drain();
    expect((await h.row(again)).status).toBe('SUPPRESSED');

    refusing.delete('once@example.test');
    for (const id of [sent, bounced, again]) {
      const before = await h.row(id);
      expectError(await h.retry(p, id), 409, 'CONFLICT');
      expect(await h.row(id)).toEqual(before);
    }
    const res = await h.retry(p, failed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: failed, status: 'PENDING', attemptCount: 0 });
    expect(res.json().lastError).toContain('Refused for now');
    // The retry woke delivery: no backoff to wait out, and nothing but that wake-up enqueues a run
    // here. On PostgreSQL the wake-up is a NOTIFY that reaches the worker after the commit, so it may
    // enqueue the run just after a drain: drain until it has come (bounded).
    await vi.waitFor(
      async () => {
        await t.deps.jobs.drain();
        expect(await h.row(failed)).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });
      },
      { timeout: 5000, interval: 50 },
    );
    expect((await h.attempts(failed)).map((a) => a.result)).toEqual(['PERMANENT_FAILURE', 'ACCEPTED']);
    expect(sink.messages.filter((m) => m.headers['x-mailwright-email-id'] === failed)).toHaveLength(1);
    expectError(await h.retry(p, failed), 409, 'CONFLICT');
  });

  it('moves a FAILED email once when two retries race: exactly one 200, the other 409', async () => {
    const p = await t.make.project();
    const id = await h.sendOne(p, 'spam-race@example.test');
    await t.deps.jobs.drain();
    expect((await h.row(id)).status).toBe('FAILED');
    const answers = await Promise.all([h.retry(p, id), h.retry(p, id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it("answers 404 EMAIL_NOT_FOUND for another project's email, and changes nothing", async () => {
    const a = await t.make.project();
    const b = await t.make.project();
    const id = await h.sendOne(a, 'spam-tenant@example.test');
    await t.deps.jobs.drain();
    const before = await h.row(id);
    expectError(await h.detail(b, id), 404, 'EMAIL_NOT_FOUND');
    expectError(await h.retry(b, id), 404, 'EMAIL_NOT_FOUND');
    expectError(await h.detail(a, '0190a0a0-0000-7000-8000-000000000000'), 404, 'EMAIL_NOT_FOUND');
    expect((await h.list(b)).json()).toMatchObject({ data: [], total: 0 });
    expect(await h.row(id)).toEqual(before);
  });
});
