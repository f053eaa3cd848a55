// Invariant: account tokens (email verification, password reset) are random, stored only as their
// hash, bound to one purpose, expiring and usable once, also under a race; their links arrive through
// our own sending pipeline from the system sender; no answer tells whether an account exists.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SYSTEM_PROJECT_ID } from '../../src/auth/system-mail.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { DEFAULT_PASSWORD } from '../factories.ts';
import { type SmtpSink, startSmtpSink } from '../servers/smtp-sink.ts';
import { authHelpers, linkToken } from './auth-helpers.ts';
import { expectError, sessionCookieOf } from './support.ts';

const BASE = 'http://localhost:3000';
const HOUR = 3600 * 1000;

for (const dialect of DIALECTS) {
  describe(`account tokens on ${dialect}`, () => {
    let sink: SmtpSink;
    beforeAll(async () => {
      sink = await startSmtpSink();
    });
    afterAll(async () => sink?.close());
    const clock = manualClock(new Date());
    const t = useTestEnv({
      dialect,
      clock,
      env: () => ({ SMTP_URL: sink.url, MAIL_TRANSPORT: 'smtp', SYSTEM_EMAIL_NAME: 'Mailwright Accounts' }),
    });
    const h = authHelpers(t, () => sink);
    // Each test is its own client address, so the per-IP reset throttle of one does not reach another.
    let n = 0;
    let remoteAddress = '';
    beforeEach(() => {
      remoteAddress = `10.0.0.${++n}`;
    });
    const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });

    const outboxRowsTo = async (to: string) =>
      (await t.deps.db.selectFrom('emails').select('id').where('toEmail', '=', to).execute()).length;

    async function signup(email: string) {
      const res = await post('/auth/signup', { email, password: DEFAULT_PASSWORD });
      expect(res.statusCode, res.body).toBe(201);
      return { id: res.json().data.user.id as string, cookie: sessionCookieOf(res)! };
    }

    it('mails a verification link on sign-up from the system sender, through the outbox, and verifies once', async () => {
      const user = await signup('verify-me@example.test');
      const [mail] = await h.mailTo('verify-me@example.test');
      expect(mail!.headers.from).toBe('Mailwright Accounts <no-reply@localhost>');
      expect(mail!.subject).toBe('Verify your email address');
      const token = linkToken(mail!, BASE, '/verify-email');

      // The mail is an outbox row of the reserved system project, which nobody is a member of.
      const row = await t.deps.db
        .selectFrom('emails')
        .selectAll()
        .where('toEmail', '=', 'verify-me@example.test')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ projectId: SYSTEM_PROJECT_ID, status: 'SENT', contactId: null });
      const members = await t.deps.db
        .selectFrom('memberships')
        .selectAll()
        .where('projectId', '=', SYSTEM_PROJECT_ID)
        .execute();
      expect(members).toEqual([]);
      const asMember = await t.app.inject({
        url: '/contacts',
        headers: { cookie: user.cookie, 'x-project-id': SYSTEM_PROJECT_ID },
      });
      expectError(asMember, 404, 'PROJECT_NOT_FOUND');
      // Only the hash is stored.
      const stored = await t.deps.db.selectFrom('authTokens').selectAll().where('userId', '=', user.id).execute();
      expect(stored.map((s) => s.tokenHash)).toEqual([createHash('sha256').update(token).digest('hex')]);

      expect((await h.me(user.cookie)).json().emailVerified).toBe(false);
      const res = await post('/auth/verify-email', { token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.user).toMatchObject({ id: user.id, emailVerified: true });
      expect((await h.me(user.cookie)).json().emailVerified).toBe(true);
      expectError(await post('/auth/verify-email', { token }), 400, 'INVALID_TOKEN');
    });

    it('expires a verification link after 48 hours; a resend mails a working one', async () => {
      const user = await signup('late@example.test');
      const first = linkToken((await h.mailTo('late@example.test'))[0]!, BASE, '/verify-email');
      clock.advance(48 * HOUR + 1000);
      expectError(await post('/auth/verify-email', { token: first }), 400, 'INVALID_TOKEN');
      const cookie = await h.login('late@example.test', DEFAULT_PASSWORD);
      const resend = await post('/auth/request-verification', {}, { cookie });
      expect(resend.statusCode, resend.body).toBe(200);
      const mails = await h.mailTo('late@example.test', 2);
      const second = linkToken(mails[1]!, BASE, '/verify-email');
      expect(second).not.toBe(first);
      expect((await post('/auth/verify-email', { token: second })).statusCode).toBe(200);
      expect((await h.me(cookie)).json()).toMatchObject({ id: user.id, emailVerified: true });
      // Already verified: nothing more is sent.
      const again = await post('/auth/request-verification', {}, { cookie });
      expect(again.json().message).toMatch(/already verified/);
      await t.deps.jobs.drain();
      expect(sink.messages.filter((m) => m.to.includes('late@example.test'))).toHaveLength(2);
      // No outbox row either (the sink alone could miss a row not yet delivered).
      expect(await outboxRowsTo('late@example.test')).toBe(2);
      expectError(await post('/auth/request-verification', {}), 401, 'UNAUTHORIZED');
    });

    it('resets a password end to end through the mailed link, ending every session, once', async () => {
      const u = await t.make.user({ email: 'reset-me@example.test' });
      const other = await h.login(u.email, DEFAULT_PASSWORD);
      const res = await post('/auth/request-password-reset', { email: '  Reset-Me@Example.test ' });
      expect(res.statusCode, res.body).toBe(200);
      const [mail] = await h.mailTo(u.email);
      expect(mail!.subject).toBe('Reset your password');
      const token = linkToken(mail!, BASE, '/reset-password');

      const done = await post('/auth/reset-password', { token, password: 'a brand new secret' });
      expect(done.statusCode, done.body).toBe(200);
      for (const cookie of [u.cookie, other]) expectError(await h.me(cookie), 401, 'UNAUTHORIZED');
      expectError(await post('/auth/login', { email: u.email, password: DEFAULT_PASSWORD }), 401, 'UNAUTHORIZED');
      const fresh = await h.login(u.email, 'a brand new secret');
      expect((await h.me(fresh)).json()).toMatchObject({ id: u.id, emailVerified: true });
      expectError(await post('/auth/reset-password', { token, password: 'yet another one' }), 400, 'INVALID_TOKEN');
      expect((await h.me(fresh)).statusCode).toBe(200);
    });

    it('answers a reset request the same for known and unknown addresses, and mails only accounts', async () => {
      const u = await t.make.user({ email: 'known@example.test' });
      const known = await post('/auth/request-password-reset', { email: u.email });
      const unknown = await post('/auth/request-password-reset', { email: 'nobody-here@example.test' });
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
      await h.mailTo(u.email);
      expect(sink.messages.filter((m) => m.to.includes('nobody-here@example.test'))).toEqual([]);
      expect(await outboxRowsTo('nobody-here@example.test')).toBe(0);
      expectError(await post('/auth/request-password-reset', { email: 'not an email' }), 422, 'VALIDATION_ERROR');
    });

    it('caps reset mails per address silently and throttles per client IP with 429', async () => {
      const u = await t.make.user({ email: 'flooded@example.test' });
      const bodies = new Set<string>();
      for (let i = 0; i < 7; i++) {
        const res = await post('/auth/request-password-reset', { email: u.email });
        expect(res.statusCode).toBe(200);
        bodies.add(res.body);
      }
      expect(bodies.size).toBe(1);
      await h.mailTo(u.email, 5);
      await t.deps.jobs.drain();
      expect(sink.messages.filter((m) => m.to.includes(u.email))).toHaveLength(5);
      expect(await outboxRowsTo(u.email)).toBe(5);
      // 7 so far from this client; the IP limit is 20 an hour.
      for (let i = 0; i < 13; i++) {
        expect((await post('/auth/request-password-reset', { email: `x${i}@example.test` })).statusCode).toBe(200);
      }
      const refused = await post('/auth/request-password-reset', { email: 'x-last@example.test' });
      expectError(refused, 429, 'RATE_LIMIT_EXCEEDED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      clock.advance(HOUR + 1000);
      expect((await post('/auth/request-password-reset', { email: 'x-later@example.test' })).statusCode).toBe(200);
    });

    it('expires a reset link after one hour and leaves the password as it was', async () => {
      const u = await t.make.user({ email: 'slow-reset@example.test' });
      await post('/auth/request-password-reset', { email: u.email });
      const token = linkToken((await h.mailTo(u.email))[0]!, BASE, '/reset-password');
      clock.advance(HOUR + 1000);
      expectError(await post('/auth/reset-password', { token, password: 'too late now' }), 400, 'INVALID_TOKEN');
      expect((await h.me(u.cookie)).statusCode).toBe(200);
      await h.login(u.email, DEFAULT_PASSWORD);
    });

    it('binds each token to its purpose and refuses unknown and malformed ones', async () => {
      const u = await signup('purpose@example.test');
      const verify = linkToken((await h.mailTo('purpose@example.test'))[0]!, BASE, '/verify-email');
      await post('/auth/request-password-reset', { email: 'purpose@example.test' });
      const reset = linkToken((await h.mailTo('purpose@example.test', 2))[1]!, BASE, '/reset-password');
      expectError(
        await post('/auth/reset-password', { token: verify, password: 'long enough pw' }),
        400,
        'INVALID_TOKEN',
      );
      expectError(await post('/auth/verify-email', { token: reset }), 400, 'INVALID_TOKEN');
      expectError(await post('/auth/verify-email', { token: 'A'.repeat(43) }), 400, 'INVALID_TOKEN');
      expectError(await post('/auth/verify-email', {}), 422, 'VALIDATION_ERROR');
      expectError(await post('/auth/reset-password', { token: reset, password: 'short' }), 422, 'VALIDATION_ERROR');
      // The misuses spent nothing: both still work for what they are for.
      expect((await post('/auth/verify-email', { token: verify })).statusCode).toBe(200);
      expect((await post('/auth/reset-password', { token: reset, password: 'long enough pw' })).statusCode).toBe(200);
      expectError(await h.me(u.cookie), 401, 'UNAUTHORIZED');
    });

    it('lets exactly one of two racing resets with the same token win', async () => {
      const u = await t.make.user({ email: 'race@example.test' });
      await post('/auth/request-password-reset', { email: u.email });
      const token = linkToken((await h.mailTo(u.email))[0]!, BASE, '/reset-password');
      const results = await Promise.all([
        post('/auth/reset-password', { token, password: 'first racer pw' }),
        post('/auth/reset-password', { token, password: 'second racer pw' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const winner = results[0]!.statusCode === 200 ? 'first racer pw' : 'second racer pw';
      const loser = winner === 'first racer pw' ? 'second racer pw' : 'first racer pw';
      await h.login(u.email, winner);
      expectError(await post('/auth/login', { email: u.email, password: loser }), 401, 'UNAUTHORIZED');
    });
  });
}
