/**
 * Events, activity and analytics in the browser, over data made through the public API with the
 * secret key: tracked events, transactional sends, a campaign sent and one scheduled, opens and a
 * click through the tracking links of the captured messages. The events screen lists names, counts
 * and occurrences, tracks and deletes; the activity feed reads items with links, filters by type and
 * its live count picks up a new event; analytics shows the figures the API reports for what was sent.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { type BrowserEnv, useBrowserEnv } from './harness.ts';

interface Rec {
  type: string;
  name: string;
  value: string;
}
type Outbox = { data: Array<{ to: string; subject: string; html: string }> };
type Totals = { sent: number; delivered: number; opened: number; clicked: number; bounced: number; complained: number };

async function verifiedDomain(t: BrowserEnv, projectId: string, domain: string): Promise<void> {
  const added = await t.call<{ id: string; records: Rec[] }>('POST', '/domains', { domain }, projectId);
  for (const r of added.records) if (r.type === 'TXT') t.dns.set(r.name, 'TXT', [r.value]);
  const checked = await t.call<{ verified: boolean }>('GET', `/domains/${added.id}/verify`, undefined, projectId);
  expect(checked.verified).toBe(true);
}

/** The value of the Stat card labelled `label` inside `scope`. */
function stat(scope: Locator, label: string): Locator {
  return scope.locator(`xpath=.//div[./div[1][normalize-space()="${label}"]]/div[2]`);
}

describe.each(DIALECTS)('dashboard events, activity and analytics on %s', (dialect) => {
  const t = useBrowserEnv({ dialect, name: 'insights', env: { REQUIRE_VERIFIED_DOMAIN: 'true' } });
  let projectId = '';
  let key = '';
  const contacts: Record<string, string> = {};

  /** A public API call with the project's secret key. */
  async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${t.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const outbox = async (to: string) => (await api<Outbox>('GET', `/outbox?to=${encodeURIComponent(to)}`)).data;
  /** The messages to `to`, once `n` of them are captured. */
  async function captured(to: string, n: number) {
    await expect.poll(async () => (await outbox(to)).length, { timeout: 30_000 }).toBe(n);
    return outbox(to);
  }
  const pixelOf = (html: string) => /src="([^"]*\/t\/o\/[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
  const clickOf = (html: string) => /href="([^"]*\/t\/c\/[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');

  it('makes data through the API: events, sends, a campaign, opens and a click', { timeout: 120_000 }, async () => {
    const signup = await t.signUpWithProject('Insights');
    projectId = signup.projectId;
    key = signup.secretKey;
    await verifiedDomain(t, projectId, 'shop.test');

    for (const [email, plan] of [
      ['ada@example.com', 'pro'],
      ['bob@example.com', 'free'],
    ] as const) {
      const r = await api<{ data: { contact: string } }>('POST', '/v1/track', {
        email,
        event: 'signed_up',
        data: { plan },
      });
      contacts[email] = r.data.contact;
    }
    await api('POST', '/v1/track', { email: 'ada@example.com', event: 'upgraded', data: { plan: 'team' } });

    for (const to of ['ada@example.com', 'bob@example.com', 'cy@example.com']) {
      await api('POST', '/v1/send', {
        to,
        from: { email: 'hello@shop.test', name: 'Shop' },
        subject: 'Your receipt',
        body: '<p>Thanks! <a href="https://shop.test/orders">See your order</a></p>',
      });
    }
    const campaign = await api<{ data: { id: string } }>('POST', '/campaigns', {
      name: 'Spring news',
      subject: 'Spring is here',
      body: '<p>New arrivals. <a href="https://shop.test/new">Shop now</a></p>',
      from: 'news@shop.test',
      audienceType: 'ALL',
      type: 'MARKETING',
    });
    await api('POST', `/campaigns/${campaign.data.id}/send`, {});
    const later = await api<{ data: { id: string } }>('POST', '/campaigns', {
      name: 'Summer sale',
      subject: 'Summer sale',
      body: '<p>Soon.</p>',
      from: 'news@shop.test',
      audienceType: 'ALL',
      type: 'MARKETING',
    });
    await api('POST', `/campaigns/${later.data.id}/send`, {
      scheduledFor: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });

    // Ada: receipt and campaign (both opened, the receipt's link clicked). Bob: both, receipt opened. Cy: receipt.
    const ada = await captured('ada@example.com', 2);
    const bob = await captured('bob@example.com', 2);
    await captured('cy@example.com', 1);
    const receipt = (list: Outbox['data']) => list.find((m) => m.subject === 'Your receipt')!;
    const news = (list: Outbox['data']) => list.find((m) => m.subject === 'Spring is here')!;
    for (const url of [pixelOf(receipt(ada).html), pixelOf(news(ada).html), pixelOf(receipt(bob).html)]) {
      expect((await fetch(url)).status).toBe(200);
    }
    expect((await fetch(clickOf(receipt(ada).html), { redirect: 'manual' })).status).toBe(302);
    await expect
      .poll(async () => (await api<{ status: string }>('GET', `/campaigns/${campaign.data.id}`)).status, {
        timeout: 30_000,
      })
      .toBe('SENT');
  });

  it('lists event names with counts, shows one event, tracks and deletes', { timeout: 120_000 }, async () => {
    const { page } = t;
    await page.goto(`/p/${projectId}/events`);
    await page.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
    const names = page.getByRole('table', { name: 'Event names' });
    const signedUp = names.getByRole('row').filter({ has: page.getByRole('link', { name: 'signed_up' }) });
    await signedUp.waitFor();
    expect(await signedUp.getByRole('cell').nth(1).textContent()).toBe('2');
    await names.getByRole('link', { name: 'upgraded' }).waitFor();
    // System events (email.sent …) are hidden until asked for.
    expect(await names.getByRole('link', { name: 'email.sent' }).count()).toBe(0);
    await expect.poll(() => stat(page.locator('main'), 'Event names').textContent()).not.toBe('');
    await t.screenshot('events');
    await page.getByLabel(/Show system events/).check();
    await page.waitForURL(/system=1/);
    await names.getByRole('link', { name: 'email.sent' }).waitFor();
    await t.reloadShows('Events');
    await names.getByRole('link', { name: 'email.sent' }).waitFor();

    await names.getByRole('link', { name: 'signed_up' }).click();
    await page.getByRole('heading', { name: 'signed_up', level: 1 }).waitFor();
    const occurrences = page.getByRole('table', { name: 'Recent signed_up events' });
    await occurrences.getByRole('link', { name: 'ada@example.com' }).waitFor();
    await occurrences.getByRole('link', { name: 'bob@example.com' }).waitFor();
    expect(await occurrences.getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).toBe(
      `/p/${projectId}/contacts/${contacts['ada@example.com']}`,
    );
    await occurrences.getByText('plan: "pro"').waitFor();
    await page.getByText('No segment or workflow uses this event.').waitFor();
    await t.reloadShows('signed_up');
    await stat(page.locator('main'), 'Times tracked').getByText('2').waitFor();
    expect(await page.getByRole('button', { name: 'Delete events' }).isEnabled()).toBe(true);
    await t.screenshot('event-detail');

    await page.getByRole('button', { name: 'Track this event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Track an event' });
    await dialog.getByLabel('Contact email').fill('dee@example.com');
    await dialog.getByLabel('Data (JSON, optional)').fill('{ "plan": "pro" ');
    await dialog.getByRole('button', { name: 'Track event' }).click();
    await dialog.getByText(/Data is not valid JSON/).waitFor();
    await dialog.getByLabel('Data (JSON, optional)').fill('{ "plan": "pro" }');
    await dialog.getByRole('button', { name: 'Track event' }).click();
    await occurrences.getByRole('link', { name: 'dee@example.com' }).waitFor();
    await expect.poll(() => stat(page.locator('main'), 'Times tracked').textContent()).toBe('3');
    type Names = { names: Array<{ name: string; count: number }> };
    expect((await api<Names>('GET', '/events/names')).names.find((n) => n.name === 'signed_up')?.count).toBe(3);

    await page.goto(`/p/${projectId}/events/upgraded`);
    await page.getByRole('heading', { name: 'upgraded', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Delete events' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete every upgraded event?' });
    await confirm.getByRole('button', { name: 'Delete 1 event' }).click();
    await page.getByRole('heading', { name: 'Events', level: 1 }).waitFor();
    await names.getByRole('link', { name: 'signed_up' }).waitFor();
    await expect.poll(() => names.getByRole('link', { name: 'upgraded' }).count()).toBe(0);
    expect((await api<Names>('GET', '/events/names')).names.some((n) => n.name === 'upgraded')).toBe(false);

    await page.getByRole('tab', { name: 'Recent events' }).click();
    await page.waitForURL(/view=recent/);
    const recent = page.getByRole('table', { name: 'Recent events' });
    await recent.getByRole('link', { name: 'signed_up' }).first().waitFor();
    await t.reloadShows('Events');
    await recent.getByRole('link', { name: 'dee@example.com' }).waitFor();
    await t.screenshot('events-recent');
  });

  it('shows the activity feed, filters it, and picks up a new event live', { timeout: 120_000 }, async () => {
    const { page } = t;
    await page.goto(`/p/${projectId}/activity`);
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    const feed = page.getByRole('list', { name: 'Activity' });
    await feed.getByText('triggered').first().waitFor();
    const sent = feed.locator('li[data-activity-type="email.sent"]').filter({ hasText: 'cy@example.com' });
    await sent.getByText('“Your receipt”').waitFor();
    expect(await sent.getByRole('link', { name: 'cy@example.com' }).getAttribute('href')).toMatch(
      new RegExp(`^/p/${projectId}/contacts/[0-9a-f-]{36}$`),
    );
    const clicked = feed.locator('li[data-activity-type="email.clicked"]');
    await clicked.getByText('https://shop.test/orders').waitFor();
    const campaignSent = feed.locator('li[data-activity-type="campaign.sent"]');
    await campaignSent.getByRole('link', { name: 'Spring news' }).waitFor();
    expect(await campaignSent.getByRole('link', { name: 'Spring news' }).getAttribute('href')).toMatch(
      new RegExp(`^/p/${projectId}/campaigns/[0-9a-f-]{36}$`),
    );
    // Figures of the last 30 days, as the API counts them.
    type Stats = { byType: Array<{ type: string; count: number }> };
    const stats = await api<Stats>('GET', '/activity/stats');
    const count = (type: string) => String(stats.byType.find((b) => b.type === type)!.count);
    const figures = page.getByRole('region', { name: 'Figures, Last 30 days' });
    await expect.poll(() => stat(figures, 'Sent').textContent()).toBe(count('email.sent'));
    expect(await stat(figures, 'Opened').textContent()).toBe(count('email.opened'));
    expect(Number(count('email.sent'))).toBe(5);
    // Coming up: the scheduled campaign.
    await page
      .getByRole('region', { name: 'Scheduled campaigns' })
      .getByRole('link', { name: 'Summer sale' })
      .waitFor();
    await t.screenshot('activity');

    // A new event arrives: the live count offers it, and a click loads it on top.
    const before = await feed.locator('li[data-activity-type]').count();
    await api('POST', '/v1/track', { email: 'eve@example.com', event: 'checkout_started', data: { cart: 3 } });
    const fresh = page.getByRole('button', { name: /1 new item/ });
    await fresh.waitFor({ timeout: 20_000 });
    await t.screenshot('activity-new');
    await fresh.click();
    await feed.locator('li[data-activity-type]').first().getByRole('link', { name: 'checkout_started' }).waitFor();
    expect(await feed.locator('li[data-activity-type]').count()).toBeGreaterThan(before);
    await expect.poll(() => fresh.count()).toBe(0);

    await page.getByLabel('Activity type').selectOption('event.triggered');
    await page.waitForURL(/type=event\.triggered/);
    await expect
      .poll(
        async () =>
          new Set(
            await feed
              .locator('li[data-activity-type]')
              .evaluateAll((l) => l.map((e) => e.getAttribute('data-activity-type'))),
          ),
      )
      .toEqual(new Set(['event.triggered']));
    await t.reloadShows('Activity');
    expect(await page.getByLabel('Activity type').inputValue()).toBe('event.triggered');
    await feed.getByRole('link', { name: 'checkout_started' }).waitFor();
    await t.screenshot('activity-filtered');
  });

  it('shows analytics figures matching what was sent, with charts and rankings', { timeout: 120_000 }, async () => {
    const { page } = t;
    await page.goto(`/p/${projectId}/analytics`);
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const series = await api<{ totals: Totals }>(
      'GET',
      `/analytics/timeseries?interval=day&timezone=${encodeURIComponent(zone)}`,
    );
    expect(series.totals).toMatchObject({ sent: 5, opened: 3, clicked: 1, bounced: 0, complained: 0 });
    const figures = page.getByRole('region', { name: 'Figures, Last 30 days' });
    await expect.poll(() => stat(figures, 'Sent').textContent()).toBe('5');
    expect(await stat(figures, 'Opened').textContent()).toBe('3');
    expect(await stat(figures, 'Clicked').textContent()).toBe('1');
    expect(await stat(figures, 'Delivered').textContent()).toBe(String(series.totals.delivered));
    await figures.getByText('60% of sent').first().waitFor();
    await figures.getByText('20% of sent').waitFor();
    await page.locator('.recharts-surface').first().waitFor();
    await page.locator('.recharts-area').first().waitFor();
    const top = page
      .getByRole('region', { name: 'Top campaigns' })
      .or(page.locator('section', { hasText: 'Top campaigns' }));
    await top.getByRole('link', { name: 'Spring news' }).first().waitFor();
    await page.getByRole('link', { name: 'signed_up' }).waitFor();
    const breakdown = page.getByRole('table', { name: 'Campaign performance' });
    const spring = breakdown.getByRole('row').filter({ has: page.getByRole('link', { name: 'Spring news' }) });
    await spring.getByText('50%').first().waitFor();
    await t.screenshot('analytics');

    await page.getByLabel('Period').selectOption('24h');
    await page.waitForURL(/range=24h/);
    const day = page.getByRole('region', { name: 'Figures, Last 24 hours' });
    await expect.poll(() => stat(day, 'Sent').textContent()).toBe('5');
    await t.reloadShows('Analytics');
    await expect
      .poll(() => stat(page.getByRole('region', { name: 'Figures, Last 24 hours' }), 'Sent').textContent())
      .toBe('5');
    await page.locator('.recharts-area').first().waitFor();
    await t.screenshot('analytics-24h');

    // At 1024 px wide the screens still fit.
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.locator('.recharts-area').first().waitFor();
    await t.screenshot('analytics-1024');
    await page.goto(`/p/${projectId}/activity`);
    await page.getByRole('list', { name: 'Activity' }).waitFor();
    await t.screenshot('activity-1024');
    await page.setViewportSize({ width: 1280, height: 860 });
  });
});
