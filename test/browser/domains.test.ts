/**
 * Onboarding in the browser: the Overview's checklist, adding a sending domain, publishing its DNS
 * records (on the loopback DNS server) and verifying it; a test email sent from the Overview found in
 * the email log without a reload and read back in the capture outbox (rendered in a sandboxed frame,
 * text, headers, raw download); and a MEMBER who may look at domains but not manage them.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { useBrowserEnv } from './harness.ts';

type Rec = { type: string; name: string; value: string; purpose: string; verified: boolean };
type DomainView = { id: string; domain: string; verified: boolean; records: Rec[] };

/** The checklist step's state as the Overview shows it. */
const stepDone = (page: Page, step: string) =>
  page.locator(`[data-step="${step}"]`).getAttribute('data-done', { timeout: 10_000 });

describe.each(DIALECTS)('domains, overview and outbox on %s', (dialect) => {
  const t = useBrowserEnv({ dialect, name: 'domains' });
  const domain = `acme-${dialect}.test`;
  let projectId = '';
  let ownerEmail = '';

  it('follows the checklist to add a domain, publishes its records and verifies it', { timeout: 120_000 }, async () => {
    const { page } = t;
    await t.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
    const owner = await t.signUpWithProject('Acme');
    projectId = owner.projectId;
    ownerEmail = owner.email;

    await page.goto(`/p/${projectId}`);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.getByText('0 of 9 done').waitFor();
    expect(await stepDone(page, 'domainAdded')).toBe('false');
    await expect.poll(() => page.getByTestId('quick-start-snippet').textContent()).toContain(`${t.url}/v1/send`);
    await t.screenshot('overview-new');
    await t.reloadShows('Overview');

    // The first step's link leads to the screen that does it.
    await page.locator('[data-step="domainAdded"]').getByRole('link', { name: 'Add domain' }).click();
    await page.waitForURL(`**/p/${projectId}/domains`);
    await page.getByText('No domains yet').waitFor();
    await t.screenshot('domains-empty');

    await page.getByRole('button', { name: 'Add domain' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a domain' });
    await dialog.getByLabel('Domain').fill('localhost');
    await dialog.getByRole('button', { name: 'Add domain' }).click();
    // The API's 422 names the field: its message shows under it.
    await expect.poll(() => dialog.getByLabel('Domain').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.locator('.text-red-600').textContent()).not.toBe('');
    await t.screenshot('domains-add-error');
    await dialog.getByLabel('Domain').fill(`  ${domain.toUpperCase()} `);
    await dialog.getByRole('button', { name: 'Add domain' }).click();

    await page.waitForURL(new RegExp(`/p/${projectId}/domains/[\\w-]+$`));
    await page.getByRole('heading', { name: domain }).waitFor();
    const domainUrl = page.url();
    const [created] = await t.call<DomainView[]>('GET', `/domains/project/${projectId}`, undefined, projectId);
    expect(created).toMatchObject({ domain, verified: false });
    const records = page.getByRole('list', { name: 'DNS records to publish' });
    for (const purpose of ['DKIM', 'SPF', 'DMARC']) {
      await records.getByRole('listitem', { name: `${purpose} record` }).waitFor();
    }
    const dkim = created!.records.find((r) => r.purpose === 'DKIM')!;
    await expect.poll(() => records.getByText(dkim.value, { exact: true }).count()).toBe(1);
    await expect.poll(() => records.getByText(dkim.name, { exact: true }).count()).toBe(1);
    // "Host only" for providers that want the relative name.
    await records.getByText(dkim.name.replace(`.${domain}`, ''), { exact: true }).waitFor();
    await page.getByText('Not checked yet').first().waitFor();
    await page.getByRole('button', { name: 'Copy DKIM value' }).click();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(dkim.value);
    await t.reloadShows(domain);

    // Checked before anything is published: every record is reported missing.
    await page.getByRole('button', { name: 'Verify now' }).click();
    await page.getByText(/Not verified yet: 0 of 3 records found/).waitFor();
    await expect.poll(() => records.getByText('Not found').count()).toBe(3);
    await t.screenshot('domain-pending');

    // Published on the DNS server as a DNS provider would: now it verifies.
    for (const r of created!.records) if (r.type === 'TXT') t.dns.set(r.name, 'TXT', [r.value]);
    await page.getByRole('button', { name: 'Verify now' }).click();
    await page.getByText(`${domain} is verified`).waitFor();
    await page.getByText('Verified', { exact: true }).first().waitFor();
    await expect.poll(() => records.getByText('Found', { exact: true }).count()).toBe(3);
    const [after] = await t.call<DomainView[]>('GET', `/domains/project/${projectId}`, undefined, projectId);
    expect(after).toMatchObject({ verified: true });
    await t.screenshot('domain-verified');
    await page.setViewportSize({ width: 1024, height: 800 });
    await t.screenshot('domain-verified-1024');
    await page.setViewportSize({ width: 1280, height: 860 });

    await page.getByRole('main').getByRole('link', { name: 'Domains', exact: true }).click();
    await page.getByRole('heading', { name: 'Domains', exact: true }).waitFor();
    const row = page.getByRole('row').filter({ hasText: domain });
    await row.getByText('Verified').waitFor();
    await row.getByText('3 of 3 found').waitFor();
    await t.reloadShows('Domains');
    await t.screenshot('domains-list');

    // The Overview counts both domain steps as done now.
    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByText('2 of 9 done').waitFor();
    expect(await stepDone(page, 'domainAdded')).toBe('true');
    expect(await stepDone(page, 'domainVerified')).toBe('true');
    expect(await stepDone(page, 'firstSend')).toBe('false');
    await page.goto(domainUrl);
    await page.getByRole('heading', { name: domain }).waitFor();

    // A domain added by mistake is deleted once its name is typed (its DKIM key goes with it).
    const spare = await t.call<DomainView>('POST', '/domains', { domain: `spare-${domain}` }, projectId);
    await page.goto(`/p/${projectId}/domains/${spare.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete spare-${domain}?` });
    expect(await confirm.getByRole('button', { name: 'Delete domain' }).isDisabled()).toBe(true);
    await confirm.getByLabel(`Type spare-${domain} to confirm`).fill(`spare-${domain}`);
    await t.screenshot('domain-delete');
    await confirm.getByRole('button', { name: 'Delete domain' }).click();
    await page.waitForURL(`**/p/${projectId}/domains`);
    await page.getByText(`spare-${domain} removed.`).waitFor();
    expect(await page.getByRole('link', { name: `spare-${domain}` }).count()).toBe(0);
    const left = await t.call<DomainView[]>('GET', `/domains/project/${projectId}`, undefined, projectId);
    expect(left.map((d) => d.domain)).toEqual([domain]);
  });

  it('sends a test from the Overview and reads it in the outbox', { timeout: 120_000 }, async () => {
    const { page } = t;
    const sections = page.getByRole('navigation', { name: 'Sections' });
    // The email log is seen first, so the dashboard holds it when it comes back after the send.
    await page.goto(`/p/${projectId}/emails`);
    await page.getByText('No emails yet').waitFor();
    await sections.getByRole('link', { name: 'Overview', exact: true }).click();
    const form = page.locator('#send-test');
    await expect.poll(() => form.getByLabel('To').inputValue()).toBe(ownerEmail);
    await expect.poll(() => form.getByLabel('From').inputValue()).toBe(`hello@${domain}`);
    await expect
      .poll(() => page.getByTestId('quick-start-snippet').textContent())
      .toContain(`"from": "hello@${domain}"`);
    await form.getByRole('button', { name: 'Send test' }).click();
    await form.getByRole('link', { name: 'View it in the outbox' }).waitFor();
    await expect.poll(() => stepDone(page, 'firstSend')).toBe('true');
    // The send created the recipient as a contact, too.
    await page.getByText('4 of 9 done').waitFor();
    expect(await stepDone(page, 'firstContact')).toBe('true');
    // Once delivery has handed it over, the key figures count it.
    await expect
      .poll(
        () =>
          page
            .locator('div.rounded-lg')
            .filter({ hasText: /^Emails sent/ })
            .textContent(),
        { timeout: 15_000 },
      )
      .toMatch(/^Emails sent1/);
    await t.screenshot('overview-progress');

    await form.getByRole('link', { name: 'View it in the outbox' }).click();
    await page.getByRole('heading', { name: 'Test email from Mailwright' }).waitFor();
    const frame = page.locator('iframe[title="Message as rendered"]');
    expect(await frame.getAttribute('sandbox')).toBe('');
    await page
      .frameLocator('iframe[title="Message as rendered"]')
      .getByRole('heading', { name: 'It works!' })
      .waitFor();
    await t.screenshot('outbox-message');
    await t.reloadShows('Test email from Mailwright');

    await page.getByRole('tab', { name: 'Plain text' }).click();
    await page.getByText(/This test email was sent from the Mailwright dashboard/).waitFor();
    await page.getByRole('tab', { name: /Headers/ }).click();
    const headers = page.getByRole('table', { name: 'Message headers' });
    await headers.getByRole('rowheader', { name: 'message-id' }).waitFor();
    await headers.getByRole('rowheader', { name: 'dkim-signature' }).waitFor();
    await t.reloadShows('Test email from Mailwright');
    expect(new URL(page.url()).searchParams.get('view')).toBe('headers');
    await t.screenshot('outbox-headers');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download .eml' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Test-email-from-Mailwright.eml');
    const raw = await readFile((await download.path())!, 'utf8');
    expect(raw).toMatch(/^Subject: Test email from Mailwright/m);
    expect(raw).toMatch(new RegExp(`^To: .*${ownerEmail.replace(/[.+]/g, '\\$&')}`, 'mi'));

    // The send is in the email log, seen before it, without a reload (the Overview's send refreshes
    // what sends change).
    await sections.getByRole('link', { name: 'Email log', exact: true }).click();
    await page.getByRole('table', { name: 'Emails, newest first' }).getByText('Test email from Mailwright').waitFor();
    await page.goBack();

    await page.getByRole('main').getByRole('link', { name: 'Outbox', exact: true }).click();
    await page.getByRole('heading', { name: 'Outbox' }).waitFor();
    await page.getByRole('link', { name: 'Test email from Mailwright' }).waitFor();
    await page.getByText('1 message').waitFor();
    await t.screenshot('outbox-list');
    await page.getByLabel('Recipient').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No messages to nobody@example.com').waitFor();
    await t.reloadShows('Outbox');
    await page.getByText('No messages to nobody@example.com').waitFor();
    await page.getByLabel('Recipient').fill(ownerEmail.toUpperCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'Test email from Mailwright' }).waitFor();

    const outbox = await t.call<{ total: number; data: Array<{ to: string; from: string }> }>(
      'GET',
      '/outbox',
      undefined,
      projectId,
    );
    expect(outbox.total).toBe(1);
    expect(outbox.data[0]).toMatchObject({ to: ownerEmail, from: `hello@${domain}` });
  });

  it('lets a member look at domains but not add or remove them', { timeout: 60_000 }, async () => {
    const { page } = t;
    const memberEmail = `member-${dialect}-${Date.now()}@example.com`;
    const password = 'correct horse battery staple';
    const signup = await fetch(`${t.url}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: memberEmail, password }),
    });
    expect(signup.status).toBeLessThan(300);
    await t.call('POST', `/projects/${projectId}/members`, { email: memberEmail, role: 'MEMBER' });

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    await page.goto(`/login?next=${encodeURIComponent(`/p/${projectId}/domains`)}`);
    await page.getByLabel('Email').fill(memberEmail);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`**/p/${projectId}/domains`);
    await page.getByText(/Your role does not let you add or remove a domain/).waitFor();
    expect(await page.getByRole('button', { name: 'Add domain' }).count()).toBe(0);
    await page.getByRole('link', { name: domain }).click();
    await page.getByRole('button', { name: 'Verify now' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await t.screenshot('domain-member');
    // The API agrees: a member's session is refused.
    await expect(t.call('POST', '/domains', { domain: 'other.test' }, projectId)).rejects.toThrow(/403/);
  });
});
