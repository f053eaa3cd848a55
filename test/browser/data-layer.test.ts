/**
 * The dashboard's one mutation layer, seen from the browser: a write refreshes every screen that
 * shows what it changed, wherever the person goes next without reloading (each screen was visited
 * first, so what it shows is cached), and deleting a record returns to a list without it and never
 * asks for the record again. The drifts these pin: a contact added from the dialog (an upsert by
 * email, here subscribing one that was not) missing from the activity feed and the topics' counts, a
 * send missing from the email log, and deletes that asked for the deleted record (a 404) or came back
 * to a list that still showed it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { useBrowserEnv } from './harness.ts';

/** Follows a link of the sidebar: a move inside the app, which keeps what it cached. */
async function goTo(page: Page, section: string, heading: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: section, exact: true }).click();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

describe.each(DIALECTS)('the dashboard’s writes on %s', (dialect) => {
  const t = useBrowserEnv({ dialect, name: 'data-layer' });
  let projectId = '';
  let email = '';

  it('shows a contact added from the dialog in the activity feed and the topics at once', {
    timeout: 90_000,
  }, async () => {
    const { page } = t;
    ({ projectId, email } = await t.signUpWithProject('Acme'));
    await t.call('POST', '/topics', { name: 'News', defaultSubscribed: true, public: true }, projectId);
    // Known but unsubscribed: adding the address again from the dialog subscribes it, which the feed
    // shows (a brand-new contact alone makes no activity).
    await t.call('POST', '/contacts', { email: 'ada@example.com', subscribed: false }, projectId);
    await page.goto(`/p/${projectId}/activity`);
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    await page.getByText('No activity yet').waitFor();
    await goTo(page, 'Topics', 'Topics');
    const news = page.getByRole('row', { name: /News/ });
    expect(await news.getByRole('cell').nth(1).textContent()).toBe('0');

    await goTo(page, 'Contacts', 'Contacts');
    await page.getByRole('button', { name: 'Add contact' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a contact' });
    await dialog.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await dialog.getByRole('button', { name: 'Add contact' }).click();
    await page.getByText('ada@example.com was already a contact; its details were updated.').waitFor();

    await goTo(page, 'Topics', 'Topics');
    await expect.poll(() => news.getByRole('cell').nth(1).textContent()).toBe('1');
    await goTo(page, 'Activity', 'Activity');
    const feed = page.getByRole('list', { name: 'Activity' });
    await feed.locator('li[data-activity-type="contact.subscribed"]').filter({ hasText: 'ada@example.com' }).waitFor();
    await t.screenshot('activity-after-add');
  });

  it('shows a send in the email log without a reload', { timeout: 90_000 }, async () => {
    const { page } = t;
    const template = await t.call<{ id: string }>(
      'POST',
      '/templates',
      {
        name: 'Welcome',
        subject: 'Welcome aboard',
        body: '<p>Hello</p>',
        from: 'hello@acme.test',
        type: 'TRANSACTIONAL',
      },
      projectId,
    );
    await page.goto(`/p/${projectId}/emails`);
    await page.getByRole('heading', { name: 'Email log', level: 1 }).waitFor();
    await page.getByText('No emails yet').waitFor();

    await goTo(page, 'Templates', 'Templates');
    await page.getByRole('link', { name: 'Welcome' }).click();
    await page.waitForURL(`**/templates/${template.id}`);
    await page.getByRole('button', { name: 'Send test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a test email' });
    expect(await dialog.getByLabel('Send to').inputValue()).toBe(email);
    await dialog.getByRole('button', { name: 'Send test' }).click();
    await dialog.getByText(`Test sent to ${email}.`).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    await goTo(page, 'Email log', 'Email log');
    await page.getByRole('table').getByText(email).first().waitFor();
    await t.screenshot('email-log-after-send');
  });

  it('deletes an endpoint, a domain and a template back to a list without them, never asking for them again', {
    timeout: 120_000,
  }, async () => {
    const { page } = t;
    const missing: string[] = [];
    const watch = (res: { status(): number; url(): string }) => {
      if (res.status() === 404) missing.push(res.url());
    };
    page.on('response', watch);
    try {
      const endpoint = await t.call<{ id: string }>(
        'POST',
        '/webhook-endpoints',
        { url: 'https://hooks.example.com/mailwright', events: ['*'] },
        projectId,
      );
      const domain = await t.call<{ id: string }>('POST', '/domains', { domain: `spare-${dialect}.test` }, projectId);
      const template = await t.call<{ id: string }>(
        'POST',
        '/templates',
        { name: 'Old promo', subject: 'Sale', body: '<p>Sale</p>', from: 'hello@acme.test', type: 'MARKETING' },
        projectId,
      );

      // Each list is seen first, so the dashboard holds it when it comes back.
      await page.goto(`/p/${projectId}/webhooks`);
      await page.getByRole('link', { name: 'https://hooks.example.com/mailwright' }).click();
      await page.waitForURL(`**/webhooks/${endpoint.id}`);
      await page.getByRole('button', { name: 'Delete' }).click();
      await page
        .getByRole('dialog', { name: 'Delete this endpoint?' })
        .getByRole('button', { name: 'Delete endpoint' })
        .click();
      await page.waitForURL(`**/p/${projectId}/webhooks`);
      await page.getByText('No endpoints yet').waitFor();
      expect(await page.getByText('https://hooks.example.com/mailwright').count()).toBe(0);

      await goTo(page, 'Domains', 'Domains');
      await page.getByRole('link', { name: `spare-${dialect}.test` }).click();
      await page.waitForURL(`**/domains/${domain.id}`);
      await page.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: `Delete spare-${dialect}.test?` });
      await confirm.getByLabel(`Type spare-${dialect}.test to confirm`).fill(`spare-${dialect}.test`);
      await confirm.getByRole('button', { name: 'Delete domain' }).click();
      await page.waitForURL(`**/p/${projectId}/domains`);
      await page.getByText('No domains yet').waitFor();
      expect(await page.getByRole('link', { name: `spare-${dialect}.test` }).count()).toBe(0);

      await goTo(page, 'Templates', 'Templates');
      await page.getByRole('link', { name: 'Old promo' }).click();
      await page.waitForURL(`**/templates/${template.id}`);
      await page.getByRole('button', { name: 'Delete template' }).click();
      await page
        .getByRole('dialog', { name: 'Delete this template?' })
        .getByRole('button', { name: 'Delete template' })
        .click();
      await page.waitForURL(`**/p/${projectId}/templates`);
      await page.getByRole('link', { name: 'Welcome' }).waitFor();
      expect(await page.getByRole('link', { name: 'Old promo' }).count()).toBe(0);
      // A request still on its way when the page moved on would land now.
      await page.waitForLoadState('networkidle');
    } finally {
      page.off('response', watch);
    }
    expect(missing, 'requests answered 404').toEqual([]);
  });
});
