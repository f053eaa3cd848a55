/**
 * The shared form state and confirm dialogs, seen from the browser: a form that sends (the Overview's
 * test email) is not sent by Ctrl+S and does not ask before leaving; an edit that changes nothing the
 * API would see (an address with a trailing space) closes without a request, Ctrl+S included; and a
 * confirm dialog whose write failed opens again without the old failure; a record on screen stays
 * when a later refresh of it fails (only a 404 takes it away).
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { useBrowserEnv } from './harness.ts';

/** Every request the page makes from now on whose method and path match, until `stop()`. */
function watchRequests(page: Page, method: string, path: RegExp) {
  const seen: string[] = [];
  const listen = (r: Request) => {
    if (r.method() === method && path.test(new URL(r.url()).pathname)) seen.push(r.url());
  };
  page.on('request', listen);
  return { seen, stop: () => page.off('request', listen) };
}

describe.each(DIALECTS)('dashboard forms on %s', (dialect) => {
  const t = useBrowserEnv({ dialect, name: 'forms' });
  let projectId = '';

  it('does not send the Overview’s test on Ctrl+S, nor ask before leaving it', { timeout: 90_000 }, async () => {
    const { page } = t;
    ({ projectId } = await t.signUpWithProject('Forms Co'));
    await page.goto(`/p/${projectId}`);
    const form = page.locator('#send-test');
    await form.getByLabel('To').fill('someone@example.com');
    const sends = watchRequests(page, 'POST', /^\/v1\/send$/);
    try {
      await form.getByLabel('To').press('Control+s');
      // Sidebar navigation: a form with unsaved edits would ask here first.
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Topics', exact: true })
        .click();
      await page.getByRole('heading', { name: 'Topics', level: 1 }).waitFor();
      expect(await page.getByRole('dialog', { name: 'Leave without saving?' }).count()).toBe(0);
    } finally {
      sends.stop();
    }
    expect(sends.seen).toEqual([]);
  });

  it('closes an edit that changes nothing without asking the API, Ctrl+S included', { timeout: 90_000 }, async () => {
    const { page } = t;
    const contact = await t.call<{ id: string }>(
      'POST',
      '/contacts',
      { email: 'ada@example.com', data: { seats: 3 } },
      projectId,
    );
    await page.goto(`/p/${projectId}/contacts/${contact.id}`);
    await page.getByRole('heading', { name: 'ada@example.com' }).waitFor();
    const patches = watchRequests(page, 'PATCH', /\/contacts\//);
    try {
      // 3.0 for 3 is a change on screen but none for the API.
      for (const save of [
        () => page.keyboard.press('Control+s'),
        () => page.getByRole('button', { name: 'Save fields' }).click(),
      ]) {
        await page.getByRole('button', { name: 'Edit fields' }).click();
        await page.getByLabel('Value of seats').fill('3.0');
        await save();
        await page.getByRole('button', { name: 'Edit fields' }).waitFor();
      }
    } finally {
      patches.stop();
    }
    expect(patches.seen).toEqual([]);
  });

  it('opens a confirm dialog again without the failure of its last try', { timeout: 90_000 }, async () => {
    const { page } = t;
    const domain = `spare-${dialect}.test`;
    const created = await t.call<{ id: string }>('POST', '/domains', { domain }, projectId);
    // The server refuses this one delete: the dialog says why, and forgets it once closed.
    await page.route(`**/domains/${created.id}`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ success: false, error: { code: 'CONFLICT', message: 'Refused for this test.' } }),
          })
        : route.fallback(),
    );
    try {
      await page.goto(`/p/${projectId}/domains/${created.id}`);
      await page.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: `Delete ${domain}?` });
      await confirm.getByLabel(`Type ${domain} to confirm`).fill(domain);
      await confirm.getByRole('button', { name: 'Delete domain' }).click();
      await confirm.getByText('Refused for this test.').waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Delete' }).click();
      await confirm.getByLabel(`Type ${domain} to confirm`).waitFor();
      expect(await confirm.getByText('Refused for this test.').count()).toBe(0);
    } finally {
      await page.unroute(`**/domains/${created.id}`);
    }
  });
  it('keeps a record on screen when a later refresh of it fails', { timeout: 90_000 }, async () => {
    const { page } = t;
    const domain = `kept-${dialect}.test`;
    const created = await t.call<{ id: string }>('POST', '/domains', { domain }, projectId);
    await page.goto(`/p/${projectId}/domains/${created.id}`);
    await page.getByRole('heading', { name: domain }).waitFor();
    // From now on the project's domains cannot be read: the refresh after "Verify now" fails (and its
    // one retry), while the check itself answers.
    let refused = 0;
    const domains = `**/domains/project/${projectId}`;
    await page.route(domains, (route) => {
      refused += 1;
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: { code: 'UNAVAILABLE', message: 'Down for this test.' } }),
      });
    });
    try {
      await page.getByRole('button', { name: 'Verify now' }).click();
      await expect.poll(() => refused).toBeGreaterThanOrEqual(2);
      // Whatever the failed refresh leaves on screen has settled by now.
      await page.waitForLoadState('networkidle');
      expect(await page.getByText('Down for this test.').count()).toBe(0);
      expect(await page.getByRole('heading', { name: domain }).count()).toBe(1);
    } finally {
      await page.unroute(domains);
    }
  });
});
