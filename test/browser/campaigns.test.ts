/**
 * Campaigns in the dashboard, with a sender on a domain verified through the loopback DNS server:
 * writing one from a template to a segment while the audience count follows, the API's refusals on
 * the form, Ctrl+S saving the draft, a test send, sending it now and watching it finish, its
 * results matching the captured mail (an open and a click included), and a copy scheduled and
 * cancelled; every screen reloads.
 */
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { useBrowserEnv } from './harness.ts';

type Campaign = { id: string; name: string; status: string; audienceType: string; segmentId: string | null };
type Outbox = { data: Array<{ to: string; subject: string; html: string }>; total: number };
type Rec = { type: string; name: string; value: string };

describe.each(DIALECTS)('dashboard campaigns on %s', (dialect) => {
  const t = useBrowserEnv({ dialect, name: 'campaigns', env: { REQUIRE_VERIFIED_DOMAIN: 'true' } });
  let projectId = '';
  let secretKey = '';
  let me = '';
  let segmentId = '';
  const call = <T>(method: string, path: string, body?: unknown) => t.call<T>(method, path, body, projectId);
  /** The rendered body in the preview frame. */
  const preview = () => t.page.frameLocator('iframe[title="Email preview"]');
  const outbox = async (to: string): Promise<Outbox> => {
    const res = await fetch(`${t.url}/outbox?to=${encodeURIComponent(to)}`, {
      headers: { authorization: `Bearer ${secretKey}` },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Outbox;
  };

  it('writes a campaign to a segment, tests it, sends it and shows its results', { timeout: 120_000 }, async () => {
    const { page } = t;
    ({ projectId, secretKey, email: me } = await t.signUpWithProject('Campaigns'));
    // A verified sending domain: its records published on the loopback DNS server, then checked.
    const domain = await call<{ id: string; records: Rec[] }>('POST', '/domains', { domain: 'news.test' });
    for (const r of domain.records) if (r.type === 'TXT') t.dns.set(r.name, 'TXT', [r.value]);
    expect((await call<{ verified: boolean }>('GET', `/domains/${domain.id}/verify`)).verified).toBe(true);
    // One email a second, so the send lasts long enough to watch.
    await t.call('PATCH', `/users/@me/projects/${projectId}`, { sendRatePerSecond: 1 });
    const people = [
      { email: 'ann@shop.test', data: { plan: 'pro', name: 'Ann' } },
      { email: 'bob@shop.test', data: { plan: 'pro' } },
      { email: 'eve@shop.test', data: { plan: 'pro' } },
      { email: 'dan@shop.test', data: { plan: 'pro' }, subscribed: false },
      { email: 'cat@shop.test', data: { plan: 'free' } },
    ];
    for (const p of people) await call('POST', '/contacts', p);
    const pro = { operator: 'AND', conditions: [{ field: 'data.plan', operator: 'equals', value: 'pro' }] };
    segmentId = (await call<{ id: string }>('POST', '/segments', { name: 'Pro customers', filters: pro })).id;
    await call('POST', '/templates', {
      name: 'Spring news',
      type: 'MARKETING',
      subject: 'Spring is here, {{ name ?? "friend" }}',
      body: '<h1>Hello {{ name ?? "friend" }}</h1><p><a href="https://example.com/spring">See what is new</a></p>',
    });

    await page.goto(`/p/${projectId}/campaigns`);
    await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();
    await page.getByText('No campaigns yet').waitFor();
    await t.reloadShows('Campaigns');
    await t.screenshot('empty');

    await page.getByRole('link', { name: 'New campaign' }).first().click();
    await page.getByRole('heading', { name: 'New campaign' }).waitFor();
    await t.reloadShows('New campaign');
    // Nothing filled in: the form says what is missing, field by field.
    await page.getByRole('button', { name: 'Save draft' }).first().click();
    await page.getByText('Give the campaign a name.').waitFor();
    await page.getByText('Enter the address it is sent from.').waitFor();

    await page.getByLabel('Name', { exact: true }).fill('Spring launch');
    await page.getByLabel('From address').fill('news@elsewhere.test');
    await page.getByText('elsewhere.test is not a verified domain of this project').waitFor();
    await page.getByLabel('From name').fill('Acme News');
    await page.getByLabel('Start from a template').selectOption({ label: 'Spring news' });
    expect(await page.getByLabel('Subject').inputValue()).toBe('Spring is here, {{ name ?? "friend" }}');
    await expect.poll(() => page.getByTestId('preview-subject').textContent()).toContain('Spring is here');

    // The audience: everyone first, then a filter, then the segment; the count follows each.
    const count = page.getByTestId('audience-count');
    await expect.poll(() => count.textContent()).toBe('4');
    await page.getByRole('radio', { name: /A filter/ }).check();
    await page.getByRole('button', { name: 'Add condition', exact: true }).click();
    const row = page.getByRole('group', { name: 'Condition 1', exact: true });
    await row.getByLabel('Field').selectOption('email');
    await row.getByLabel('Operator').selectOption('startsWith');
    await row.getByLabel('Value').fill('ann');
    await expect.poll(() => count.textContent()).toBe('1');
    await page.getByRole('radio', { name: /A segment/ }).check();
    await page.getByText('Choose a segment to see who it reaches.').waitFor();
    await page.getByLabel('Segment', { exact: true }).selectOption(segmentId);
    await expect.poll(() => count.textContent()).toBe('3');
    await page.getByText('4 match; 1 unsubscribed or suppressed is skipped.').waitFor();
    await preview().getByRole('heading', { name: 'Hello friend' }).waitFor();
    await t.screenshot('new');
    await page.setViewportSize({ width: 1024, height: 860 });
    await t.screenshot('new-1024');
    await page.setViewportSize({ width: 1280, height: 860 });

    // The API refuses a sender off the verified domains: its message lands on the field.
    await page.getByRole('button', { name: 'Save draft' }).first().click();
    await page.getByText('The sender news@elsewhere.test is not on a verified domain of this project.').waitFor();
    await page.getByLabel('From address').fill('news@news.test');
    await page.getByRole('button', { name: 'Save draft' }).first().click();
    await page.getByRole('heading', { name: 'Spring launch', level: 1 }).waitFor();
    const id = page.url().split('/').at(-1)!;
    const saved = await call<Campaign>('GET', `/campaigns/${id}`);
    expect(saved).toMatchObject({ status: 'DRAFT', audienceType: 'SEGMENT', segmentId, from: 'news@news.test' });
    await t.reloadShows('Spring launch');
    await page.getByRole('button', { name: 'Saved' }).waitFor();
    await preview().getByRole('link', { name: 'See what is new' }).waitFor();
    await t.screenshot('draft');

    // Ctrl+S (Cmd+S on a Mac) saves the draft, as it saves a template.
    await page.getByLabel('From name').fill('Acme Spring News');
    await page.getByRole('button', { name: 'Save draft' }).waitFor();
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByRole('button', { name: 'Saved' }).waitFor();
    expect((await call<{ fromName: string }>('GET', `/campaigns/${id}`)).fromName).toBe('Acme Spring News');

    // Edit and send a test: the change is saved first, the test goes to me only.
    await page.getByLabel('Description').fill('Announces the spring range');
    await page.getByRole('button', { name: 'Send test' }).click();
    const testDialog = page.getByRole('dialog', { name: 'Send a test email' });
    await testDialog.waitFor();
    expect(await testDialog.getByLabel('Send the test to').inputValue()).toBe(me);
    await testDialog.getByRole('button', { name: 'Send test' }).click();
    await page.getByText(`Test sent to ${me}`).waitFor();
    expect((await call<{ description: string }>('GET', `/campaigns/${id}`)).description).toBe(
      'Announces the spring range',
    );
    await expect
      .poll(async () => (await outbox(me)).data.map((m) => m.subject))
      .toEqual(['[TEST] Spring is here, friend']);

    // Send now: the dialog counts the audience again; the screen follows the send to its end.
    await page.getByRole('button', { name: 'Send now' }).click();
    const sendDialog = page.getByRole('dialog', { name: 'Send it now?' });
    await expect.poll(() => sendDialog.getByTestId('send-count').textContent()).toBe('3');
    await sendDialog.getByRole('button', { name: 'Send to 3 contacts' }).click();
    const bar = page.getByRole('progressbar', { name: 'Send progress' });
    await bar.waitFor();
    await page.getByText(/\d of 3 sent/).waitFor();
    await t.screenshot('sending');
    await page.getByText('Sent to 3 contacts').waitFor({ timeout: 60_000 });
    expect(await bar.count()).toBe(0);
    expect((await call<Campaign>('GET', `/campaigns/${id}`)).status).toBe('SENT');

    // The mail went to the three subscribed pro customers, once each.
    const sent = await Promise.all(['ann', 'bob', 'eve', 'dan', 'cat'].map((n) => outbox(`${n}@shop.test`)));
    expect(sent.map((o) => o.total)).toEqual([1, 1, 1, 0, 0]);
    expect(sent[0]!.data[0]!.subject).toBe('Spring is here, Ann');

    // Ann opens it and clicks its link (through the tracking URLs in the captured HTML).
    const html = sent[0]!.data[0]!.html;
    const pixel = /src="([^"]*\/t\/o\/[^"]+)"/.exec(html)?.[1];
    const link = /href="([^"]*\/t\/c\/[^"]+)"/.exec(html)?.[1];
    expect(pixel && link).toBeTruthy();
    expect((await fetch(pixel!.replaceAll('&amp;', '&'))).status).toBe(200);
    const click = await fetch(link!.replaceAll('&amp;', '&'), { redirect: 'manual' });
    expect(click.headers.get('location')).toBe('https://example.com/spring');

    await t.reloadShows('Spring launch');
    const figures = page.getByTestId('campaign-figures');
    const figure = (label: string) =>
      figures.getByText(label, { exact: true }).locator('xpath=following-sibling::div[1]');
    await expect.poll(() => figure('Sent').textContent()).toBe('3');
    await expect.poll(() => figure('Opened').textContent()).toBe('1');
    await expect.poll(() => figure('Clicked').textContent()).toBe('1');
    expect(await figure('Bounced').textContent()).toBe('0');
    const stats = await call<Record<string, number>>('GET', `/campaigns/${id}/stats`);
    expect(stats).toMatchObject({ sentCount: 3, openedCount: 1, clickedCount: 1, bouncedCount: 0 });
    // The chart by hour, saying the time zone its buckets are written in.
    const overTime = page.getByRole('region', { name: /by hour/ });
    await overTime.getByText(/^Times in \S+/).waitFor();
    await overTime.getByRole('img', { name: /per hour/ }).waitFor();
    await page.getByText('33.3% open rate').waitFor();
    await preview().getByRole('heading', { name: 'Hello friend' }).waitFor();
    await t.screenshot('results');
    await page.setViewportSize({ width: 1024, height: 860 });
    await t.screenshot('results-1024');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('schedules a copy for later and cancels it back to a draft', { timeout: 120_000 }, async () => {
    const { page } = t;
    await page.goto(`/p/${projectId}/campaigns?status=SENT`);
    const table = page.getByRole('table', { name: 'Campaigns' });
    await table.getByRole('link', { name: 'Spring launch' }).click();
    await page.getByRole('heading', { name: 'Spring launch', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await page.getByRole('heading', { name: 'Spring launch (copy)', level: 1 }).waitFor();
    const copyId = page.url().split('/').at(-1)!;

    await page.getByRole('button', { name: 'Schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule the campaign' });
    await dialog.waitFor();
    // A time in the past is refused before anything is sent.
    await dialog.getByLabel('Send at').fill('2020-01-01T09:00');
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await dialog.getByText('Choose a time at least a minute from now.').waitFor();
    const at = new Date(Date.now() + 3 * 24 * 3600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T09:30`;
    await dialog.getByLabel('Send at').fill(local);
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await page.getByTestId('scheduled-at').waitFor();
    const scheduled = await call<Campaign & { scheduledAt: string }>('GET', `/campaigns/${copyId}`);
    expect(scheduled.status).toBe('SCHEDULED');
    expect(new Date(scheduled.scheduledAt).getTime()).toBe(new Date(local).getTime());
    await t.reloadShows('Spring launch (copy)');
    await page.getByRole('button', { name: 'Cancel schedule' }).waitFor();
    await preview().getByRole('heading', { name: 'Hello friend' }).waitFor();
    await t.screenshot('scheduled');

    await page.goto(`/p/${projectId}/campaigns`);
    await table.getByRole('link', { name: 'Spring launch (copy)' }).waitFor();
    const badges = await table.getByRole('row').allTextContents();
    expect(badges.some((r) => r.includes('Spring launch (copy)') && r.includes('Scheduled'))).toBe(true);
    expect(badges.some((r) => r.includes('Spring launch') && r.includes('Sent'))).toBe(true);
    await t.screenshot('list');
    await page.getByRole('tab', { name: 'Scheduled' }).click();
    await page.waitForURL(/status=SCHEDULED/);
    await expect.poll(() => table.getByRole('row').count()).toBe(2);

    await table.getByRole('link', { name: 'Spring launch (copy)' }).click();
    await page.getByRole('button', { name: 'Cancel schedule' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel the schedule?' })
      .getByRole('button', { name: 'Cancel schedule' })
      .click();
    await page.getByText('Cancelled: it is a draft again').waitFor();
    await page.getByRole('button', { name: 'Send now' }).waitFor();
    expect((await call<Campaign>('GET', `/campaigns/${copyId}`)).status).toBe('DRAFT');

    // Deleting the draft takes it off the list.
    await page.getByRole('button', { name: 'Delete campaign' }).click();
    await page
      .getByRole('dialog', { name: 'Delete “Spring launch (copy)”?' })
      .getByRole('button', { name: 'Delete campaign' })
      .click();
    await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();
    const left = await call<{ campaigns: Campaign[] }>('GET', '/campaigns');
    expect(left.campaigns.map((c) => c.name)).toEqual(['Spring launch']);
  });
});
