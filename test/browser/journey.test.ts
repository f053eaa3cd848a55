/**
 * One person's first day, through the dashboard only, on a fresh database: sign up, create a
 * project, add and verify a sending domain (loopback DNS), import a CSV and watch its progress,
 * build a segment, send a campaign to it and see its stats (matching the capture outbox), build and
 * enable a workflow and see an execution, rotate the keys and invite a member. The API is used only
 * to check what the screens claim, and for what a person does outside the dashboard (publishing
 * DNS records, an app tracking an event).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { useBrowserEnv } from './harness.ts';

type Rec = { type: string; name: string; value: string };

const CSV = [
  'email,plan,name',
  'ann@shop.test,pro,Ann',
  'bob@shop.test,pro,Bob',
  'cat@shop.test,free,Cat',
  'broken-address,pro,Nobody',
].join('\n');

async function heading(page: Page, name: string | RegExp) {
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

/** Goes to a section through the sidebar, as a person would. */
async function open(page: Page, section: string) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: section, exact: true }).click();
}

describe.each(DIALECTS)('the first-day journey on %s', (dialect) => {
  const t = useBrowserEnv({ dialect, name: 'journey' });
  const domain = `journey-${dialect}.test`;
  let projectId = '';
  let secretKey = '';
  const asOwner = <T>(method: string, path: string, body?: unknown) => t.call<T>(method, path, body, projectId);
  const outbox = async (to: string) => {
    const res = await fetch(`${t.url}/outbox?to=${encodeURIComponent(to)}`, {
      headers: { authorization: `Bearer ${secretKey}` },
    });
    return ((await res.json()) as { data: Array<{ subject: string; html: string }> }).data;
  };

  it('signs up and creates a project', { timeout: 60_000 }, async () => {
    const { page } = t;
    await page.goto('/signup');
    await page.getByLabel('Email').fill(`owner-${dialect}@example.com`);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByLabel('Project name').fill('Corner Shop');
    await page.getByRole('button', { name: 'Create project' }).click();
    secretKey = (await page.getByTestId('secret-key').textContent()) ?? '';
    expect(secretKey).toMatch(/^sk_/);
    await page.getByRole('button', { name: 'Continue to the project' }).click();
    await heading(page, 'Overview');
    projectId = new URL(page.url()).pathname.split('/')[2]!;
    await page.getByText('0 of 9 done').waitFor();
    await t.screenshot('overview');
  });

  it('adds a domain, publishes its records and verifies it', { timeout: 60_000 }, async () => {
    const { page } = t;
    await open(page, 'Domains');
    await heading(page, 'Domains');
    await page.getByRole('button', { name: 'Add domain' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a domain' });
    await dialog.getByLabel('Domain').fill(domain);
    await dialog.getByRole('button', { name: 'Add domain' }).click();
    await heading(page, domain);
    // What a person does at their DNS provider: publish the records the screen lists.
    const [created] = await asOwner<Array<{ records: Rec[] }>>('GET', `/domains/project/${projectId}`);
    for (const r of created!.records) if (r.type === 'TXT') t.dns.set(r.name, 'TXT', [r.value]);
    await page.getByRole('button', { name: 'Verify now' }).click();
    await page.getByText(`${domain} is verified`).waitFor();
    await t.screenshot('domain-verified');
  });

  it('imports contacts from a CSV and watches the progress', { timeout: 60_000 }, async () => {
    const { page } = t;
    await open(page, 'Contacts');
    await heading(page, 'Contacts');
    await page.getByRole('link', { name: 'Import CSV' }).first().click();
    await heading(page, 'Import contacts');
    await page
      .getByLabel('Choose a CSV file')
      .setInputFiles({ name: 'shop.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByRole('button', { name: 'Start import' }).click();
    await page.getByRole('progressbar', { name: 'Import progress' }).waitFor();
    await page.getByText('Import finished: 4 rows read').waitFor({ timeout: 30_000 });
    await page.getByRole('table', { name: 'Skipped rows' }).getByText('broken-address').waitFor();
    await t.screenshot('import-done');
    const contacts = await asOwner<{ data: unknown[] }>('GET', '/contacts?limit=10');
    expect(contacts.data).toHaveLength(3);
  });

  it('builds a segment with a live count', { timeout: 60_000 }, async () => {
    const { page } = t;
    await open(page, 'Segments');
    await page.getByRole('link', { name: 'New segment' }).first().click();
    await page.getByLabel('Name').fill('Pro customers');
    await page.getByRole('button', { name: 'Add condition', exact: true }).click();
    const condition = page.getByRole('group', { name: 'Condition 1', exact: true });
    await condition.getByLabel('Field').selectOption('data.plan');
    await condition.getByLabel('Operator').selectOption('equals');
    await condition.getByLabel('Value').fill('pro');
    await page.getByText('2 subscribed').waitFor();
    await page.getByRole('button', { name: 'Create segment' }).click();
    await heading(page, 'Pro customers');
    const members = page.getByRole('table', { name: 'Members of Pro customers' });
    await members.getByRole('link', { name: 'ann@shop.test' }).waitFor();
    await members.getByRole('link', { name: 'bob@shop.test' }).waitFor();
    await t.screenshot('segment');
  });

  it('sends a campaign to the segment and shows its stats', { timeout: 120_000 }, async () => {
    const { page } = t;
    await asOwner('POST', '/templates', {
      name: 'Pro news',
      type: 'MARKETING',
      subject: 'News for {{ name ?? "you" }}',
      body: '<h1>Hello {{ name ?? "there" }}</h1><p><a href="https://example.com/pro">Read more</a></p>',
    });
    await open(page, 'Campaigns');
    await page.getByRole('link', { name: 'New campaign' }).first().click();
    await heading(page, 'New campaign');
    await page.getByLabel('Name', { exact: true }).fill('Pro launch');
    await page.getByLabel('From address').fill(`news@${domain}`);
    await page.getByLabel('Start from a template').selectOption({ label: 'Pro news' });
    await page.getByRole('radio', { name: /A segment/ }).check();
    await page.getByLabel('Segment', { exact: true }).selectOption({ label: 'Pro customers (2 members)' });
    await expect.poll(() => page.getByTestId('audience-count').textContent()).toBe('2');
    await page.getByRole('button', { name: 'Save draft' }).first().click();
    await heading(page, 'Pro launch');
    await page.getByRole('button', { name: 'Send now' }).click();
    await page
      .getByRole('dialog', { name: 'Send it now?' })
      .getByRole('button', { name: 'Send to 2 contacts' })
      .click();
    await page.getByText('Sent to 2 contacts').waitFor({ timeout: 60_000 });

    // The outbox has exactly what the screen says: one email each to Ann and Bob, none to Cat.
    expect((await outbox('ann@shop.test')).map((m) => m.subject)).toEqual(['News for Ann']);
    expect((await outbox('bob@shop.test')).map((m) => m.subject)).toEqual(['News for Bob']);
    expect(await outbox('cat@shop.test')).toEqual([]);
    // Ann opens it: the stats on screen follow.
    const pixel = /src="([^"]+\/t\/o\/[^"]+)"/.exec((await outbox('ann@shop.test'))[0]!.html)?.[1];
    expect(pixel).toBeTruthy();
    await fetch(pixel!.replaceAll('&amp;', '&'));
    await expect
      .poll(
        async () => {
          await page.reload();
          await heading(page, 'Pro launch');
          return page.getByText('50% open rate').count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await t.screenshot('campaign-stats');
  });

  it('builds and enables a workflow, and sees an execution', { timeout: 90_000 }, async () => {
    const { page } = t;
    await open(page, 'Workflows');
    await page.getByRole('button', { name: 'New workflow' }).click();
    const dialog = page.getByRole('dialog', { name: 'New workflow' });
    await dialog.getByLabel('Name').fill('Order follow-up');
    await dialog.getByLabel('Trigger event').fill('order.placed');
    await dialog.getByRole('button', { name: 'Create and open' }).click();
    await page.waitForURL(/\/workflows\/[\w-]+$/);
    await page.locator('.react-flow__node', { hasText: 'When order.placed is tracked' }).waitFor();
    await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByRole('button', { name: /^Update contact/ }).click();
    const panel = page.getByRole('complementary', { name: 'New update contact step' });
    await panel.getByRole('button', { name: 'Add a field' }).click();
    await panel.getByLabel('Field 1').fill('tier');
    await panel.getByLabel('Value 1').fill('gold');
    // The panel preselects the trigger's way out once the graph has loaded.
    await expect.poll(() => panel.getByLabel('Comes after').inputValue()).toMatch(/:next$/);
    await panel.getByRole('button', { name: 'Add step' }).click();
    await page.locator('.react-flow__node', { hasText: 'Sets tier' }).waitFor();
    await expect.poll(() => page.locator('.react-flow__edge').count()).toBe(1);
    await page.getByRole('switch', { name: 'Enabled' }).click();
    await page.getByText('Workflow enabled').waitFor();
    await t.screenshot('workflow');

    // The shop's app tracks an order for Ann: the workflow runs for her.
    const res = await fetch(`${t.url}/v1/track`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ann@shop.test', event: 'order.placed' }),
    });
    expect(res.status).toBe(200);
    await page.getByRole('link', { name: 'Executions' }).click();
    const row = page.getByRole('row', { name: /ann@shop\.test/ });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Completed');
    await t.screenshot('workflow-executions');
    const ann = await asOwner<{ data: Array<{ data: Record<string, unknown> }> }>(
      'GET',
      '/contacts?search=ann@shop.test',
    );
    expect(ann.data[0]!.data).toMatchObject({ tier: 'gold' });
  });

  it('rotates the keys and invites a member', { timeout: 60_000 }, async () => {
    const { page } = t;
    await page.goto(`/p/${projectId}/settings/keys`);
    await heading(page, 'Settings');
    await page.getByRole('button', { name: 'Rotate keys' }).click();
    await page
      .getByRole('dialog', { name: 'Rotate both API keys?' })
      .getByRole('button', { name: 'Rotate keys' })
      .click();
    const fresh =
      (await page.getByRole('dialog', { name: 'Your new keys' }).getByTestId('secret-key').textContent()) ?? '';
    const withKey = (key: string) => fetch(`${t.url}/contacts`, { headers: { authorization: `Bearer ${key}` } });
    expect((await withKey(secretKey)).status).toBe(401);
    expect((await withKey(fresh)).status).toBe(200);
    secretKey = fresh;
    await page.getByRole('button', { name: 'I have saved the secret key' }).click();

    await page.goto(`/p/${projectId}/settings/members`);
    const teammate = `teammate-${dialect}@example.com`;
    await page.getByLabel('Email address').fill(teammate);
    await page.getByLabel('Role', { exact: true }).selectOption('MEMBER');
    await page.getByRole('button', { name: 'Invite' }).click();
    await page
      .getByRole('table', { name: 'Pending invitations' })
      .getByRole('row')
      .filter({ hasText: teammate })
      .waitFor();
    const team = await asOwner<{ invites: Array<{ email: string }> }>('GET', `/projects/${projectId}/members`);
    expect(team.invites.map((i) => i.email)).toEqual([teammate]);
    await t.screenshot('members');
  });
});
