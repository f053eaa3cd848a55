/**
 * Optimization in the dashboard (beyond.md §9). Invariants: an A/B test set up in the campaign editor
 * (two variants, one with its own subject, one from a template) is saved as the API takes it, its
 * refusals land at their fields, and it reads back the same after a reload; a test decided by hand
 * shows WAITING once its test emails are out, and choosing the winner there sends it to the rest,
 * with the results per variant in a table; a send at a local time previews who goes out when, zone by
 * zone, and sends with { localTime, date }, the waiting emails showing when they go; the Sending
 * settings save a window, a cap and a warm-up and draw the next seven days' caps. Every screen is
 * saved at 1280 and 390 px wide, and none scrolls sideways on a phone.
 */
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { useBrowserEnv } from './harness.ts';

// What the page-side callback below uses of the browser: this file compiles without the DOM library.
declare const document: { documentElement: { scrollWidth: number; clientWidth: number } };

type Variant = { name: string; subject: string; templateId: string | null };
type Campaign = {
  id: string;
  status: string;
  variants: Variant[];
  abTest: {
    testPercent: number;
    metric: string;
    waitMinutes: number;
    decidedBy: string;
    phase: string | null;
    winner: string | null;
  } | null;
  localSend: { localTime: string; date: string } | null;
};
type Outbox = { data: Array<{ to: string; subject: string }>; total: number };

const PEOPLE = [
  { email: 'ann@shop.test', data: { name: 'Ann', timezone: 'America/New_York' } },
  { email: 'bob@shop.test', data: { timezone: 'Europe/Berlin' } },
  { email: 'cat@shop.test', data: { timezone: 'Asia/Tokyo' } },
  { email: 'dan@shop.test', data: {} },
];

/** A calendar date `days` from now in the browser-independent form the date input takes. */
const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(DIALECTS)('optimization in the dashboard on %s', (dialect) => {
  const t = useBrowserEnv({ dialect, name: 'optimization' });
  let projectId = '';
  let secretKey = '';
  let templateId = '';
  const call = <T>(method: string, path: string, body?: unknown) => t.call<T>(method, path, body, projectId);
  const outbox = async (to: string): Promise<Outbox> => {
    const res = await fetch(`${t.url}/outbox?to=${encodeURIComponent(to)}`, {
      headers: { authorization: `Bearer ${secretKey}` },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Outbox;
  };
  /** Screenshots at 1280 and at 390 px wide; at 390 the page must not scroll sideways. */
  const shoot = async (screen: string) => {
    await t.screenshot(screen);
    await t.page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => t.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
    await t.screenshot(`${screen}-390`);
    await t.page.setViewportSize({ width: 1280, height: 860 });
  };
  const campaign = (name: string, extra: Record<string, unknown> = {}) =>
    call<{ data: { id: string } }>('POST', '/campaigns', {
      name,
      subject: `${name} news`,
      body: '<p>News. <a href="https://example.com/news">Read more</a></p>',
      from: 'news@shop.test',
      audienceType: 'ALL',
      ...extra,
    });

  it('sets up an A/B test in the campaign editor and reads it back after a reload', { timeout: 120_000 }, async () => {
    const { page } = t;
    ({ projectId, secretKey } = await t.signUpWithProject('Optimize Co'));
    for (const p of PEOPLE) await call('POST', '/contacts', p);
    templateId = (
      await call<{ id: string }>('POST', '/templates', {
        name: 'Autumn offer',
        type: 'MARKETING',
        subject: 'Autumn offer inside',
        body: '<h1>Autumn</h1><p>20% off.</p>',
      })
    ).id;

    await page.goto(`/p/${projectId}/campaigns/new`);
    await page.getByRole('heading', { name: 'New campaign' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Autumn sale');
    await page.getByLabel('From address', { exact: true }).fill('news@shop.test');
    await page.getByLabel('Subject', { exact: true }).fill('Our autumn sale');
    await page.getByRole('switch', { name: 'Test variants before sending to everyone' }).click();

    const first = page.getByRole('group', { name: 'Variant 1', exact: true });
    const second = page.getByRole('group', { name: 'Variant 2', exact: true });
    expect(await first.getByLabel('Variant name').inputValue()).toBe('A');
    expect(await second.getByLabel('Variant name').inputValue()).toBe('B');
    await first.getByLabel('Variant subject').fill('Autumn: 20% off everything');
    await second.getByRole('radio', { name: 'A template' }).check();
    await second.getByLabel('Template', { exact: true }).selectOption({ label: 'Autumn offer' });
    await second.getByText('The subject comes from the template.').waitFor();
    await page.getByRole('radio', { name: /By hand/ }).check();
    // Over the API's limit: its refusal lands under the field.
    const percent = page.getByLabel('Test group (% of the audience)');
    await percent.fill('80');
    await page.getByRole('button', { name: 'Save draft' }).first().click();
    await expect.poll(() => percent.getAttribute('aria-invalid')).toBe('true');
    await shoot('ab-editor-error');
    await percent.fill('50');
    await page.getByText('50% of the audience gets the test, about 25% for each variant').waitFor();
    await page.getByRole('button', { name: 'Save draft' }).first().click();
    await page.getByRole('heading', { name: 'Autumn sale', level: 1 }).waitFor();
    const id = page.url().split('/').at(-1)!;

    const saved = await call<Campaign>('GET', `/campaigns/${id}`);
    expect(saved.variants.map((v) => [v.name, v.subject, v.templateId])).toEqual([
      ['A', 'Autumn: 20% off everything', null],
      ['B', 'Autumn offer inside', templateId],
    ]);
    expect(saved.abTest).toMatchObject({ testPercent: 50, metric: 'OPENS', decidedBy: 'MANUAL' });

    await t.reloadShows('Autumn sale');
    await page.getByRole('button', { name: 'Saved' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Test variants before sending to everyone' }).isChecked()).toBe(true);
    expect(await first.getByLabel('Variant subject').inputValue()).toBe('Autumn: 20% off everything');
    expect(await first.getByRole('radio', { name: 'Same as the campaign' }).isChecked()).toBe(true);
    expect(await second.getByRole('radio', { name: 'A template' }).isChecked()).toBe(true);
    expect(await second.getByLabel('Template', { exact: true }).inputValue()).toBe(templateId);
    expect(await page.getByRole('radio', { name: /By hand/ }).isChecked()).toBe(true);
    expect(await percent.inputValue()).toBe('50');
    await shoot('ab-editor');

    // A third variant with content of its own, then taken away again: the draft is as saved.
    await page.getByRole('button', { name: 'Add variant' }).click();
    const third = page.getByRole('group', { name: 'Variant 3', exact: true });
    await third.getByRole('radio', { name: 'Its own content' }).check();
    await third.getByLabel('HTML body').waitFor();
    await third.getByRole('button', { name: 'Remove variant 3' }).click();
    await page.getByRole('button', { name: 'Saved' }).waitFor();
  });

  it('shows a test decided by hand waiting, and sends the winner chosen there', { timeout: 120_000 }, async () => {
    const { page } = t;
    const id = (
      await campaign('Winter sale', {
        variants: [
          { name: 'A', subject: 'Winter sale: A' },
          { name: 'B', subject: 'Winter sale: B' },
        ],
        abTest: { testPercent: 50, metric: 'OPENS', waitMinutes: 60, decidedBy: 'MANUAL' },
      })
    ).data.id;
    await call('POST', `/campaigns/${id}/send`, {});
    await expect
      .poll(async () => (await call<Campaign>('GET', `/campaigns/${id}`)).abTest?.phase, { timeout: 30_000 })
      .toBe('WAITING');

    await page.goto(`/p/${projectId}/campaigns/${id}`);
    await page.getByRole('heading', { name: 'Winter sale', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('ab-phase').textContent()).toContain('Choose the winner');
    const results = page.getByRole('table', { name: 'Results per variant' });
    await results.getByRole('row').filter({ hasText: 'A' }).first().waitFor();
    expect(await results.getByRole('row').count()).toBe(3); // the header and two variants
    const sentTotal = (await call<{ variants: Array<{ sent: number }> }>('GET', `/campaigns/${id}/stats`)).variants
      .map((v) => v.sent)
      .reduce((a, b) => a + b, 0);
    expect(sentTotal).toBe(2);
    await page.getByRole('list', { name: 'Open and click rate per variant' }).waitFor();
    await shoot('ab-waiting');

    await results.getByRole('button', { name: 'Choose B' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send B to the rest?' });
    await dialog.getByText('The other 2 contacts of the audience get variant B.').waitFor();
    await dialog.getByRole('button', { name: 'Send B to the rest' }).click();
    await page.getByText('B goes to the rest of the audience').waitFor();
    await page.getByTestId('ab-winner').getByText('Winner: B').waitFor();
    await expect
      .poll(async () => (await call<Campaign>('GET', `/campaigns/${id}`)).status, { timeout: 30_000 })
      .toBe('SENT');
    await expect.poll(() => page.getByTestId('ab-phase').textContent(), { timeout: 20_000 }).toContain('B won');
    await results.getByText('Winner').waitFor();
    expect(await results.getByRole('button', { name: /^Choose/ }).count()).toBe(0);
    // Everyone got it once: the two of the test one variant each, the other two B.
    const subjects = (await Promise.all(PEOPLE.map((p) => outbox(p.email)))).flatMap((o) =>
      o.data.map((m) => m.subject),
    );
    expect(subjects.filter((s) => s.startsWith('Winter sale'))).toHaveLength(4);
    expect(subjects.filter((s) => s === 'Winter sale: B').length).toBeGreaterThanOrEqual(3);
    await shoot('ab-done');

    // The email log names each email's variant.
    await page.goto(`/p/${projectId}/emails?campaignId=${id}`);
    await page.getByRole('heading', { name: 'Email log', level: 1 }).waitFor();
    const log = page.getByRole('table', { name: 'Emails, newest first' });
    await log.getByText('Variant B').first().waitFor();
    await log.getByText('Variant A').first().waitFor();
    await log.getByRole('row').filter({ hasText: 'Variant B' }).first().getByRole('link').click();
    await page.getByText('A/B variant').waitFor();
    await shoot('email-variant');
  });

  it('previews a send at a local time zone by zone, then sends it so', { timeout: 120_000 }, async () => {
    const { page } = t;
    const id = (await campaign('Morning letter')).data.id;
    const date = dateIn(3);
    await page.goto(`/p/${projectId}/campaigns/${id}`);
    await page.getByRole('heading', { name: 'Morning letter', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule the campaign' });
    await dialog.getByRole('radio', { name: /At a local time in each recipient’s time zone/ }).check();
    await dialog.getByLabel('Local time', { exact: true }).fill('09:00');
    await dialog.getByLabel('Date', { exact: true }).fill(date);
    await expect.poll(() => dialog.getByTestId('send-plan-total').textContent()).toBe('4 contacts in 4 time zones.');
    const plan = dialog.getByRole('table', { name: 'Recipients by time zone' });
    // The plan for the chosen date, not the one it showed before (tomorrow's).
    const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${date}T12:00:00Z`),
    );
    await expect.poll(() => plan.getByRole('row').nth(1).textContent()).toContain(`${day}, 9:00`);
    for (const zone of ['America/New York', 'Europe/Berlin', 'Asia/Tokyo', 'UTC']) {
      await plan.getByRole('cell', { name: zone, exact: true }).waitFor();
    }
    // Each zone's own 9:00, the earliest (Tokyo) first.
    const rows = await plan.getByRole('row').allTextContents();
    expect(rows[1]).toContain('Asia/Tokyo');
    expect(rows.slice(1).every((r) => /9:00/.test(r))).toBe(true);
    await shoot('local-send-preview');

    await dialog.getByRole('button', { name: 'Send at local times' }).click();
    await page.getByText(/Sending at 09:00 on .* in each recipient’s time zone/).waitFor();
    await page.getByTestId('local-send').waitFor();
    const sent = await call<Campaign>('GET', `/campaigns/${id}`);
    expect(sent.status).toBe('SENDING');
    expect(sent.localSend).toEqual({ localTime: '09:00', date });
    await shoot('local-send-sending');

    // The waiting emails say when they go.
    await page.goto(`/p/${projectId}/emails?campaignId=${id}`);
    const log = page.getByRole('table', { name: 'Emails, newest first' });
    await expect.poll(() => log.getByText(/^Scheduled for/).count(), { timeout: 20_000 }).toBe(4);
    await shoot('email-scheduled');
  });

  it('saves a send window, a cap and a warm-up, and draws the next 7 days’ caps', { timeout: 120_000 }, async () => {
    const { page } = t;
    await page.goto(`/p/${projectId}/settings`);
    await page.getByRole('navigation', { name: 'Settings pages' }).getByRole('link', { name: 'Sending' }).click();
    await page.getByLabel('Project time zone').waitFor();
    await expect.poll(() => page.getByTestId('sending-today').textContent()).toContain('no limit');
    await page.getByLabel('Project time zone').selectOption('Europe/Berlin');

    await page.getByRole('switch', { name: 'Send marketing mail only at certain times' }).click();
    expect(await page.getByRole('checkbox', { name: 'Monday' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Saturday' }).isChecked()).toBe(false);
    await page.getByRole('checkbox', { name: 'Friday' }).uncheck();
    await page.getByLabel('From', { exact: true }).fill('08:00');
    await page.getByLabel('Until', { exact: true }).fill('08:00');
    await page.getByRole('button', { name: 'Save sending settings' }).click();
    await page.getByText('The window must end at another time than it starts.').waitFor();
    await page.getByLabel('Until', { exact: true }).fill('20:00');

    await page.getByRole('switch', { name: 'Cap marketing mail per day' }).click();
    await page.getByLabel('Emails per day').fill('1,000');
    await page.getByRole('switch', { name: 'Warm up a new sending domain or IP' }).click();
    // The warm-up starts today in the project's zone.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    await page.getByLabel('Started on').fill(today);
    await page.getByLabel('Emails on the first day').fill('100');
    await page.getByLabel('Growth per day (%)').fill('50');
    await page.getByRole('button', { name: 'Save sending settings' }).click();
    await page.getByText('Sending settings saved.').waitFor();

    const project = (await t.call<Array<Record<string, unknown>>>('GET', '/users/@me/projects')).find(
      (p) => p.id === projectId,
    )!;
    expect(project).toMatchObject({
      timezone: 'Europe/Berlin',
      sendWindow: { days: ['MON', 'TUE', 'WED', 'THU'], start: '08:00', end: '20:00', timezone: 'Europe/Berlin' },
      dailyMarketingCap: 1000,
      warmup: { startedOn: today, startPerDay: 100, growthPercent: 50 },
    });

    // 100 × 1.5^d, rounded down, until the cap of 1,000 holds.
    const caps = page.getByRole('table', { name: /Marketing emails allowed per day/ });
    await expect
      .poll(() => caps.locator('tbody td:last-child').allTextContents())
      .toEqual(['100', '150', '225', '337', '506', '759', '1,000']);
    await expect.poll(() => page.getByTestId('sending-today').textContent()).toMatch(/of 100 marketing emails sent/);

    await t.reloadShows('Settings');
    expect(await page.getByLabel('Project time zone').inputValue()).toBe('Europe/Berlin');
    expect(await page.getByRole('checkbox', { name: 'Friday' }).isChecked()).toBe(false);
    expect(await page.getByLabel('Emails per day').inputValue()).toBe('1000');
    expect(await page.getByLabel('Growth per day (%)').inputValue()).toBe('50');
    await shoot('sending-settings');
  });

  it('makes a workflow wait until a local time on chosen days', { timeout: 120_000 }, async () => {
    const { page } = t;
    const workflow = await call<{ id: string; steps: Array<{ id: string }> }>('POST', '/workflows', {
      name: 'Morning nudge',
      eventName: 'signed_up',
    });
    const delay = await call<{ id: string }>('POST', `/workflows/${workflow.id}/steps`, {
      type: 'DELAY',
      config: { amount: 1, unit: 'days' },
    });
    await call('POST', `/workflows/${workflow.id}/transitions`, {
      fromStepId: workflow.steps[0]!.id,
      toStepId: delay.id,
    });
    await page.goto(`/p/${projectId}/workflows/${workflow.id}`);
    await page.getByRole('heading', { name: 'Morning nudge' }).waitFor();
    const node = (title: string) => page.locator('.react-flow__node', { hasText: title });
    await node('Waits 1 day').click();
    const panel = page.getByRole('complementary', { name: /Delay/ });
    await panel.getByRole('radio', { name: 'Until a local time' }).check();
    await panel.getByLabel('Local time', { exact: true }).fill('09:30');
    await panel.getByRole('checkbox', { name: 'Friday' }).check();
    await panel.getByRole('checkbox', { name: 'Monday' }).check();
    await shoot('delay-until');
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Step saved').waitFor();
    await node('Waits until 09:30 in the contact’s time zone on Mon, Fri').waitFor();
    const saved = await call<{ steps: Array<{ id: string; config: unknown }> }>('GET', `/workflows/${workflow.id}`);
    expect(saved.steps.find((s) => s.id === delay.id)!.config).toEqual({
      until: { localTime: '09:30', days: ['MON', 'FRI'] },
    });
    await t.reloadShows('Morning nudge');
    await node('Waits until 09:30').click();
    expect(await panel.getByRole('radio', { name: 'Until a local time' }).isChecked()).toBe(true);
    expect(await panel.getByLabel('Local time', { exact: true }).inputValue()).toBe('09:30');
  });
});
