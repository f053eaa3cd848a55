// Invariant: a message submitted over SMTP with a project's secret key becomes one outbox email per
// envelope recipient under the rules of /v1/send (verified sender, contacts created unsubscribed,
// billing cap, tracking), keeping its own headers and MIME parts; 250 only once the rows are stored,
// and every refusal (535, 454, 550 5.7.1, 452 4.5.3, 552, 530) stores nothing.
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { dialogue } from './inbound-helpers.ts';
import { smtpFailure, submissionHelpers } from './submission-helpers.ts';

const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

for (const dialect of DIALECTS) {
  describe(`SMTP submission on ${dialect}`, () => {
    const t = useTestEnv({
      dialect,
      env: {
        REQUIRE_VERIFIED_DOMAIN: 'true',
        API_KEY_FAILURES_PER_MINUTE: '3',
        // Billing on, so a cap can be set; the Stripe API is never called by these paths.
        STRIPE_SECRET_KEY: 'sk_test_mailwright',
        STRIPE_API_URL: 'http://127.0.0.1:9',
      },
    });
    const s = submissionHelpers(t, { allowInsecure: true });

    async function verifiedProject(domain: string): Promise<TestProject> {
      const p = await t.make.project();
      await t.make.verifiedDomain(p, domain);
      return p;
    }

    const outbox = async (p: TestProject, to: string) => {
      await t.deps.jobs.drain();
      const res = await t.app.inject({
        url: `/outbox?to=${encodeURIComponent(to)}`,
        headers: { authorization: p.auth },
      });
      expect(res.statusCode).toBe(200);
      return res.json().data as Array<{
        emailId: string;
        html: string;
        text: string;
        subject: string;
        headers: Record<string, string>;
      }>;
    };

    it('stores one email per envelope recipient, keeping headers, parts and the Message-ID, and delivers each', async () => {
      const p = await verifiedProject('app.smtp.test');
      const info = await s.send(p.secretKey, {
        from: '"Gitea Ünïcode" <notify@app.smtp.test>',
        to: ['Alice <alice@dest.test>', 'bob@dest.test'],
        cc: 'carol@dest.test',
        bcc: 'dave@dest.test',
        replyTo: 'support@app.smtp.test',
        subject: 'Issue #7: {{ not a template }}',
        messageId: '<issue-7@app.smtp.test>',
        inReplyTo: '<issue-6@app.smtp.test>',
        references: ['<issue-6@app.smtp.test>'],
        headers: { 'X-App': 'gitea', 'List-Id': 'repo.app.smtp.test' },
        text: 'Plain part stays as written.',
        html: '<p>Hello {{ name }}</p><a href="https://example.com/issue/7">open</a><img src="cid:logo@app">',
        attachments: [
          { filename: 'report.csv', content: 'a,b\n1,2\n', contentType: 'text/csv' },
          { filename: 'logo.png', content: PIXEL, contentType: 'image/png', cid: 'logo@app' },
        ],
      });
      expect(info.response).toMatch(/^250 2\.0\.0 Queued as /);
      expect(info.accepted.sort()).toEqual(['alice@dest.test', 'bob@dest.test', 'carol@dest.test', 'dave@dest.test']);

      const rows = await s.rows(p.id);
      expect(rows.map((r) => r.toEmail).sort()).toEqual(info.accepted.sort());
      for (const row of rows) {
        expect(row).toMatchObject({
          via: 'smtp',
          sourceType: 'TRANSACTIONAL',
          emailType: 'TRANSACTIONAL',
          status: 'PENDING',
          messageId: 'issue-7@app.smtp.test',
          fromEmail: 'notify@app.smtp.test',
          fromName: 'Gitea Ünïcode',
          replyTo: 'support@app.smtp.test',
          subject: 'Issue #7: {{ not a template }}',
          text: 'Plain part stays as written.',
        });
        expect(info.response).toContain(row.id);
      }
      // The log shows how each arrived.
      const log = await t.app.inject({ url: `/emails/${rows[0]!.id}`, headers: { authorization: p.auth } });
      expect(log.json()).toMatchObject({ via: 'smtp', messageId: 'issue-7@app.smtp.test' });

      // Recipients become contacts, new ones unsubscribed (as /v1/send creates them).
      const dave = rows.find((r) => r.toEmail === 'dave@dest.test')!;
      const contact = await t.app.inject({ url: `/contacts/${dave.contactId}`, headers: { authorization: p.auth } });
      expect(contact.json()).toMatchObject({ email: 'dave@dest.test', subscribed: false });

      const [copy] = await outbox(p, 'dave@dest.test');
      expect(copy).toBeDefined();
      // The Bcc'd recipient sees the message's own To and Cc, never a Bcc line.
      expect(copy!.headers.to).toBe('Alice <alice@dest.test>, bob@dest.test');
      expect(copy!.headers.cc).toBe('carol@dest.test');
      expect(copy!.headers.bcc).toBeUndefined();
      expect(copy!.headers['message-id']).toBe('<issue-7@app.smtp.test>');
      expect(copy!.headers['in-reply-to']).toBe('<issue-6@app.smtp.test>');
      expect(copy!.headers.references).toBe('<issue-6@app.smtp.test>');
      expect(copy!.headers['x-app']).toBe('gitea');
      expect(copy!.headers['list-id']).toBe('repo.app.smtp.test');
      expect(copy!.headers.from).toMatch(/<notify@app\.smtp\.test>$/);
      // Not rendered as a template; tracking by the project's setting (ENABLED by default).
      expect(copy!.html).toContain('Hello {{ name }}');
      expect(copy!.html).not.toContain('href="https://example.com/issue/7"');
      expect(copy!.html).toContain('cid:logo@app');
      const raw = await t.app.inject({
        url: `/outbox/${(copy as unknown as { id: string }).id}/raw`,
        headers: { authorization: p.auth },
      });
      const mime = raw.body;
      expect(mime).toMatch(/Content-Type: multipart\/mixed/i);
      expect(mime).toMatch(/Content-Type: multipart\/related/i);
      expect(mime).toMatch(/filename=report\.csv/);
      expect(mime).toMatch(/Content-ID: <logo@app>/i);
      expect(mime).toContain('Plain part stays as written.');
    });

    it('keeps a text-only message text-only and gives a message without a Message-ID ours', async () => {
      const p = await verifiedProject('plain.smtp.test');
      // Raw, as a cron job's sendmail would: nodemailer would add a Message-ID of its own.
      const raw = 'From: cron@plain.smtp.test\r\nTo: ops@dest.test\r\nSubject: disk\r\n\r\ndisk at 91%\r\n';
      await s.send(p.secretKey, { envelope: { from: 'cron@plain.smtp.test', to: ['ops@dest.test'] }, raw });
      const [row] = await s.rows(p.id);
      expect(row!.messageId).toBe(`${row!.id}@plain.smtp.test`);
      const [copy] = await outbox(p, 'ops@dest.test');
      expect(copy!.text.trimEnd()).toBe('disk at 91%');
      expect(copy!.headers['content-type']).toMatch(/^text\/plain/);
    });

    it('refuses a sender off the verified domains with 550 5.7.1, and mail before AUTH with 530', async () => {
      const p = await verifiedProject('own.smtp.test');
      const err = await s
        .send(p.secretKey, { from: 'me@other.smtp.test', to: 'x@dest.test', subject: 's', text: 't' })
        .catch((e: unknown) => e);
      expect(smtpFailure(err).response).toMatch(/^550 5\.7\.1 .*not on a verified domain/);
      const anonymous = await s
        .send(undefined, { from: 'me@own.smtp.test', to: 'x@dest.test', text: 't' })
        .catch((e: unknown) => e);
      expect(smtpFailure(anonymous).responseCode).toBe(530);
      expect(await s.rows(p.id)).toEqual([]);
      const contacts = await t.app.inject({ url: '/contacts', headers: { authorization: p.auth } });
      expect(contacts.json().data).toEqual([]);
    });

    it('answers 452 4.5.3 past the billing cap and stores nothing', async () => {
      const p = await verifiedProject('cap.smtp.test');
      const limits = await t.app.inject({
        method: 'PUT',
        url: `/users/@me/projects/${p.id}/billing-limits`,
        headers: { cookie: p.owner.cookie },
        payload: { transactional: 2 },
      });
      expect(limits.statusCode, limits.body).toBe(200);
      const err = await s
        .send(p.secretKey, { from: 'a@cap.smtp.test', to: ['1@dest.test', '2@dest.test', '3@dest.test'], text: 't' })
        .catch((e: unknown) => e);
      expect(smtpFailure(err).response).toMatch(/^452 4\.5\.3 /);
      expect(await s.rows(p.id)).toEqual([]);
      await s.send(p.secretKey, { from: 'a@cap.smtp.test', to: ['1@dest.test', '2@dest.test'], text: 't' });
      expect(await s.rows(p.id)).toHaveLength(2);
    });

    it('stores a message whose parts and To header carry NUL characters, without them', async () => {
      const p = await verifiedProject('nul.smtp.test');
      const raw =
        'From: a@nul.smtp.test\r\nTo: <x\0z@dest.test>, x@dest.test\r\nSubject: nul\r\nContent-Type: text/plain\r\n\r\nbefore\0after\r\n';
      const info = await s.send(p.secretKey, { envelope: { from: 'a@nul.smtp.test', to: ['x@dest.test'] }, raw });
      expect(info.response).toMatch(/^250 /);
      const [row] = await s.rows(p.id);
      expect(row!.text.trimEnd()).toBe('beforeafter');
      expect(JSON.stringify(row!.headers)).not.toContain('\\u0000');
    });

    it('answers 552 to a message declared over 40 MB and 553 to a malformed recipient', async () => {
      const p = await verifiedProject('size.smtp.test');
      const login = Buffer.from(`\0app\0${p.secretKey}`).toString('base64');
      const replies = await dialogue(s.port(), [
        'EHLO client.test',
        `AUTH PLAIN ${login}`,
        `MAIL FROM:<a@size.smtp.test> SIZE=${41 * 1024 * 1024}`,
        'MAIL FROM:<a@size.smtp.test>',
        // Taken by SMTP (RFC 5321's domainless postmaster), but not an address /v1/send would take.
        'RCPT TO:<postmaster>',
      ]);
      expect(replies[2]).toMatch(/^235 /);
      expect(replies[3]).toMatch(/^552 /);
      expect(replies[4]).toMatch(/^250 /);
      expect(replies[5]).toMatch(/^553 5\.1\.3 /);
    });

    it('answers the settings an application needs on GET /smtp-submission', async () => {
      const p = await t.make.project();
      const res = await t.app.inject({ url: '/smtp-submission', headers: { authorization: p.auth } });
      expect(res.statusCode).toBe(200);
      // The test configuration sets no port: the listener of this file is started by hand.
      expect(res.json()).toEqual({
        enabled: false,
        host: 'localhost',
        port: null,
        tls: null,
        insecureAuthAllowed: false,
        username: 'mailwright',
        authMethods: ['PLAIN', 'LOGIN'],
      });
    });

    // Last in the file: it leaves 127.0.0.1 throttled for the minute.
    it('answers 535 5.7.8 for a bad key and 454 4.7.0 once an address sent too many, whatever the key', async () => {
      const p = await verifiedProject('auth.smtp.test');
      const message = { from: 'a@auth.smtp.test', to: 'x@dest.test', subject: 's', text: 't' };
      for (const pass of ['sk_wrong', p.publicKey, 'not-a-key']) {
        const err = await s.send(pass, message).catch((e: unknown) => e);
        expect(smtpFailure(err)).toMatchObject({ responseCode: 535 });
        expect(smtpFailure(err).response).toMatch(/^535 5\.7\.8 /);
      }
      // The fourth bad key in the minute is over API_KEY_FAILURES_PER_MINUTE (3).
      const throttled = await s.send('sk_wrong_again', message).catch((e: unknown) => e);
      expect(smtpFailure(throttled).response).toMatch(/^454 4\.7\.0 /);
      // Past the limit even the right key waits out the window: guessing cannot go on.
      const blocked = await s.send(p.secretKey, message).catch((e: unknown) => e);
      expect(smtpFailure(blocked).response).toMatch(/^454 4\.7\.0 /);
      expect(await s.rows(p.id)).toEqual([]);
    });
  });
}
