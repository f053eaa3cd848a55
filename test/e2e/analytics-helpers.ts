/**
 * Shared by the activity and analytics tests: emails moved through the real pipeline at chosen
 * times (a manual clock): sent by /v1/send and the delivery worker, delivered and bounced by the
 * feedback service, opened and clicked through the signed tracking links.
 */
import { expect } from 'vitest';
import { recordFeedback } from '../../src/bounces/feedback.service.ts';
import type { manualClock } from '../../src/lib/clock.ts';
import { clickUrl, openPixelUrl } from '../../src/mail/links.ts';
import type { TestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';

type Clock = ReturnType<typeof manualClock>;

export function mailAt(t: TestEnv, clock: Clock) {
  const at = (iso: string) => clock.set(new Date(iso));
  const path = (url: string) => url.slice(t.config.baseUrl.length);
  return {
    /** Sends one email to `to` at `when` and runs delivery (stamped SENT at `when`); answers its id. */
    async send(p: TestProject, to: string, when: string, subject = 'Hello'): Promise<string> {
      at(when);
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/send',
        headers: { authorization: p.auth },
        payload: { to, from: 'news@shop.test', subject, body: '<p>Hi <a href="https://shop.test/x">x</a></p>' },
      });
      expect(res.statusCode, res.body).toBe(200);
      await t.deps.jobs.drain();
      return res.json().data.emails[0].email;
    },
    async deliver(emailId: string, when: string) {
      at(when);
      expect((await recordFeedback(t.deps, { kind: 'delivery', emailId })).applied).toBe(true);
    },
    async bounce(emailId: string, when: string) {
      at(when);
      expect((await recordFeedback(t.deps, { kind: 'bounce', bounceType: 'hard', emailId })).applied).toBe(true);
    },
    async open(p: { id: string }, emailId: string, when: string) {
      at(when);
      const url = openPixelUrl(t.config.baseUrl, t.deps.secrets.signingSecret, { p: p.id, e: emailId });
      expect((await t.app.inject({ url: path(url) })).statusCode).toBe(200);
    },
    async click(p: { id: string }, emailId: string, when: string) {
      at(when);
      const url = clickUrl(t.config.baseUrl, t.deps.secrets.signingSecret, {
        p: p.id,
        e: emailId,
        u: 'https://shop.test/x',
      });
      expect((await t.app.inject({ url: path(url) })).statusCode).toBe(302);
    },
  };
}
