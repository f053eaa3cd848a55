/**
 * The audit log and suppressions in the dashboard (beyond.md §10). Invariants: a template changed in
 * the dashboard shows in the Audit log as `template.updated` by that member, with the changed field
 * before and after side by side, the filters narrowing it and the CSV export carrying what is shown;
 * suppressions added in the dashboard are refused line by line as the API refuses them (nothing
 * added), then hold a send through the API, which the email log shows as SUPPRESSED naming the rule,
 * with a link to it; a rule is deleted after asking, an erased address never; a CSV import shows its
 * progress and then the line it refused; a MEMBER sees no Audit log and no suppression actions. Every
 * screen is saved at 1280 and 390 px wide, and none scrolls sideways on a phone.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { useBrowserEnv } from './harness.ts';

// What the page-side callback below uses of the browser: this file compiles without the DOM library.
declare const document: { documentElement: { scrollWidth: number; clientWidth: number } };

type Entry = { action: string; actor: { type: string; email?: string }; changes?: Record<string, unknown[]> };
type Rule = { id: string; address?: string; domain?: string; reason: string };
type Page<T> = { data: T[]; total: number };

const PASSWORD = 'correct horse battery staple';

async function signUpElsewhere(url: string, email: string): Promise<void> {
  const res = await fetch(`${url}/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status >= 300) throw new Error(`signup ${email}: ${res.status} ${await res.text()}`);
}

describe.each(DIALECTS)('audit log and suppressions in the dashboard on %s', (dialect) => {
  const t = useBrowserEnv({ dialect, name: 'teams-trust' });
  let projectId = '';
  let secretKey = '';
  let ownerEmail = '';
  const call = <T>(method: string, path: string, body?: unknown) => t.call<T>(method, path, body, projectId);
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
  // The API request context shares the page's cookies: this switches the browser's user.
  const signInAs = async (email: string) => {
    await t.call('GET', '/auth/logout');
    await t.call('POST', '/auth/login', { email, password: PASSWORD });
  };

  it('shows a template changed in the dashboard in the audit log, before and after', { timeout: 120_000 }, async () => {
    const { page } = t;
    ({ projectId, secretKey, email: ownerEmail } = await t.signUpWithProject('Trust Co'));
    const template = await call<{ id: string }>('POST', '/templates', {
      name: 'Welcome',
      type: 'MARKETING',
      subject: 'Welcome aboard',
      body: '<p>Hello there.</p>',
    });

    await page.goto(`/p/${projectId}/templates/${template.id}`);
    await page.getByRole('heading', { name: 'Welcome', level: 1 }).waitFor();
    await page.getByLabel('Subject', { exact: true }).fill('Welcome to Trust Co');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/^Saved /).waitFor();

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const log = page.getByRole('table', { name: 'Audit log, newest first' });
    const updated = log.getByRole('row').filter({ has: page.getByRole('button', { name: 'template.updated' }) });
    await updated.first().waitFor();
    expect(await updated.count()).toBe(1);
    await updated.getByText(ownerEmail).waitFor();
    // Newest first: the change is above the template's creation.
    const actions = await log.getByRole('button').allTextContents();
    expect(actions.indexOf('template.updated')).toBeLessThan(actions.indexOf('template.created'));
    await shoot('audit-log');

    await updated.getByRole('button', { name: 'template.updated' }).click();
    const dialog = page.getByRole('dialog', { name: 'template.updated' });
    const changes = dialog.getByRole('table', { name: 'Changed fields, before and after' });
    const subject = changes.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'subject' }) });
    await subject.waitFor();
    expect(await subject.getByRole('cell').allInnerTexts()).toEqual(['Welcome aboard', 'Welcome to Trust Co']);
    await dialog.getByText(ownerEmail).waitFor();
    await shoot('audit-entry');
    // On a phone each value is labelled, the header row being out of sight.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await subject.getByRole('cell').first().innerText()).toMatch(/^Before\s+Welcome aboard$/i);
    await page.setViewportSize({ width: 1280, height: 860 });
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The API holds the same entry.
    const entries = await call<Page<Entry>>('GET', '/audit-log?action=template.updated');
    expect(entries.data).toHaveLength(1);
    expect(entries.data[0]).toMatchObject({ actor: { type: 'USER', email: ownerEmail } });
    expect(entries.data[0]!.changes?.subject).toEqual(['Welcome aboard', 'Welcome to Trust Co']);

    // Filters, kept in the URL: every template action, then the one member.
    await page.getByLabel('Action', { exact: true }).selectOption('template.*');
    await page.waitForURL(/action=template\.\*/);
    await expect
      .poll(async () => (await log.getByRole('button').allTextContents()).sort())
      .toEqual(['template.created', 'template.updated']);
    await page.getByLabel('Person or key').selectOption({ label: ownerEmail });
    await page.waitForURL(/actor=/);
    await t.reloadShows('Audit log');
    await expect.poll(() => log.getByRole('button').count()).toBe(2);
    expect(await page.getByLabel('Action', { exact: true }).inputValue()).toBe('template.*');

    // The CSV export carries the filters: the two template entries, nothing else.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await readFile((await (await download).path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('id,at,actorType,actorId,actorEmail,ip,userAgent,action,resourceType,resourceId,changes');
    const exported = lines.slice(1).map((l) => /,(template\.\w+),/.exec(l)?.[1]);
    expect(exported.filter(Boolean)).toEqual(['template.updated', 'template.created']);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => log.getByRole('button').count()).toBeGreaterThan(2);
  });

  it('refuses a bad line by its number, then holds a send to a suppressed address', { timeout: 120_000 }, async () => {
    const { page } = t;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Suppressions' }).click();
    await page.getByRole('heading', { name: 'Suppressions', level: 1 }).waitFor();
    await page.getByText('Nothing is suppressed').waitFor();
    await shoot('suppressions-empty');

    await page.getByRole('button', { name: 'Add suppressions' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add suppressions' });
    const box = dialog.getByLabel('Addresses and domains');
    await box.fill('held@example.com\nnot-an-address@\n*@blocked.test');
    await dialog.getByRole('button', { name: 'Add suppressions' }).click();
    await dialog.getByText(/^Line 2: “not-an-address@” /).waitFor();
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    expect((await call<Page<Rule>>('GET', '/suppressions')).total).toBe(0);
    await shoot('suppressions-add-refused');

    await box.fill('held@example.com\n*@blocked.test');
    await dialog.getByLabel('Note (optional)').fill('Asked us to stop');
    await dialog.getByRole('button', { name: 'Add suppressions' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const rules = page.getByRole('table', { name: 'Suppression rules, newest first' });
    const held = rules.getByRole('row').filter({ hasText: 'held@example.com' });
    await held.getByText('Manual').waitFor();
    await held.getByText('Asked us to stop').waitFor();
    await rules
      .getByRole('row')
      .filter({ hasText: '*@blocked.test' })
      .getByText('Every address at this domain')
      .waitFor();

    // A send through the API to the held address is not sent; the log names the rule.
    const sent = await fetch(`${t.url}/v1/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        to: 'held@example.com',
        from: 'hello@trust.test',
        subject: 'Your receipt',
        body: '<p>Thanks.</p>',
      }),
    });
    expect(sent.status, await sent.clone().text()).toBeLessThan(300);
    const emailId = ((await sent.json()) as { data: { emails: Array<{ email: string }> } }).data.emails[0]!.email;
    await expect
      .poll(async () => (await call<{ status: string }>('GET', `/emails/${emailId}`)).status, { timeout: 15_000 })
      .toBe('SUPPRESSED');

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Email log' }).click();
    const log = page.getByRole('table', { name: 'Emails, newest first' });
    const row = log.getByRole('row').filter({ hasText: 'Your receipt' });
    await row.getByText('Suppressed', { exact: true }).waitFor();
    await row.getByText('Held by a manual rule').waitFor();
    await row.getByRole('link', { name: 'Your receipt' }).click();
    await page.getByRole('heading', { name: /Your receipt/, level: 1 }).waitFor();
    await page.getByText('Held by suppression rule').waitFor();
    await page.getByText(/a manual rule on the project's suppression list holds mail to held@example\.com/).waitFor();
    await shoot('email-held');
    await page.getByRole('link', { name: 'Show the rule' }).click();
    await page.getByRole('heading', { name: 'Suppressions', level: 1 }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('example.com');
    await held.getByText('Held the email').waitFor();
    expect(await rules.getByText('Held the email').count()).toBe(1);
  });

  it('deletes a rule after asking, never an erased address', { timeout: 90_000 }, async () => {
    const { page } = t;
    const contact = await call<{ id?: string; data?: { id: string } }>('POST', '/contacts', {
      email: 'gone@example.com',
    });
    await call('POST', `/contacts/${contact.id ?? contact.data?.id}/erase`);

    await page.goto(`/p/${projectId}/suppressions`);
    const rules = page.getByRole('table', { name: 'Suppression rules, newest first' });
    const erased = rules.getByRole('row').filter({ hasText: 'An erased address' });
    await erased.getByText('Erased', { exact: true }).waitFor();
    expect(await erased.getByRole('button').count()).toBe(0);
    await page.getByRole('button', { name: 'Erased', exact: true }).click();
    await page.waitForURL(/reason=ERASED/);
    await expect.poll(() => rules.getByRole('row').count()).toBe(2); // the header and the erased rule
    await page.getByRole('button', { name: 'All', exact: true }).click();

    await page.getByRole('button', { name: 'Delete the rule for *@blocked.test' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the rule for *@blocked.test?' });
    await confirm.getByText('Mail to addresses at blocked.test goes out again from now on.').waitFor();
    await shoot('suppressions-delete');
    await confirm.getByRole('button', { name: 'Delete rule' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => rules.getByText('*@blocked.test').count()).toBe(0);
    const left = await call<Page<Rule>>('GET', '/suppressions');
    expect(left.data.map((r) => r.address ?? r.domain ?? r.reason).sort()).toEqual(['ERASED', 'held@example.com']);

    // The search narrows the list (in the URL, so a reload keeps it).
    await page.getByLabel('Search by address or domain').fill('held');
    await page.waitForURL(/q=held/);
    await expect.poll(() => rules.getByRole('row').count()).toBe(2);
    await t.reloadShows('Suppressions');
    await rules.getByText('held@example.com').waitFor();
    await shoot('suppressions');
  });

  it('imports a CSV of suppressions with its progress, then lists the refused line', { timeout: 90_000 }, async () => {
    const { page } = t;
    await page.goto(`/p/${projectId}/suppressions`);
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page.getByRole('heading', { name: 'Import suppressions' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'stop-list.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('one@import.test\nnot an address\n*@import-domain.test\ntwo@import.test\n'),
    });
    await page.getByText('stop-list.csv').waitFor();
    await page.getByText(/· 4 lines/).waitFor();
    await shoot('suppressions-import');

    await page.getByRole('button', { name: 'Start import' }).click();
    await page.waitForURL(/\/suppressions\/import\/[^/]+$/);
    const progress = page.getByRole('progressbar', { name: 'Import progress' });
    await progress.waitFor();
    await page.getByText('Import finished: 4 lines read').waitFor({ timeout: 20_000 });
    expect(await progress.getAttribute('aria-valuenow')).toBe('4');
    expect(await progress.getAttribute('aria-valuemax')).toBe('4');
    const refused = page.getByRole('table', { name: 'Refused lines' });
    const line = refused.getByRole('row').filter({ hasText: 'not an address' });
    expect(await line.getByRole('cell').first().innerText()).toBe('2');
    expect(await refused.getByRole('row').count()).toBe(2);
    await shoot('suppressions-import-job');

    await page.getByRole('link', { name: 'View suppressions' }).click();
    const rules = page.getByRole('table', { name: 'Suppression rules, newest first' });
    await rules.getByText('one@import.test').waitFor();
    await rules.getByText('*@import-domain.test').waitFor();
    await rules.getByText('two@import.test').waitFor();
  });

  it('shows a member no audit log and no suppression actions', { timeout: 90_000 }, async () => {
    const { page } = t;
    const member = `member-${dialect}-${Date.now()}@example.com`;
    await signUpElsewhere(t.url, member);
    await t.call('POST', `/projects/${projectId}/members`, { email: member, role: 'MEMBER' });
    await signInAs(member);
    try {
      await page.goto(`/p/${projectId}`);
      const nav = page.getByRole('navigation', { name: 'Sections' });
      await nav.getByRole('link', { name: 'Suppressions' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
      await page.goto(`/p/${projectId}/audit-log`);
      await page.getByText("Your role does not let you read this project's audit log.").waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      await expect(call('GET', '/audit-log')).rejects.toThrow(/403/);

      await page.goto(`/p/${projectId}/suppressions`);
      await page.getByText(/Your role does not let you add, import or delete rules/).waitFor();
      await page
        .getByRole('table', { name: 'Suppression rules, newest first' })
        .getByText('held@example.com')
        .waitFor();
      expect(await page.getByRole('button', { name: 'Add suppressions' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Import CSV' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Delete the rule/ }).count()).toBe(0);
      await page.getByRole('button', { name: 'Export CSV' }).waitFor();
      await shoot('suppressions-member');
    } finally {
      await signInAs(ownerEmail);
    }
  });
});
