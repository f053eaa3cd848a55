// Invariant: delivery through SMTP sends each outbox row once, DKIM-signed, and records what the
// relay answered: temporary refusals are retried, a refused recipient bounces and is suppressed, any
// other permanent refusal fails the row; each project stays under its send rate.
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { type SmtpSink, scriptedReplies, startSmtpSink } from '../servers/smtp-sink.ts';
import { expectError } from './support.ts';

describe.each(DIALECTS)('delivery over SMTP on %s', (dialect) => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink({ respond: scriptedReplies() });
  });
  afterAll(async () => sink?.close());
  const t = useTestEnv({
    dialect,
    env: () => ({ SMTP_URL: sink.url, MAIL_TRANSPORT: 'smtp', REQUIRE_VERIFIED_DOMAIN: 'true' }),
  });

  const send = (p: TestProject, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/v1/send', headers: { authorization: p.auth }, payload: body });
  const row = (id: string) => t.deps.db.selectFrom('emails').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** A project with `domain` verified (the DNS check itself is tested with the domains). */
  async function projectWithDomain(domain: string) {
    const p = await t.make.project();
    const res = await t.app.inject({
      method: 'POST',
      url: '/domains',
      headers: { authorization: p.auth },
      payload: { domain },
    });
    expect(res.statusCode).toBe(201);
    await t.deps.db.updateTable('domains').set({ status: 'VERIFIED' }).where('id', '=', res.json().id).execute();
    return p;
  }

  it('refuses a sender outside the verified domains and DKIM-signs mail from them', async () => {
    const p = await projectWithDomain('signed.test');
    expectError(
      await send(p, { to: 'x@example.test', from: 'a@other.test', subject: 'S', body: 'B' }),
      403,
      'UNVERIFIED_DOMAIN',
    );
    const res = await send(p, {
      to: 'dk@example.test',
      from: { name: 'Signed', email: 'news@signed.test' },
      subject: 'Signed {{ email }}',
      body: '<p>Hello</p>',
    });
    expect(res.statusCode).toBe(200);
    await t.deps.jobs.drain();
    const mail = sink.messages.find((m) => m.to.includes('dk@example.test'))!;
    expect(mail.subject).toBe('Signed dk@example.test');
    const domain = await t.deps.db
      .selectFrom('domains')
      .selectAll()
      .where('domain', '=', 'signed.test')
      .executeTakeFirstOrThrow();
    const publicKey = domain.dkimPublicKey.replace(/-----[^-]+-----|\s/g, '');
    const result = await dkimVerify(Buffer.from(mail.raw), {
      resolver: async (name: string, type: string) => {
        if (type === 'TXT' && name === `${domain.dkimSelector}._domainkey.signed.test`)
          return [[`v=DKIM1; k=rsa; p=${publicKey}`]];
        throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      },
    });
    expect(result.results[0]?.status.result).toBe('pass');
    expect(result.results[0]?.signingDomain).toBe('signed.test');
  });

  it('retries a temporary refusal and sends the email once', async () => {
    const p = await projectWithDomain('retry.test');
    const res = await send(p, { to: 'temp1@example.test', from: 'a@retry.test', subject: 'S', body: 'B' });
    const id = res.json().data.emails[0].email;
    await t.deps.jobs.drain();
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(waiting.lastError).toContain('451');
    expect(new Date(waiting.nextAttemptAt).getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Let the retry fall due now instead of in 30 s.
    await t.deps.db
      .updateTable('emails')
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    await t.deps.jobs.enqueue('email.deliver', {});
    await t.deps.jobs.drain();
    expect(await row(id)).toMatchObject({ status: 'SENT', attempts: 2 });
    expect(sink.messages.filter((m) => m.headers['x-mailwright-email-id'] === id)).toHaveLength(1);
  });

  it('bounces a refused recipient: unsubscribed, suppressed, and the next send is SUPPRESSED', async () => {
    const p = await projectWithDomain('bounce.test');
    const res = await send(p, {
      to: 'nouser@example.test',
      from: 'a@bounce.test',
      subject: 'S',
      body: 'B',
      subscribed: true,
    });
    const id = res.json().data.emails[0].email;
    const contactId = res.json().data.emails[0].contact.id;
    await t.deps.jobs.drain();
    expect(await row(id)).toMatchObject({ status: 'BOUNCED' });
    const suppressed = await t.deps.db.selectFrom('suppressions').selectAll().where('projectId', '=', p.id).execute();
    expect(suppressed.map((s) => s.email)).toEqual(['nouser@example.test']);
    const contact = await t.app.inject({ url: `/contacts/${contactId}`, headers: { authorization: p.auth } });
    expect(contact.json().subscribed).toBe(false);
    const bounces = await t.deps.db
      .selectFrom('events')
      .select('name')
      .where('contactId', '=', contactId)
      .where('name', '=', 'email.bounce')
      .execute();
    expect(bounces).toHaveLength(1);
    const again = await send(p, { to: 'nouser@example.test', from: 'a@bounce.test', subject: 'S', body: 'B' });
    await t.deps.jobs.drain();
    expect(await row(again.json().data.emails[0].email)).toMatchObject({ status: 'SUPPRESSED' });
  });

  it('fails a row the relay refuses permanently after DATA', async () => {
    const p = await projectWithDomain('refused.test');
    const res = await send(p, { to: 'spam@example.test', from: 'a@refused.test', subject: 'S', body: 'B' });
    await t.deps.jobs.drain();
    const r = await row(res.json().data.emails[0].email);
    expect(r.status).toBe('FAILED');
    expect(r.lastError).toContain('554');
  });

  it('keeps a project under its send rate', { timeout: 20_000 }, async () => {
    const p = await projectWithDomain('rate.test');
    await t.deps.db.updateTable('projects').set({ sendRatePerSecond: 3 }).where('id', '=', p.id).execute();
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await send(p, { to: `rate${i}@example.test`, from: 'a@rate.test', subject: 'S', body: 'B' });
      ids.push(res.json().data.emails[0].email);
    }
    await t.deps.jobs.drain();
    const firstPass = sink.messages.filter((m) => ids.includes(m.headers['x-mailwright-email-id']!)).length;
    expect(firstPass).toBeGreaterThanOrEqual(3);
    expect(firstPass).toBeLessThan(8);
    for (let i = 0; i < 40; i++) {
      const rows = await t.deps.db.selectFrom('emails').select(['status', 'sentAt']).where('id', 'in', ids).execute();
      if (rows.every((r) => r.status === 'SENT')) {
        // 8 emails at 3 a second span at least three one-second windows, so the first and the last
        // are claimed more than a second apart; sentAt is stamped when the SMTP answer comes back,
        // which on a loaded machine can shorten that by the first send's round trip.
        const times = rows.map((r) => new Date(r.sentAt!).getTime());
        expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(750);
        return;
      }
      await new Promise((r) => setTimeout(r, 250));
      await t.deps.jobs.drain();
    }
    throw new Error('not every email was sent');
  });

  it('sends another project right away while one waits at its send rate', { timeout: 20_000 }, async () => {
    const slow = await projectWithDomain('slow.test');
    const other = await projectWithDomain('other.test');
    await t.deps.db.updateTable('projects').set({ sendRatePerSecond: 1 }).where('id', '=', slow.id).execute();
    for (let i = 0; i < 6; i++) {
      await send(slow, { to: `slow${i}@example.test`, from: 'a@slow.test', subject: 'S', body: 'B' });
    }
    await t.deps.jobs.drain();
    // The slow project's backlog is held back now; the other project's mail must not wait behind it.
    const res = await send(other, { to: 'other@example.test', from: 'a@other.test', subject: 'S', body: 'B' });
    const id = res.json().data.emails[0].email;
    const started = Date.now();
    for (let i = 0; i < 40; i++) {
      await t.deps.jobs.drain();
      const row = await t.deps.db.selectFrom('emails').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      if (row.status === 'SENT') {
        expect(Date.now() - started).toBeLessThan(900);
        return;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the other project was not sent');
  });
});
