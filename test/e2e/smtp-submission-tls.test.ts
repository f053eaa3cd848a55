// Invariant: with a certificate, the submission listener takes AUTH only after STARTTLS (538 before
// it) and a login over TLS sends; a stopping listener takes no new connection, answers a message in
// flight 250 only after its rows commit, and hangs up (421) on idle clients once nothing is in flight.
import { describe, expect, it } from 'vitest';
import { startSubmissionServer } from '../../src/submission/submission-server.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { dialogue } from './inbound-helpers.ts';
import { selfSignedCertificate, smtpSession, submissionHelpers } from './submission-helpers.ts';

const certificate = selfSignedCertificate();

for (const dialect of DIALECTS) {
  describe(`SMTP submission over TLS, and its stop, on ${dialect}`, () => {
    const t = useTestEnv({ dialect, env: { REQUIRE_VERIFIED_DOMAIN: 'true' } });
    const s = submissionHelpers(t, { tlsCert: certificate.cert, tlsKey: certificate.key, allowInsecure: false });

    async function verifiedProject(domain: string): Promise<TestProject> {
      const p = await t.make.project();
      await t.make.verifiedDomain(p, domain);
      return p;
    }

    it('refuses AUTH before STARTTLS with 538 and sends after it', async () => {
      const p = await verifiedProject('tls.smtp.test');
      const login = Buffer.from(`\0app\0${p.secretKey}`).toString('base64');
      const replies = await dialogue(s.port(), ['EHLO client.test', `AUTH PLAIN ${login}`]);
      expect(replies[1]).toContain('STARTTLS');
      expect(replies[2]).toMatch(/^538 /);
      const info = await s.send(
        p.secretKey,
        { from: 'a@tls.smtp.test', to: 'x@dest.test', subject: 'tls', text: 't' },
        true,
      );
      expect(info.response).toMatch(/^250 /);
      expect(await s.rows(p.id)).toHaveLength(1);
    });

    it('answers a message in flight when it stops, after its rows commit, and hangs up on idle clients', async () => {
      const p = await verifiedProject('stop.smtp.test');
      const config = {
        ...t.deps.config,
        submission: { ...t.deps.config.submission, tlsCert: undefined, tlsKey: undefined, allowInsecure: true },
      };
      const server = await startSubmissionServer({ ...t.deps, config }, { port: 0, host: '127.0.0.1' });
      const login = Buffer.from(`\0app\0${p.secretKey}`).toString('base64');
      const sending = await smtpSession(server.port);
      const idle = await smtpSession(server.port);
      for (const session of [sending, idle]) {
        await session.command('EHLO client.test');
        expect(await session.command(`AUTH PLAIN ${login}`)).toMatch(/^235 /);
      }
      await sending.command('MAIL FROM:<a@stop.smtp.test>');
      await sending.command('RCPT TO:<inflight@dest.test>');
      expect(await sending.command('DATA')).toMatch(/^354 /);
      sending.write('From: a@stop.smtp.test\r\nTo: inflight@dest.test\r\nSubject: in flight\r\n\r\nfirst half, ');

      // The stop begins while the message is half sent.
      const started = Date.now();
      const stopping = server.close();
      await new Promise((r) => setTimeout(r, 200));
      sending.write('second half\r\n.\r\n');
      const answer = await sending.reply();
      expect(answer).toMatch(/^250 2\.0\.0 Queued as /);
      // The 250 came after the commit: the row is there.
      const rows = await s.rows(p.id);
      expect(rows.map((r) => r.toEmail)).toEqual(['inflight@dest.test']);
      expect(answer).toContain(rows[0]!.id);
      // The idle client is told 421 as soon as nothing is in flight, not after a long timeout.
      expect(await idle.reply()).toMatch(/^421 /);
      await stopping;
      expect(Date.now() - started).toBeLessThan(5000);
      // And nothing new is taken.
      await expect(smtpSession(server.port)).rejects.toThrow();
      sending.close();
      idle.close();
    });
  });
}
