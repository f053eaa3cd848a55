/**
 * The dashboard on a phone and focus after navigation. Invariants: at 390 px wide the contacts list
 * does not scroll sideways (its table scrolls inside its own box), every section is reached through
 * the menu button, whose sheet closes on navigation and on Escape; and a route change moves focus to
 * the new screen's heading, on a phone and on a desktop.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../env.ts';
import { useBrowserEnv } from './harness.ts';

// What the page-side callbacks below use of the browser: this file compiles without the DOM library.
declare const document: {
  activeElement: { tagName: string; textContent: string | null } | null;
  documentElement: { scrollWidth: number; clientWidth: number };
};

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 860 };

/** How wide the page is (scrollWidth): more than the viewport means it scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The focused element's tag and text, e.g. `h1 Segments`. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()} ${el.textContent?.trim() ?? ''}` : '';
  });

describe.each(DIALECTS)('dashboard on a phone on %s', (dialect) => {
  const t = useBrowserEnv({ dialect, name: 'phone' });
  let projectId = '';

  it('fits the contacts list in 390 px and reaches Segments through the menu', { timeout: 120_000 }, async () => {
    ({ projectId } = await t.signUpWithProject('Phone Co'));
    const { page } = t;
    for (let i = 0; i < 12; i += 1) {
      await t.call(
        'POST',
        '/contacts',
        {
          email: `someone.with.a.rather.long.address-${i}@phone-example.test`,
          data: { plan: i % 2 ? 'pro' : 'free', company: 'A company with a long name' },
        },
        projectId,
      );
    }
    await page.setViewportSize(PHONE);
    await page.goto(`/p/${projectId}/contacts`);
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Contacts' }).getByRole('row').nth(12).waitFor();
    expect(await pageWidth(page), 'the contacts list scrolls sideways at 390 px').toBeLessThanOrEqual(PHONE.width);
    // The desktop sidebar is hidden; the menu button is the way to the sections.
    expect(await page.getByRole('navigation', { name: 'Sections' }).count()).toBe(0);
    await t.screenshot('contacts-390');

    const menu = page.getByRole('button', { name: 'Menu' });
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    // Escape closes the menu, focus back on its button.
    await menu.click();
    await sheet.waitFor();
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);

    await menu.click();
    await sheet.waitFor();
    await t.screenshot('menu-390');
    await sheet.getByRole('link', { name: 'Segments' }).click();
    await sheet.waitFor({ state: 'hidden' });
    const heading = page.getByRole('heading', { name: 'Segments', level: 1 });
    await heading.waitFor();
    await expect.poll(() => focused(page)).toBe('h1 Segments');
    expect(await pageWidth(page), 'the segments screen scrolls sideways at 390 px').toBeLessThanOrEqual(PHONE.width);
  });

  it('moves focus to the new screen heading when a sidebar link is followed', { timeout: 60_000 }, async () => {
    const { page } = t;
    await page.setViewportSize(DESKTOP);
    await page.goto(`/p/${projectId}/contacts`);
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    // The first load leaves focus where the browser puts it (Tab reaches the skip link first).
    expect(await focused(page)).not.toMatch(/^h1/);
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await sections.getByRole('link', { name: 'Templates' }).click();
    await page.getByRole('heading', { name: 'Templates', level: 1 }).waitFor();
    await expect.poll(() => focused(page)).toBe('h1 Templates');
    await sections.getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await expect.poll(() => focused(page)).toBe('h1 Analytics');
  });
});
