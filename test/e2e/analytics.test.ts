// Invariant: /analytics/timeseries counts every email once per metric, in the bucket holding the time
// it happened (first times only), for UTC hours and for local days of the caller's zone across a DST
// change, every bucket present (zeros in gaps); the counters behind it follow the real write paths
// (send, delivery report, open and click links, bounce); bad ranges and zones are 422s that change
// nothing; another project's mail never shows.
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../src/lib/clock.ts';
import { DIALECTS, useTestEnv } from '../env.ts';
import type { TestProject } from '../factories.ts';
import { mailAt } from './analytics-helpers.ts';
import { expectError } from './support.ts';

const ZERO = { sent: 0, delivered: 0, opened: 0, clicked: 0, bounced: 0, complained: 0 };

describe.each(DIALECTS)('analytics timeseries on %s', (dialect) => {
  const clock = manualClock(new Date('2026-03-01T00:00:00.000Z'));
  const t = useTestEnv({ dialect, clock });
  const mail = mailAt(t, clock);
  const get = (p: TestProject, url: string) => t.app.inject({ url, headers: { authorization: p.auth } });
  let p: TestProject;
  let other: TestProject;

  // The fixture, by hand (New York switches to EDT at 2026-03-08T07:00Z):
  //   e1 sent 03-07 23:30Z, delivered 03-08 00:10Z, opened 06:59Z (and again later), clicked 07:00Z (twice)
  //   e2 sent 03-08 04:59Z, hard bounce 05:00Z
  //   e3 sent 03-09 03:30Z, opened 04:00Z (delivery proven by the open)
  //   e4 sent 03-10 12:00Z
  async function fixture() {
    p = await t.make.project();
    other = await t.make.project();
    const e1 = await mail.send(p, 'ann@example.test', '2026-03-07T23:30:00.000Z');
    await mail.deliver(e1, '2026-03-08T00:10:00.000Z');
    const e2 = await mail.send(p, 'bob@example.test', '2026-03-08T04:59:00.000Z');
    await mail.bounce(e2, '2026-03-08T05:00:00.000Z');
    await mail.open(p, e1, '2026-03-08T06:59:00.000Z');
    await mail.click(p, e1, '2026-03-08T07:00:00.000Z');
    await mail.click(p, e1, '2026-03-08T07:30:00.000Z');
    await mail.open(p, e1, '2026-03-09T10:00:00.000Z');
    const e3 = await mail.send(p, 'cid@example.test', '2026-03-09T03:30:00.000Z');
    await mail.open(p, e3, '2026-03-09T04:00:00.000Z');
    await mail.send(p, 'dee@example.test', '2026-03-10T12:00:00.000Z');
    // Another project's mail in the same hours.
    const x = await mail.send(other, 'ann@example.test', '2026-03-08T04:30:00.000Z');
    await mail.open(other, x, '2026-03-08T06:30:00.000Z');
  }

  it('counts UTC days by hand, each email once per metric', async () => {
    await fixture();
    const res = await get(p, '/analytics/timeseries?from=2026-03-06&to=2026-03-11&interval=day');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      interval: 'day',
      timezone: 'UTC',
      from: '2026-03-06T00:00:00.000Z',
      to: '2026-03-12T00:00:00.000Z',
    });
    expect(body.data.map((b: { label: string }) => b.label)).toEqual([
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
    ]);
    expect(body.data.map(({ start, label, ...counts }: Record<string, unknown>) => counts)).toEqual([
      ZERO,
      { ...ZERO, sent: 1 },
      { ...ZERO, sent: 1, delivered: 1, opened: 1, clicked: 1, bounced: 1 },
      { ...ZERO, sent: 1, delivered: 1, opened: 1 },
      { ...ZERO, sent: 1 },
      ZERO,
    ]);
    expect(body.totals).toEqual({ ...ZERO, sent: 4, delivered: 2, opened: 2, clicked: 1, bounced: 1 });
  });

  it('counts New York days across the spring-forward change (a 23-hour day)', async () => {
    const res = await get(
      p,
      '/analytics/timeseries?from=2026-03-07&to=2026-03-10&interval=day&timezone=America/New_York',
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.timezone).toBe('America/New_York');
    expect(body.data.map((b: { label: string; start: string }) => [b.label, b.start])).toEqual([
      ['2026-03-07', '2026-03-07T05:00:00.000Z'],
      ['2026-03-08', '2026-03-08T05:00:00.000Z'],
      ['2026-03-09', '2026-03-09T04:00:00.000Z'],
      ['2026-03-10', '2026-03-10T04:00:00.000Z'],
    ]);
    expect(body.to).toBe('2026-03-11T04:00:00.000Z');
    expect(body.data.map(({ start, label, ...counts }: Record<string, unknown>) => counts)).toEqual([
      { ...ZERO, sent: 2, delivered: 1 },
      { ...ZERO, sent: 1, opened: 1, clicked: 1, bounced: 1 },
      { ...ZERO, delivered: 1, opened: 1 },
      { ...ZERO, sent: 1 },
    ]);
  });

  it('counts hours, labelled in local time across the change, with empty hours as zeros', async () => {
    const url = '/analytics/timeseries?interval=hour&from=2026-03-08T04:00:00Z&to=2026-03-08T08:00:00Z';
    const utc = (await get(p, url)).json();
    expect(utc.data.map(({ start, label, ...counts }: Record<string, unknown>) => [start, counts])).toEqual([
      ['2026-03-08T04:00:00.000Z', { ...ZERO, sent: 1 }],
      ['2026-03-08T05:00:00.000Z', { ...ZERO, bounced: 1 }],
      ['2026-03-08T06:00:00.000Z', { ...ZERO, opened: 1 }],
      ['2026-03-08T07:00:00.000Z', { ...ZERO, clicked: 1 }],
    ]);
    const ny = (await get(p, `${url}&timezone=America/New_York`)).json();
    expect(ny.data.map((b: { label: string }) => b.label)).toEqual([
      '2026-03-07T23:00-05:00',
      '2026-03-08T00:00-05:00',
      '2026-03-08T01:00-05:00',
      '2026-03-08T03:00-04:00',
    ]);
    const quiet = (
      await get(p, '/analytics/timeseries?interval=hour&from=2026-03-11T00:00:00Z&to=2026-03-11T03:00:00Z')
    ).json();
    expect(quiet.data).toHaveLength(3);
    expect(quiet.totals).toEqual(ZERO);
  });

  it("never counts another project's mail", async () => {
    const mine = (await get(other, '/analytics/timeseries?from=2026-03-06&to=2026-03-11')).json();
    expect(mine.totals).toEqual({ ...ZERO, sent: 1, delivered: 1, opened: 1 });
    const fresh = await t.make.project();
    expect((await get(fresh, '/analytics/timeseries?from=2026-03-06&to=2026-03-11')).json().totals).toEqual(ZERO);
  });

  it('defaults to the current day and the 29 before it, or the current hour and the 23 before it', async () => {
    clock.set(new Date('2026-03-11T10:15:00.000Z'));
    const days = (await get(p, '/analytics/timeseries')).json();
    expect(days.data).toHaveLength(30);
    expect(days.data.at(-1).label).toBe('2026-03-11');
    expect(days.totals.sent).toBe(4);
    const hours = (await get(p, '/analytics/timeseries?interval=hour')).json();
    expect(hours.data).toHaveLength(24);
    expect(hours.data.at(-1).start).toBe('2026-03-11T10:00:00.000Z');
  });

  it('refuses bad zones, intervals, dates and ranges beyond the limits with 422', async () => {
    const bad = [
      'timezone=Mars/Olympus',
      'interval=week',
      'from=yesterday',
      'from=2026-02-30',
      'from=2026-03-10&to=2026-03-09',
      'from=2025-01-01&to=2026-03-01',
      'interval=hour&from=2026-01-01&to=2026-02-05',
      'from=0050-01-01&to=0050-01-02',
    ];
    for (const q of bad) {
      expectError(await get(p, `/analytics/timeseries?${q}`), 422, 'VALIDATION_ERROR');
    }
    expect((await get(p, '/analytics/timeseries?interval=hour&from=2026-01-01&to=2026-01-31')).statusCode).toBe(200);
    expect((await get(p, '/analytics/timeseries?from=2025-03-01&to=2026-03-01')).statusCode).toBe(200);
    const last = await get(p, '/analytics/timeseries?from=9999-12-30&to=9999-12-31');
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().totals).toEqual(ZERO);
  });

  it('needs a secret key', async () => {
    expectError(await t.app.inject({ url: '/analytics/timeseries' }), 401, 'MISSING_AUTH');
  });
});
