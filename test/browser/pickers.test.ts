/**
 * Invariant: a picker never shows a template as it was before a save. The campaign editor's
 * template picker is loaded, a template is renamed in the template editor in the same page session
 * (client-side navigation only, no reload), and back in the campaign editor the picker offers the
 * new name and not the old one.
 */
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { useBrowserEnv } from './harness.ts';

describe.each(DIALECTS)('dashboard pickers on %s', (dialect) => {
  const t = useBrowserEnv({ dialect, name: 'pickers' });

  it('shows a renamed template in the campaign template picker', { timeout: 120_000 }, async () => {
    const { page } = t;
    const { projectId } = await t.signUpWithProject('Pickers');
    await t.call(
      'POST',
      '/templates',
      { name: 'Spring news', type: 'MARKETING', subject: 'Spring', body: '<p>Spring</p>' },
      projectId,
    );
    const picker = page.getByLabel('Start from a template');
    const choices = () => picker.locator('option').allTextContents();
    const sections = page.getByRole('navigation', { name: 'Sections' });

    await page.goto(`/p/${projectId}/campaigns/new`);
    await page.getByRole('heading', { name: 'New campaign' }).waitFor();
    await expect.poll(choices).toContain('Spring news');
    // A mark on the window: it survives client-side navigation and is gone after a reload.
    await page.evaluate(() => Object.assign(globalThis, { pickerSession: true }));

    await sections.getByRole('link', { name: 'Templates' }).click();
    await page.getByRole('heading', { name: 'Templates', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Spring news' }).click();
    await page.getByRole('heading', { name: 'Spring news' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Summer news');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/^Saved /).waitFor();

    await sections.getByRole('link', { name: 'Campaigns' }).click();
    await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'New campaign' }).first().click();
    await page.getByRole('heading', { name: 'New campaign' }).waitFor();
    await expect.poll(choices).toContain('Summer news');
    expect(await choices()).not.toContain('Spring news');
    expect(await page.evaluate(() => (globalThis as { pickerSession?: boolean }).pickerSession)).toBe(true);
  });
});
