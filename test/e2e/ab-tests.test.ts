// Invariant: an A/B test (beyond.md §9) sends each variant to an even share (±1) of a random test
// group of testPercent of the audience, stored once; the winner is the variant with the highest unique
// rate of the test's metric (ties: the first) once the wait after the last test email is over, or the
// one chosen by hand; the rest of the audience gets the winner, and nobody gets two emails. Stats, the
// email log and the email webhooks name the variant. Mail is read at a real SMTP sink.
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignTick } from '../../src/campaigns/campaigns.jobs.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { clickUrl, openPixelUrl } from '../../src/mail/links.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { type SmtpSink, startSmtpSink } from '../servers/smtp-sink.ts';
import { emailLogHelpers } from './email-log-helpers.ts';
import { expectError, fieldNames } from './support.ts';

const MINUTE = 60_000;
const AB = { testPercent: 50, metric: 'CLICKS', waitMinutes: 30, decidedBy: 'AUTO' } as const;

describe.each(DIALECTS)('A/B tests on %s', (dialect) => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => sink?.close());
  const clock = manualClock(new Date());
  const t = useTestEnv({
    dialect,
    clock,
    env: () => ({ SMTP_URL: sink.url, MAIL_TRANSPORT: 'smtp', REQUIRE_VERIFIED_DOMAIN: 'true' }),
  });
  const log = emailLogHelpers(t);
  const api = (p: TestProject, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: p.auth }, ...(payload ? { payload } : {}) });

  async function project(domain: string, contacts: number) {
    const p = await t.make.project();
    await t.make.verifiedDomain(p, domain);
    const people = [];
    for (let i = 0; i < contacts; i++) people.push(await t.make.contact(p, { email: `r${i}@${domain}` }));
    return { p, people };
  }
  const body = (domain: string, abTest: object = AB, variants?: object[]) => ({
    name: 'Spring',
    subject: 'Base subject',
    body: '<p>Hello <a href="https://shop.test/x">shop</a></p>',
    from: `news@${domain}`,
    audienceType: 'ALL',
    variants: variants ?? [
      { name: 'A', subject: 'Subject A' },
      { name: 'B', subject: 'Subject B', body: '<p>Other <a href="https://shop.test/y">shop</a></p>' },
    ],
    abTest,
  });
  async function create(p: TestProject, payload: object) {
    const res = await api(p, 'POST', '/campaigns', payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  }
  /**
   * Runs the due jobs, then the minutely tick: a finish check is due 2 s after the walk by the test's
   * clock, which the job queue (on the wall clock) may see as far ahead once the clock was advanced.
   */
  async function settle() {
    await t.deps.jobs.drain();
    await campaignTick(t.deps);
    await t.deps.jobs.drain();
  }
  const view = async (p: TestProject, id: string) => (await api(p, 'GET', `/campaigns/${id}`)).json();
  /** The campaign's emails in the log, by recipient. */
  async function emails(p: TestProject, id: string) {
    const res = await api(p, 'GET', `/emails?campaignId=${id}&limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    return new Map((res.json().data as { to: string; id: string; variant: string | null }[]).map((e) => [e.to, e]));
  }
  const subjectsAt = async (domain: string) => {
    const out = new Map<string, string[]>();
    for (const m of sink.messages.filter((m) => m.to.some((to) => to.endsWith(`@${domain}`)))) {
      const mail = await simpleParser(m.raw);
      for (const to of m.to) out.set(to, [...(out.get(to) ?? []), String(mail.subject)]);
    }
    return out;
  };
  const path = (url: string) => url.slice(t.config.baseUrl.length);
  const open = (p: TestProject, emailId: string) =>
    t.app.inject({ url: path(openPixelUrl(t.config.baseUrl, t.deps.secrets.signingSecret, { p: p.id, e: emailId })) });
  const click = (p: TestProject, emailId: string) =>
    t.app.inject({
      url: path(
        clickUrl(t.config.baseUrl, t.deps.secrets.signingSecret, { p: p.id, e: emailId, u: 'https://shop.test/x' }),
      ),
    });

  it('splits a random test group evenly, picks the winner by clicks after the wait, and sends it to the rest once', async () => {
    const domain = 'ab-clicks.test';
    const { p, people } = await project(domain, 41);
    await log.endpoint(p, ['email.sent']);
    const id = await create(p, body(domain));
    const sent = await api(p, 'POST', `/campaigns/${id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    // round(41 × 50 %) = 21 in the test group, chosen and stored with the send.
    expect(sent.json().abTest).toMatchObject({ phase: 'TESTING', winner: null, testRecipients: 21 });
    const group = await t.deps.db
      .selectFrom('campaignTestRecipients')
      .selectAll()
      .where('campaignId', '=', id)
      .execute();
    expect(group).toHaveLength(21);
    const perVariant = [0, 1].map((v) => group.filter((g) => Number(g.variant) === v).length);
    expect(Math.abs(perVariant[0]! - perVariant[1]!)).toBeLessThanOrEqual(1);

    await t.deps.jobs.drain();
    const waiting = await view(p, id);
    expect(waiting.status).toBe('SENDING');
    expect(waiting.abTest.phase).toBe('WAITING');
    // The wait counts from the last test email's hand-over.
    const log1 = await emails(p, id);
    expect(log1.size).toBe(21);
    const lastSent = Math.max(
      ...(await t.deps.db.selectFrom('emails').select('sentAt').where('sourceId', '=', id).execute()).map((r) =>
        new Date(r.sentAt!).getTime(),
      ),
    );
    expect(new Date(waiting.abTest.decideAt).getTime()).toBe(lastSent + 30 * MINUTE);

    // Each test recipient got its own variant's subject, once; nobody else got anything yet.
    const byContact = new Map(group.map((g) => [g.contactId, Number(g.variant)]));
    const subjects = await subjectsAt(domain);
    expect(subjects.size).toBe(21);
    for (const person of people) {
      const v = byContact.get(person.id);
      expect(subjects.get(person.email)).toEqual(v === undefined ? undefined : [v === 0 ? 'Subject A' : 'Subject B']);
      if (v !== undefined) expect(log1.get(person.email)?.variant).toBe(v === 0 ? 'A' : 'B');
    }

    // A is opened more, B clicked more: the metric is clicks, so B wins.
    const ofVariant = (name: string) => [...log1.values()].filter((e) => e.variant === name);
    for (const e of ofVariant('A').slice(0, 5)) expect((await open(p, e.id)).statusCode).toBe(200);
    for (const e of ofVariant('B').slice(0, 3)) expect((await click(p, e.id)).statusCode).toBe(302);
    for (const e of ofVariant('A').slice(0, 1)) await click(p, e.id);
    // The contacts' email.open and email.click events name the variant too.
    const clicks = await t.deps.db
      .selectFrom('events')
      .select(['data'])
      .where('projectId', '=', p.id)
      .where('name', '=', 'email.click')
      .execute();
    const clickData = clicks.map(
      (e) => (typeof e.data === 'string' ? JSON.parse(e.data) : e.data) as { variant: string },
    );
    expect(clickData.map((d) => d.variant).sort()).toEqual(['A', 'B', 'B', 'B']);

    // Not before the wait is over, whatever runs.
    clock.advance(29 * MINUTE);
    await campaignTick(t.deps);
    await t.deps.jobs.drain();
    expect((await view(p, id)).abTest).toMatchObject({ phase: 'WAITING', winner: null });
    clock.advance(2 * MINUTE);
    await campaignTick(t.deps);
    expect((await view(p, id)).abTest).toMatchObject({ phase: 'SENDING_WINNER', winner: 'B' });
    await settle();

    const done = await view(p, id);
    expect(done.status).toBe('SENT');
    expect(done.abTest).toMatchObject({ phase: 'DONE', winner: 'B' });
    const after = await subjectsAt(domain);
    expect(after.size).toBe(41);
    for (const person of people) {
      const v = byContact.get(person.id);
      const expected = v === 0 ? 'Subject A' : 'Subject B';
      expect(after.get(person.email), person.email).toEqual([expected]);
    }

    const stats = (await api(p, 'GET', `/campaigns/${id}/stats`)).json();
    const a = stats.variants.find((v: { name: string }) => v.name === 'A');
    const b = stats.variants.find((v: { name: string }) => v.name === 'B');
    expect(a).toMatchObject({ sent: perVariant[0], opened: 5, clicked: 1, winner: false });
    expect(b).toMatchObject({ sent: perVariant[1]! + 20, clicked: 3, winner: true });
    expect(a.openRate).toBeCloseTo((5 / perVariant[0]!) * 100, 1);

    // email.sent webhooks name the variant of each email.
    const announced = await log.messages(p, 'email.sent');
    expect(announced).toHaveLength(41);
    const log2 = await emails(p, id);
    for (const m of announced) {
      const d = m.data as { to: string; variant?: string; campaignId: string };
      expect(d.campaignId).toBe(id);
      expect(d.variant).toBe(log2.get(d.to)?.variant);
      expect(d.variant).toMatch(/^[AB]$/);
    }
  });

  it('picks the winner by opens, and the first variant on a tie', async () => {
    const domain = 'ab-opens.test';
    const { p } = await project(domain, 12);
    const opens = { ...AB, metric: 'OPENS', testPercent: 50, waitMinutes: 1 };
    const byOpens = await create(p, body(domain, opens));
    const tie = await create(p, { ...body(domain, opens), name: 'Tie' });
    for (const id of [byOpens, tie]) expect((await api(p, 'POST', `/campaigns/${id}/send`, {})).statusCode).toBe(200);
    await t.deps.jobs.drain();
    const log1 = await emails(p, byOpens);
    const b = [...log1.values()].filter((e) => e.variant === 'B');
    const a = [...log1.values()].filter((e) => e.variant === 'A');
    await open(p, b[0]!.id);
    await open(p, b[1]!.id);
    await open(p, a[0]!.id);
    // Clicks without opens for A would win a click test; this one counts opens (a click is an open too).
    clock.advance(2 * MINUTE);
    await campaignTick(t.deps);
    await settle();
    expect((await view(p, byOpens)).abTest).toMatchObject({ phase: 'DONE', winner: 'B' });
    // Nothing opened at all: A and B tie at 0 %, and the first one wins.
    expect((await view(p, tie)).abTest).toMatchObject({ phase: 'DONE', winner: 'A' });
    expect((await view(p, tie)).status).toBe('SENT');
  });

  it('waits for a winner chosen by hand: 409 outside the wait, 422 for an unknown name, once', async () => {
    const domain = 'ab-manual.test';
    const { p } = await project(domain, 10);
    const manual = await create(p, body(domain, { ...AB, decidedBy: 'MANUAL', testPercent: 20 }));
    expectError(await api(p, 'POST', `/campaigns/${manual}/winner`, { variant: 'A' }), 409, 'CONFLICT');
    await api(p, 'POST', `/campaigns/${manual}/send`, {});
    // TESTING: the test emails are not out yet.
    expectError(await api(p, 'POST', `/campaigns/${manual}/winner`, { variant: 'A' }), 409, 'CONFLICT');
    await t.deps.jobs.drain();
    // MANUAL has no decide time, and the tick leaves it waiting however long it takes.
    expect((await view(p, manual)).abTest).toMatchObject({ phase: 'WAITING', decideAt: null, testRecipients: 2 });
    clock.advance(10_000 * MINUTE);
    await campaignTick(t.deps);
    expect((await view(p, manual)).abTest.phase).toBe('WAITING');
    const unknown = expectError(
      await api(p, 'POST', `/campaigns/${manual}/winner`, { variant: 'C' }),
      422,
      'VALIDATION_ERROR',
    );
    expect(fieldNames(unknown)[0]).toBe('variant');
    const chosen = await api(p, 'POST', `/campaigns/${manual}/winner`, { variant: 'A' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().abTest).toMatchObject({ phase: 'SENDING_WINNER', winner: 'A' });
    expectError(await api(p, 'POST', `/campaigns/${manual}/winner`, { variant: 'B' }), 409, 'CONFLICT');
    await settle();
    expect((await view(p, manual)).abTest).toMatchObject({ phase: 'DONE', winner: 'A' });
    const subjects = await subjectsAt(domain);
    expect(subjects.size).toBe(10);
    expect([...subjects.values()].every((s) => s.length === 1)).toBe(true);
    expect([...subjects.values()].filter(([s]) => s === 'Subject A')).toHaveLength(9);
  });

  it('chooses a new test group when a test cancelled before anything went out is sent again', async () => {
    const domain = 'ab-again.test';
    const { p } = await project(domain, 6);
    const id = await create(p, body(domain));
    expect((await api(p, 'POST', `/campaigns/${id}/send`, {})).json().abTest.testRecipients).toBe(3);
    const cancelled = await api(p, 'POST', `/campaigns/${id}/cancel`);
    expect(cancelled.json()).toMatchObject({
      status: 'DRAFT',
      abTest: { phase: null, winner: null, testRecipients: 0 },
    });
    const again = await api(p, 'POST', `/campaigns/${id}/send`, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().abTest).toMatchObject({ phase: 'TESTING', testRecipients: 3 });
    await t.deps.jobs.drain();
    expect((await subjectsAt(domain)).size).toBe(3);
  });

  it('takes a variant from a template, and names it in the email log', async () => {
    const domain = 'ab-template.test';
    const { p } = await project(domain, 4);
    const template = await t.make.template(p, {
      subject: 'From the template',
      body: '<p>Template body</p>',
      from: `news@${domain}`,
    } as never);
    const id = await create(
      p,
      body(domain, { ...AB, testPercent: 50 }, [
        { name: 'Own', subject: 'Own subject' },
        { name: 'T', templateId: template.id },
      ]),
    );
    const v = await view(p, id);
    expect(v.variants).toEqual([
      expect.objectContaining({
        name: 'Own',
        subject: 'Own subject',
        body: expect.stringContaining('Hello'),
        templateId: null,
      }),
      expect.objectContaining({
        name: 'T',
        subject: 'From the template',
        body: '<p>Template body</p>',
        templateId: template.id,
      }),
    ]);
    await api(p, 'POST', `/campaigns/${id}/send`, {});
    await t.deps.jobs.drain();
    const fromTemplate = [...(await emails(p, id)).values()].find((e) => e.variant === 'T') as unknown as {
      templateId: string;
      templateVersion: number;
    };
    expect(fromTemplate).toMatchObject({ templateId: template.id, templateVersion: 1 });
  });

  it('refuses bad tests with 422 naming the field, and sends nothing', async () => {
    const domain = 'ab-bad.test';
    const { p } = await project(domain, 1);
    const bad: [object, string][] = [
      [body(domain, AB, [{ name: 'A', subject: 'x' }]), 'variants'],
      [
        body(
          domain,
          AB,
          ['A', 'B', 'C', 'D', 'E'].map((name) => ({ name, subject: name })),
        ),
        'variants',
      ],
      [body(domain, AB, [{ name: 'A', subject: 'x' }, { name: 'B' }]), 'variants[1]'],
      [
        body(domain, AB, [
          { name: 'A', subject: 'x' },
          { name: 'A', subject: 'y' },
        ]),
        'variants[1].name',
      ],
      [
        body(domain, AB, [
          { name: 'A', subject: 'x' },
          { name: 'B', format: 'MJML', body: '<mjml><mj-bogus/></mjml>' },
        ]),
        'variants[1].body',
      ],
      [
        body(domain, AB, [
          { name: 'A', subject: 'x\ny' },
          { name: 'B', subject: 'y' },
        ]),
        'variants[0].subject',
      ],
      [
        body(domain, AB, [
          { name: 'A', from: 'news@elsewhere.test' },
          { name: 'B', subject: 'y' },
        ]),
        'variants[0].from',
      ],
      [
        body(domain, AB, [
          { name: 'A', templateId: '0190a0a0-0000-7000-8000-000000000000' },
          { name: 'B', subject: 'y' },
        ]),
        'variants[0].templateId',
      ],
      [body(domain, { ...AB, testPercent: 4 }), 'abTest.testPercent'],
      [body(domain, { ...AB, testPercent: 51 }), 'abTest.testPercent'],
      [body(domain, { ...AB, waitMinutes: 0 }), 'abTest.waitMinutes'],
      [body(domain, { ...AB, waitMinutes: 10081 }), 'abTest.waitMinutes'],
      [{ ...body(domain), abTest: null }, 'abTest'],
      [{ ...body(domain), variants: null }, 'variants'],
    ];
    for (const [payload, field] of bad) {
      const res = await api(p, 'POST', '/campaigns', payload);
      // A sender off the verified domains is 403, as for the campaign's own sender.
      if (field === 'variants[0].from') {
        expect(res.statusCode, res.body).toBe(403);
        continue;
      }
      const error = expectError(res, 422, 'VALIDATION_ERROR');
      expect(fieldNames(error), JSON.stringify(payload)).toContain(field);
    }
    // Two variants need two recipients: a one-contact audience is refused at send, nothing written.
    const id = await create(p, body(domain));
    const refused = expectError(await api(p, 'POST', `/campaigns/${id}/send`, {}), 422, 'VALIDATION_ERROR');
    expect(fieldNames(refused)[0]).toBe('variants');
    expect((await view(p, id)).status).toBe('DRAFT');
    expect(
      await t.deps.db.selectFrom('campaignTestRecipients').selectAll().where('campaignId', '=', id).execute(),
    ).toEqual([]);
    expect((await emails(p, id)).size).toBe(0);
    // An A/B test is not sent by the recipients' zones.
    const local = expectError(
      await api(p, 'POST', `/campaigns/${id}/send`, { localTime: '09:00', date: '2030-01-01' }),
      422,
      'VALIDATION_ERROR',
    );
    expect(fieldNames(local)[0]).toBe('localTime');
  });
});
