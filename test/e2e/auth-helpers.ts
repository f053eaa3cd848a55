/** Shared by the auth tests: account mail read at the SMTP sink, and sign-in through HTTP. */
import { expect } from 'vitest';
import type { TestEnv } from '../env.ts';
import type { CapturedMail, SmtpSink } from '../servers/smtp-sink.ts';
import { sessionCookieOf } from './support.ts';

/** The message body as text: quoted-printable soft breaks and escapes undone. */
function decoded(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** The token of the first `${baseUrl}${path}?token=…` link in a message. */
export function linkToken(mail: CapturedMail, baseUrl: string, path: '/verify-email' | '/reset-password'): string {
  const escaped = `${baseUrl}${path}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const m = new RegExp(`${escaped}\\?token=([A-Za-z0-9_-]+)`).exec(decoded(mail.raw));
  if (!m) throw new Error(`no ${path} link in:\n${mail.raw}`);
  return m[1]!;
}

export function authHelpers(t: TestEnv, sink: () => SmtpSink) {
  return {
    /** Delivers the outbox and returns the messages the sink got for `to` (at least `count`). */
    async mailTo(to: string, count = 1): Promise<CapturedMail[]> {
      const deadline = Date.now() + 5000;
      for (;;) {
        // Drained each round: on PostgreSQL the outbox's wake-up is a NOTIFY that may enqueue the
        // delivery run only after an earlier drain returned.
        await t.deps.jobs.drain();
        const mine = sink().messages.filter((m) => m.to.includes(to));
        if (mine.length >= count) return mine;
        if (Date.now() > deadline) throw new Error(`expected ${count} mail(s) to ${to}, got ${mine.length}`);
        await sink()
          .waitFor(sink().messages.length + 1, Math.max(1, Math.min(250, deadline - Date.now())))
          .catch(() => {});
      }
    },
    async login(email: string, password: string): Promise<string> {
      const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
      expect(res.statusCode, res.body).toBe(200);
      return sessionCookieOf(res)!;
    },
    me: (cookie: string) => t.app.inject({ url: '/users/@me', headers: { cookie } }),
  };
}

/**
 * Spread into a request's headers to send none of the browser headers (Origin, Sec-Fetch-Site,
 * X-Requested-With): naming the key keeps the factories from adding Sec-Fetch-Site, and the
 * undefined value is dropped before the request is sent.
 */
export const NO_BROWSER_HEADERS = { 'sec-fetch-site': undefined } as unknown as Record<string, string>;
