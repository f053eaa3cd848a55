// Invariant: MARKETING mail goes when its schedule says (beyond.md §9), with a clock the test moves:
// a local-time send reaches each recipient at that local time in its zone (east and west of UTC,
// across a DST change, at once where it has passed); mail outside the project's send window waits for
// its opening, and mail past the day's cap (the daily cap or the warm-up's, the smaller) for the next
// days, each waiting email showing when it will go as `scheduledAt`. Transactional mail never waits.
// Read at a real SMTP sink.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignTick } from '../../src/campaigns/campaigns.jobs.ts';
import { manualClock } from '../../src/lib/clock.ts';
import { deliverDue } from '../../src/sending/delivery.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { type SmtpSink, startSmtpSink } from '../servers/smtp-sink.ts';
import { expectError, fieldNames } from './support.ts';

// Saturday 2030-03-09, 20:00 UTC. New York moves to EDT at 02:00 local on Sunday 2030-03-10.
const T0 = new Date('2030-03-09T20:00:00.000Z');

describe.each(DIALECTS)('sending schedules on %s', (dialect) => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => sink?.close());
  const clock = manualClock(T0);
  const t = useTestEnv({
    dialect,
    clock,
    env: () => ({ SMTP_URL: sink.url, MAIL_TRANSPORT: 'smtp', REQUIRE_VERIFIED_DOMAIN: 'true' }),
  });
  const api = (p: TestProject, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: p.auth }, ...(payload ? { payload } : {}) });
  const settings = (p: TestProject, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/users/@me/projects/${p.id}`, headers: { cookie: p.owner.cookie }, payload });
  const plan = async (p: TestProject) => {
    const res = await t.app.inject({
      url: `/users/@me/projects/${p.id}/sending-plan`,
      headers: { cookie: p.owner.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  async function project(domain: string, schedule: object) {
    const p = await t.make.project();
    await t.make.verifiedDomain(p, domain);
    const res = await settings(p, schedule);
    expect(res.statusCode, res.body).toBe(200);
    return p;
  }
  async function campaign(p: TestProject, domain: string) {
    const body = { name: 'News', subject: 'News', body: '<p>Hi</p>', from: `news@${domain}`, audienceType: 'ALL' };
    const res = await api(p, 'POST', '/campaigns', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  }
  const arrived = (domain: string) =>
    sink.messages.filter((m) => m.to.some((to) => to.endsWith(`@${domain}`))).flatMap((m) => m.to);
  /** Delivers what is due by the test's clock, then lets the campaign jobs look again. */
  async function run() {
    await t.deps.jobs.drain();
    await deliverDue(t.deps, 5000);
    await campaignTick(t.deps);
    await t.deps.jobs.drain();
  }
  async function emailLog(p: TestProject, id: string) {
    const res = await api(p, 'GET', `/emails?campaignId=${id}&limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    return new Map(
      (res.json().data as { to: string; scheduledAt: string | null; status: string }[]).map((e) => [e.to, e]),
    );
  }

  it("sends at 09:00 in each recipient's zone: east and west of UTC, across New York's DST change, at once where it passed", async () => {
    clock.set(T0);
    const domain = 'zones.test';
    const p = await project(domain, { timezone: 'America/New_York' });
    const people: [string, Record<string, unknown>][] = [
      ['tokyo', { timezone: 'Asia/Tokyo' }],
      ['berlin', { timezone: 'Europe/Berlin' }],
      ['kiritimati', { timezone: 'Pacific/Kiritimati' }],
      ['honolulu', { timezone: 'Pacific/Honolulu' }],
      ['nozone', {}],
      ['badzone', { timezone: 'Mars/Olympus_Mons' }],
    ];
    for (const [name, data] of people) await t.make.contact(p, { email: `${name}@${domain}`, data });
    const id = await campaign(p, domain);
    const local = { localTime: '09:00', date: '2030-03-10' };
    // 09:00 on Sunday: Kiritimati (+14) was at 19:00Z on Saturday, already past: at once.
    const expected = [
      { timezone: 'Pacific/Kiritimati', sendAt: T0.toISOString(), recipients: 1 },
      { timezone: 'Asia/Tokyo', sendAt: '2030-03-10T00:00:00.000Z', recipients: 1 },
      { timezone: 'Europe/Berlin', sendAt: '2030-03-10T08:00:00.000Z', recipients: 1 },
      // EDT since 02:00 that morning: UTC-4, not -5; contacts without a known zone take the project's.
      { timezone: 'America/New_York', sendAt: '2030-03-10T13:00:00.000Z', recipients: 2 },
      { timezone: 'Pacific/Honolulu', sendAt: '2030-03-10T19:00:00.000Z', recipients: 1 },
    ];
    const planned = await api(p, 'POST', `/campaigns/${id}/send-plan`, local);
    expect(planned.statusCode, planned.body).toBe(200);
    expect(planned.json()).toEqual({ total: 6, groups: expected });
    expect((await api(p, 'GET', `/campaigns/${id}`)).json().status).toBe('DRAFT');

    const sent = await api(p, 'POST', `/campaigns/${id}/send`, local);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'SENDING', localSend: local });
    await run();
    expect(arrived(domain)).toEqual([`kiritimati@${domain}`]);
    const log = await emailLog(p, id);
    expect(log.get(`kiritimati@${domain}`)).toMatchObject({ status: 'SENT', scheduledAt: null });
    expect(log.get(`tokyo@${domain}`)).toMatchObject({ status: 'PENDING', scheduledAt: '2030-03-10T00:00:00.000Z' });
    expect(log.get(`badzone@${domain}`)).toMatchObject({ status: 'PENDING', scheduledAt: '2030-03-10T13:00:00.000Z' });

    const steps: [string, string[]][] = [
      ['2030-03-09T23:59:00.000Z', []],
      ['2030-03-10T00:00:00.000Z', ['tokyo']],
      ['2030-03-10T08:00:00.000Z', ['berlin']],
      // 12:00Z would be 09:00 in EST; the DST change moved it to 13:00Z.
      ['2030-03-10T12:00:00.000Z', []],
      ['2030-03-10T13:00:00.000Z', ['nozone', 'badzone']],
      ['2030-03-10T19:00:00.000Z', ['honolulu']],
    ];
    let before = arrived(domain).length;
    for (const [at, who] of steps) {
      clock.set(new Date(at));
      await run();
      const now = arrived(domain);
      expect(now.slice(before).sort(), at).toEqual(who.map((w) => `${w}@${domain}`).sort());
      before = now.length;
    }
    expect((await api(p, 'GET', `/campaigns/${id}`)).json().status).toBe('SENT');
  });

  it('refuses a bad local time or date with 422 naming the field, and sends nothing', async () => {
    clock.set(T0);
    const domain = 'zones-bad.test';
    const p = await project(domain, {});
    await t.make.contact(p, { email: `a@${domain}` });
    const id = await campaign(p, domain);
    const bad: [object, string][] = [
      [{ localTime: '24:00', date: '2030-03-10' }, 'localTime'],
      [{ localTime: '9:00', date: '2030-03-10' }, 'localTime'],
      [{ localTime: '09:00', date: '2030-02-30' }, 'date'],
      [{ localTime: '09:00' }, 'date'],
      [{ date: '2030-03-10' }, 'localTime'],
      [{ localTime: '09:00', date: '2030-03-10', scheduledFor: '2031-01-01T00:00:00Z' }, 'localTime'],
    ];
    for (const [payload, field] of bad) {
      const error = expectError(await api(p, 'POST', `/campaigns/${id}/send`, payload), 422, 'VALIDATION_ERROR');
      expect(fieldNames(error)[0], JSON.stringify(payload)).toBe(field);
    }
    const planError = expectError(
      await api(p, 'POST', `/campaigns/${id}/send-plan`, { localTime: '09:60', date: '2030-03-10' }),
      422,
      'VALIDATION_ERROR',
    );
    expect(fieldNames(planError)[0]).toBe('localTime');
    expect((await api(p, 'GET', `/campaigns/${id}`)).json().status).toBe('DRAFT');
    expect((await emailLog(p, id)).size).toBe(0);
  });

  it('holds MARKETING mail outside the send window until it opens; transactional mail goes at once', async () => {
    clock.set(T0); // Saturday
    const domain = 'window.test';
    const window = {
      days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
      start: '09:00',
      end: '17:00',
      timezone: 'Europe/Berlin',
    };
    const p = await project(domain, { sendWindow: window });
    for (const n of [1, 2, 3]) await t.make.contact(p, { email: `m${n}@${domain}` });
    const id = await campaign(p, domain);
    expect((await api(p, 'POST', `/campaigns/${id}/send`, {})).statusCode).toBe(200);
    // A MARKETING template sent through /v1/send waits too, found at the delivery claim.
    const template = await t.make.template(p, { type: 'MARKETING', from: `news@${domain}` } as never);
    await t.make.contact(p, { email: `api@${domain}`, subscribed: true });
    const viaApi = await api(p, 'POST', '/v1/send', { to: `api@${domain}`, template: template.id });
    expect(viaApi.statusCode, viaApi.body).toBe(200);
    const tx = await api(p, 'POST', '/v1/send', {
      to: `tx@${domain}`,
      from: `app@${domain}`,
      subject: 'Receipt',
      body: '<p>Paid</p>',
    });
    expect(tx.statusCode, tx.body).toBe(200);
    await run();
    await run();
    expect(arrived(domain)).toEqual([`tx@${domain}`]);
    // Monday 09:00 in Berlin (CET) is 08:00Z.
    const opening = '2030-03-11T08:00:00.000Z';
    for (const e of (await emailLog(p, id)).values())
      expect(e).toMatchObject({ status: 'PENDING', scheduledAt: opening });
    const held = await api(p, 'GET', `/emails/${viaApi.json().data.emails[0].email}`);
    expect(held.json()).toMatchObject({ status: 'PENDING', scheduledAt: opening });

    clock.set(new Date('2030-03-11T07:59:00.000Z'));
    await run();
    expect(arrived(domain)).toHaveLength(1);
    clock.set(new Date(opening));
    await run();
    expect(arrived(domain).sort()).toEqual([
      `api@${domain}`,
      `m1@${domain}`,
      `m2@${domain}`,
      `m3@${domain}`,
      `tx@${domain}`,
    ]);
    expect((await api(p, 'GET', `/campaigns/${id}`)).json().status).toBe('SENT');
  });

  it('accepts a window across midnight, refuses an empty one, an unknown zone and a bad warm-up with 422', async () => {
    const p = await t.make.project();
    const ok = await settings(p, {
      sendWindow: { days: ['FRI'], start: '22:00', end: '06:00' },
      timezone: 'Asia/Kolkata',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      timezone: 'Asia/Kolkata',
      sendWindow: { days: ['FRI'], start: '22:00', end: '06:00', timezone: 'Asia/Kolkata' },
    });
    const bad: [object, string][] = [
      [{ sendWindow: { days: ['MON'], start: '09:00', end: '09:00' } }, 'sendWindow.end'],
      [{ sendWindow: { days: ['MON'], start: '25:00', end: '09:00' } }, 'sendWindow.start'],
      [{ sendWindow: { days: ['MON', 'MON'], start: '08:00', end: '09:00' } }, 'sendWindow.days'],
      [
        { sendWindow: { days: ['MON'], start: '08:00', end: '09:00', timezone: 'Nowhere/City' } },
        'sendWindow.timezone',
      ],
      [{ timezone: 'Europe/Atlantis' }, 'timezone'],
      [{ warmup: { startedOn: '2030-13-01', startPerDay: 10, growthPercent: 10 } }, 'warmup.startedOn'],
      [{ warmup: { startedOn: '2030-03-01', startPerDay: 10, growthPercent: 101 } }, 'warmup.growthPercent'],
      [{ dailyMarketingCap: 0 }, 'dailyMarketingCap'],
    ];
    for (const [payload, field] of bad) {
      const error = expectError(await settings(p, payload), 422, 'VALIDATION_ERROR');
      expect(fieldNames(error), JSON.stringify(payload)).toContain(field);
    }
    // Nothing of a refused change was written.
    const list = await t.app.inject({ url: '/users/@me/projects', headers: { cookie: p.owner.cookie } });
    expect(list.json()[0]).toMatchObject({ timezone: 'Asia/Kolkata', dailyMarketingCap: null, warmup: null });
  });

  it('keeps MARKETING mail under the daily cap across concurrent claims, spreading the rest over the next days', async () => {
    clock.set(new Date('2030-03-11T10:00:00.000Z'));
    const domain = 'cap.test';
    const p = await project(domain, { dailyMarketingCap: 3 });
    for (let n = 0; n < 8; n++) await t.make.contact(p, { email: `c${n}@${domain}` });
    const id = await campaign(p, domain);
    expect((await api(p, 'POST', `/campaigns/${id}/send`, {})).statusCode).toBe(200);
    await t.deps.jobs.drain();
    // Two delivery runs at once claim apart; the day's count is one upsert they both add to.
    await Promise.all([deliverDue(t.deps, 5000), deliverDue(t.deps, 5000)]);
    await run();
    expect(arrived(domain)).toHaveLength(3);
    expect(await plan(p)).toMatchObject({
      timezone: 'UTC',
      today: { date: '2030-03-11', cap: 3, sent: 3, remaining: 0 },
    });
    const waiting = [...(await emailLog(p, id)).values()].filter((e) => e.status === 'PENDING');
    expect(waiting.map((e) => e.scheduledAt).sort()).toEqual([
      '2030-03-12T00:00:00.000Z',
      '2030-03-12T00:00:00.000Z',
      '2030-03-12T00:00:00.000Z',
      '2030-03-13T00:00:00.000Z',
      '2030-03-13T00:00:00.000Z',
    ]);
    // Transactional mail is never capped.
    const tx = await api(p, 'POST', '/v1/send', {
      to: `tx@${domain}`,
      from: `app@${domain}`,
      subject: 'R',
      body: '<p>R</p>',
    });
    expect(tx.statusCode).toBe(200);
    await run();
    expect(arrived(domain)).toHaveLength(4);

    clock.set(new Date('2030-03-12T00:00:00.000Z'));
    await run();
    expect(arrived(domain)).toHaveLength(7);
    clock.set(new Date('2030-03-13T00:00:00.000Z'));
    await run();
    expect(arrived(domain)).toHaveLength(9);
    expect((await api(p, 'GET', `/campaigns/${id}`)).json().status).toBe('SENT');
  });

  it('plans the warm-up: the smaller of its cap and the daily cap, today first, rounded down', async () => {
    clock.set(new Date('2030-03-12T12:00:00.000Z'));
    const p = await project('warmup.test', {
      timezone: 'America/Los_Angeles',
      warmup: { startedOn: '2030-03-11', startPerDay: 2, growthPercent: 50 },
    });
    // Day 1 of the warm-up in Los Angeles: 2 × 1.5^d for d = 1 … 7.
    const caps = [3, 4, 6, 10, 15, 22, 34];
    const first = await plan(p);
    expect(first.today).toEqual({ date: '2030-03-12', cap: 3, sent: 0, remaining: 3 });
    expect(first.next7Days.map((d: { cap: number }) => d.cap)).toEqual(caps);
    expect(first.next7Days[6].date).toBe('2030-03-18');
    await settings(p, { dailyMarketingCap: 5 });
    expect((await plan(p)).next7Days.map((d: { cap: number }) => d.cap)).toEqual([3, 4, 5, 5, 5, 5, 5]);
    await settings(p, { warmup: null, dailyMarketingCap: null });
    expect((await plan(p)).today).toEqual({ date: '2030-03-12', cap: null, sent: 0, remaining: null });
  });
});
