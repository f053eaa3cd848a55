// Invariant: mail to an address or a domain a suppression rule in force holds is never sent, whatever
// sends it (/v1/send, a campaign, a workflow): the email is SUPPRESSED in the log with `suppressedBy`
// naming the rule and `email.suppressed` is announced; deleting the rule or its expiry lets later mail
// through. Rules are added by hand (422 naming the entry, nothing written, an existing rule kept), by
// bounces and complaints (with their reason), and an erased address shows as an ERASED rule nobody can
// delete. Another project's rule is a 404.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFeedback } from '../../src/bounces/feedback.service.ts';
import { runDispatch } from '../../src/campaigns/dispatch/dispatch.ts';
import { ERASED_REASON } from '../../src/privacy/erased.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import { type SmtpSink, startSmtpSink } from '../servers/smtp-sink.ts';
import { emailLogHelpers } from './email-log-helpers.ts';
import { expectError, fieldNames } from './support.ts';
import { suppressionHelpers } from './suppressions-helpers.ts';
import { workflowHelpers } from './workflow-helpers.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DIALECTS)('suppression rules on %s', (dialect) => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => sink?.close());
  const t = useTestEnv({
    dialect,
    env: () => ({ SMTP_URL: sink.url, MAIL_TRANSPORT: 'smtp', REQUIRE_VERIFIED_DOMAIN: 'false' }),
  });
  const s = suppressionHelpers(t);
  const log = emailLogHelpers(t);
  const wf = workflowHelpers(t);
  const received = (address: string) => sink.messages.filter((m) => m.to.includes(address)).length;
  /** Sends one email to `to`, runs delivery, and answers its log view. */
  async function sent(p: Parameters<typeof log.sendOne>[0], to: string) {
    const id = await log.sendOne(p, to);
    await t.deps.jobs.drain();
    const res = await log.detail(p, id);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('adds address and domain rules, keeps a rule an address already has, and lists them with filters', async () => {
    const p = await t.make.project();
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const first = await s.add(p, {
      addresses: ['Ann@Example.test', '*@Blocked.test', 'ann@example.test'],
      domains: ['other.test'],
      note: ' vip ',
      expiresAt,
    });
    expect(first).toEqual([
      expect.objectContaining({ address: 'ann@example.test', reason: 'MANUAL', note: 'vip', expiresAt }),
      expect.objectContaining({ domain: 'blocked.test', reason: 'MANUAL', note: 'vip' }),
      expect.objectContaining({ domain: 'other.test', reason: 'MANUAL' }),
    ]);
    expect(Object.keys(first[0]!).sort()).toEqual(['address', 'createdAt', 'expiresAt', 'id', 'note', 'reason']);
    // The address's rule stays as it was; the new one is written.
    const again = await s.add(p, { addresses: ['ANN@example.test', 'new@example.test'], note: 'second' });
    expect(again[0]).toEqual(first[0]);
    expect(again[1]).toMatchObject({ address: 'new@example.test', note: 'second', expiresAt: null });
    expect(await s.add(p, {})).toEqual([]);

    const all = await s.list(p);
    expect(all.total).toBe(4);
    expect(all.data.map((r) => r.id)).toEqual([again[1]!.id, first[2]!.id, first[1]!.id, first[0]!.id]);
    expect((await s.list(p, '?q=BLOCK')).data.map((r) => r.domain)).toEqual(['blocked.test']);
    expect((await s.list(p, '?q=example.test')).total).toBe(2);
    expect((await s.list(p, '?reason=MANUAL')).total).toBe(4);
    expect((await s.list(p, '?reason=BOUNCE')).data).toEqual([]);
    const page1 = await s.list(p, '?limit=3');
    const page2 = await s.list(p, `?limit=3&cursor=${page1.cursor}`);
    expect([...page1.data, ...page2.data].map((r) => r.id)).toEqual(all.data.map((r) => r.id));
    expect(page2).toMatchObject({ cursor: '', total: 0 });
  });

  it('answers 422 naming each malformed entry, and writes nothing', async () => {
    const p = await t.make.project();
    const bad = await s.api(p, 'POST', '/suppressions', {
      addresses: ['ok@x.test', 'a@b.test', 'c@d.test', 'not-an-address'],
      domains: ['*@bad..test', 'fine.test'],
    });
    expect(fieldNames(expectError(bad, 422, 'VALIDATION_ERROR'))).toEqual(['addresses.3', 'domains.0']);
    const past = await s.api(p, 'POST', '/suppressions', {
      addresses: ['a@x.test'],
      expiresAt: '2001-01-01T00:00:00Z',
    });
    expect(fieldNames(expectError(past, 422, 'VALIDATION_ERROR'))).toEqual(['expiresAt']);
    const garbage = await s.api(p, 'POST', '/suppressions', { addresses: ['a@x.test'], expiresAt: 'soon' });
    expect(fieldNames(expectError(garbage, 422, 'VALIDATION_ERROR'))).toEqual(['expiresAt']);
    const many = Array.from({ length: 600 }, (_, i) => `u${i}@many.test`);
    const tooMany = await s.api(p, 'POST', '/suppressions', {
      addresses: many,
      domains: many.map((_, i) => `d${i}.test`),
    });
    expect(fieldNames(expectError(tooMany, 422, 'VALIDATION_ERROR'))).toEqual(['addresses']);
    const huge = await s.api(p, 'POST', '/suppressions', { addresses: [...many, ...many] });
    expectError(huge, 422, 'VALIDATION_ERROR');
    expect(await s.count('suppressions', p.id)).toBe(0);
    // The largest request allowed goes through whole.
    expect(await s.add(p, { addresses: many, domains: many.slice(0, 400).map((_, i) => `d${i}.test`) })).toHaveLength(
      1000,
    );
  });

  it('holds /v1/send mail to a *@domain rule with suppressedBy and email.suppressed; a delete lets later mail go', async () => {
    const p = await t.make.project();
    await log.endpoint(p, ['email.suppressed']);
    const [rule] = await s.add(p, { domains: ['*@held.test'] });
    const held = await sent(p, 'someone@held.test');
    expect(held).toMatchObject({ status: 'SUPPRESSED', suppressedBy: { id: rule!.id, reason: 'MANUAL' } });
    expect(received('someone@held.test')).toBe(0);
    const free = await sent(p, 'someone@free.test');
    expect(free.status).toBe('SENT');
    expect(free).not.toHaveProperty('suppressedBy');
    expect(received('someone@free.test')).toBe(1);
    const listed = (await log.list(p, '?status=SUPPRESSED')).json().data;
    expect(listed).toEqual([
      expect.objectContaining({ id: held.id, suppressedBy: { id: rule!.id, reason: 'MANUAL' } }),
    ]);
    expect((await log.messages(p, 'email.suppressed')).map((m) => m.data.emailId)).toEqual([held.id]);

    expect((await s.api(p, 'DELETE', `/suppressions/${rule!.id}`)).statusCode).toBe(204);
    expectError(await s.api(p, 'DELETE', `/suppressions/${rule!.id}`), 404, 'SUPPRESSION_NOT_FOUND');
    expect((await s.list(p)).data).toEqual([]);
    expect((await sent(p, 'someone@held.test')).status).toBe('SENT');
    expect(received('someone@held.test')).toBe(1);
  });

  it('holds campaign mail: the fan-out leaves held contacts out, and rows queued before a rule are SUPPRESSED', async () => {
    const p = await t.make.project();
    for (const email of ['ok@camp.test', 'one@camp-held.test', 'two@camp.test'])
      await t.make.contact(p, { email, subscribed: true });
    const [addressRule, domainRule] = await s.add(p, { addresses: ['two@camp.test'], domains: ['camp-held.test'] });
    const campaign = async () => {
      const body = { name: 'News', subject: 'News', body: '<p>News</p>', from: 'news@camp.test', audienceType: 'ALL' };
      const res = await s.api(p, 'POST', '/campaigns', { ...body, type: 'MARKETING' });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as string;
    };
    const first = await campaign();
    const started = await s.api(p, 'POST', `/campaigns/${first}/send`, {});
    expect(started.json()).toMatchObject({ totalRecipients: 1 });
    await t.deps.jobs.drain();
    expect([received('ok@camp.test'), received('one@camp-held.test'), received('two@camp.test')]).toEqual([1, 0, 0]);

    // Rules deleted, a campaign fanned out (rows PENDING), then the rules back before delivery.
    for (const r of [domainRule!, addressRule!]) await s.api(p, 'DELETE', `/suppressions/${r.id}`);
    const second = await campaign();
    expect((await s.api(p, 'POST', `/campaigns/${second}/send`, {})).json()).toMatchObject({ totalRecipients: 3 });
    await runDispatch(t.deps, second);
    const [addressAgain, domainAgain] = await s.add(p, { addresses: ['two@camp.test'], domains: ['camp-held.test'] });
    await t.deps.jobs.drain();
    const rows = (await log.list(p, `?campaignId=${second}`)).json().data;
    const byTo = Object.fromEntries(rows.map((r: { to: string }) => [r.to, r]));
    expect(byTo['ok@camp.test']).toMatchObject({ status: 'SENT' });
    expect(byTo['one@camp-held.test']).toMatchObject({ status: 'SUPPRESSED', suppressedBy: { id: domainAgain!.id } });
    expect(byTo['two@camp.test']).toMatchObject({ status: 'SUPPRESSED', suppressedBy: { id: addressAgain!.id } });
    expect([received('ok@camp.test'), received('one@camp-held.test'), received('two@camp.test')]).toEqual([2, 0, 0]);
  });

  it("holds a workflow's mail to a held address", async () => {
    const p = await t.make.project();
    const contact = await t.make.contact(p, { email: 'flow@wf-held.test' });
    const [rule] = await s.add(p, { addresses: ['flow@wf-held.test'] });
    const template = await t.make.template(p, { from: 'flow@log.test' });
    const flow = await wf.build(p, {
      steps: [{ key: 'send', type: 'SEND_EMAIL', config: { templateId: template.id } }],
      edges: [['trigger', 'send']],
    });
    const started = await wf.api(p, 'POST', `/workflows/${flow.id}/executions`, { contactId: contact.id });
    expect(started.statusCode, started.body).toBe(201);
    await wf.settle();
    await t.deps.jobs.drain();
    const rows = (await log.list(p, '?sourceType=WORKFLOW')).json().data;
    expect(rows).toEqual([
      expect.objectContaining({ status: 'SUPPRESSED', suppressedBy: { id: rule!.id, reason: 'MANUAL' } }),
    ]);
    expect(received('flow@wf-held.test')).toBe(0);
  });

  it('stops holding at the expiry, and a new rule replaces an expired one', async () => {
    const p = await t.make.project();
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const [rule] = await s.add(p, { addresses: ['later@exp.test'], expiresAt });
    expect((await sent(p, 'later@exp.test')).suppressedBy).toEqual({ id: rule!.id, reason: 'MANUAL' });
    await sleep(Date.parse(expiresAt) - Date.now() + 50);
    expect((await sent(p, 'later@exp.test')).status).toBe('SENT');
    const [replaced] = await s.add(p, { addresses: ['later@exp.test'], note: 'again' });
    expect(replaced).toMatchObject({ note: 'again', expiresAt: null });
    expect(replaced!.id).not.toBe(rule!.id);
    expect((await sent(p, 'later@exp.test')).suppressedBy).toEqual({ id: replaced!.id, reason: 'MANUAL' });
  });

  it('lists bounce and complaint rules with their reason, and an erased address as an ERASED rule nobody deletes', async () => {
    const p = await t.make.project();
    const bounced = await sent(p, 'bounce@fb.test');
    const complained = await sent(p, 'complain@fb.test');
    await recordFeedback(t.deps, { kind: 'bounce', bounceType: 'hard', emailId: bounced.id });
    await recordFeedback(t.deps, { kind: 'complaint', emailId: complained.id });
    expect((await s.list(p, '?reason=BOUNCE')).data).toEqual([
      expect.objectContaining({ address: 'bounce@fb.test', reason: 'BOUNCE', note: null }),
    ]);
    expect((await s.list(p, '?reason=COMPLAINT')).data).toEqual([
      expect.objectContaining({ address: 'complain@fb.test', reason: 'COMPLAINT' }),
    ]);
    expect((await sent(p, 'bounce@fb.test')).suppressedBy).toMatchObject({ reason: 'BOUNCE' });

    const contact = await t.make.contact(p, { email: 'gone@erase.test' });
    expect((await s.api(p, 'POST', `/contacts/${contact.id}/erase`)).statusCode).toBe(200);
    const [erased] = (await s.list(p, '?reason=ERASED')).data;
    expect(erased).toEqual({
      id: expect.any(String),
      addressHash: sha256('gone@erase.test'),
      reason: 'ERASED',
      note: expect.stringContaining('hash'),
      createdAt: expect.any(String),
      expiresAt: null,
    });
    expect((await s.list(p)).total).toBe(3);
    expect((await s.list(p, '?q=GONE@erase.test')).data.map((r) => r.id)).toEqual([erased!.id]);
    expect((await s.list(p, '?q=erase')).data).toEqual([]);
    expectError(await s.api(p, 'DELETE', `/suppressions/${erased!.id}`), 409, 'CONFLICT');
    const held = await sent(p, 'gone@erase.test');
    expect(held).toMatchObject({ status: 'SUPPRESSED', lastError: ERASED_REASON });
    expect(held.suppressedBy).toEqual({ id: erased!.id, reason: 'ERASED' });
  });

  it("answers 404 for another project's rule and import, and lists only the project's own rules", async () => {
    const a = await t.make.project();
    const b = await t.make.project();
    const [rule] = await s.add(a, { addresses: ['mine@a-only.test'] });
    const upload = await s.upload(a, 'x@a-only.test\n');
    expect(upload.statusCode, upload.body).toBe(202);
    expectError(await s.api(b, 'DELETE', `/suppressions/${rule!.id}`), 404, 'SUPPRESSION_NOT_FOUND');
    const theirs = await s.api(b, 'GET', `/suppressions/imports/${upload.json().id}`);
    expectError(theirs, 404, 'SUPPRESSION_IMPORT_NOT_FOUND');
    expect((await s.list(b)).data).toEqual([]);
    expect((await s.list(a)).data.map((r) => r.id)).toEqual([rule!.id]);
    // B's mail to the address goes: A's rule holds A's mail only.
    expect((await sent(b, 'mine@a-only.test')).status).toBe('SENT');
  });
});
