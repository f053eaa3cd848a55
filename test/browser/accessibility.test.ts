/**
 * An accessibility sweep of the dashboard: every screen, signed out and in, over a project with data
 * in every area, is checked with axe-core (WCAG 2.0/2.1 A and AA and best practices) and fails on a
 * serious or critical violation; at 1024 px and at a phone's 390 px wide no screen scrolls sideways
 * (wide tables scroll inside their own box); and keyboard focus is visible, starting with the skip
 * link and the project switcher. Each screen is saved as it looks at 1280 and at 390 px
 * (test-results/screens/a11y-sqlite-<screen>-<width>.png). A UI sweep: SQLite only.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../fixtures/processes.ts';
import { type HttpListener, startHttpListener } from '../servers/http-listener.ts';
import { type OidcProviderServer, startOidcProvider } from '../servers/oidc-provider.ts';
import { type StripeApiServer, startStripeApi } from '../servers/stripe-api.ts';
import { useBrowserEnv } from './harness.ts';
import { PROJECT_SCREENS, p, type Screen, type Seed, SIGNED_OUT_SCREENS, settle, slug } from './screens.ts';
import { seedEveryArea } from './seed.ts';
import { english } from './translate.ts';

// What the page-side callbacks below use of the browser: this file compiles without the DOM library.
interface PageElement {
  id: string;
  tagName: string;
  textContent: string | null;
  closest(selector: string): PageElement | null;
  blur(): void;
  getBoundingClientRect(): { width: number; height: number; top: number; left: number };
}
declare const window: object;
declare const document: {
  activeElement: PageElement | null;
  body: PageElement;
  documentElement: { scrollWidth: number; clientWidth: number };
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement & { getAttribute(name: string): string | null }>;
  getAnimations(): Array<{ playState: string; effect: { getComputedTiming(): { endTime?: number } } | null }>;
};
declare function requestAnimationFrame(callback: (time: number) => void): number;
declare function getComputedStyle(el: PageElement): { outlineStyle: string; outlineWidth: string; boxShadow: string };

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode {
  target: unknown[];
  html: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Runs axe on the page as it is now; the serious and critical violations, one readable line each. */
async function axeViolations(page: Page): Promise<string[]> {
  // The dashboard's CSP refuses injected <script> tags; evaluate is not subject to it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'],
      resultTypes: ['violations'],
    })) as { violations: AxeViolation[] };
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help}\n    ${v.nodes
          .slice(0, 10)
          .map((n) => `${JSON.stringify(n.target)} ${n.html.replace(/\s+/g, ' ').slice(0, 140)}`)
          .join('\n    ')}${v.nodes.length > 10 ? ` (+${v.nodes.length - 10} more)` : ''}`,
    );
}

/** How far the page scrolls sideways at its current width (0 when it does not). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Opens the screen, checks it with axe at 1280 px and for sideways scrolling at 1024 and 390 px, and
 * saves what it looks like at 1280 and at 390 px when given `shoot` (test-results/screens/).
 */
async function check(page: Page, screen: Screen, seed: Seed, shoot?: (name: string) => Promise<void>): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(screen.url(seed));
  await page.getByRole('heading', { name: screen.heading }).first().waitFor({ timeout: 15_000 });
  await settle(page);
  await screen.prepare?.(page, english);
  if (screen.prepare) await settle(page);
  const violations = await axeViolations(page);
  expect(violations, `axe on ${screen.name} (${page.url()}):\n${violations.join('\n')}`).toEqual([]);
  // Every message the screen asked the translator for is in the catalogs (web/src/locales).
  const missing = await page.evaluate(() => [
    ...((window as { __mwMissingMessages?: Set<string> }).__mwMissingMessages ?? []),
  ]);
  expect(missing, `messages in no catalog on ${screen.name}`).toEqual([]);
  await shoot?.(`${slug(screen.name)}-1280`);

  await page.setViewportSize({ width: 1024, height: 768 });
  await settle(page);
  expect(await overflow(page), `${screen.name} scrolls sideways at 1024 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  expect(await overflow(page), `${screen.name} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
  await shoot?.(`${slug(screen.name)}-390`);
  await page.setViewportSize({ width: 1280, height: 860 });
}

describe('dashboard accessibility on sqlite', () => {
  // A loopback receiver for the webhook endpoint's test message (loopback is allowed for it).
  let receiver: HttpListener | undefined;
  // A single sign-on provider, so the sign-in page offers it (nobody signs in through it here).
  let oidc: OidcProviderServer | undefined;
  const env: Record<string, string> = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', OIDC_NAME: 'A11y SSO' };
  beforeAll(async () => {
    receiver = await startHttpListener();
    oidc = await startOidcProvider({ redirectUri: 'http://127.0.0.1/auth/oidc/callback' });
    Object.assign(env, oidc.env());
    // SMTP submission on without a certificate: Settings shows its card with the insecure-auth warning.
    Object.assign(env, { SMTP_SUBMISSION_PORT: String(await freePort()), SMTP_SUBMISSION_ALLOW_INSECURE: 'true' });
  });
  afterAll(async () => {
    await receiver?.close();
    await oidc?.close();
  });
  const t = useBrowserEnv({ dialect: 'sqlite', name: 'a11y', env });
  const seed = {} as Seed;

  describe('signed out', () => {
    for (const screen of SIGNED_OUT_SCREENS) {
      it.skipIf(Boolean(screen.skip))(screen.name, { timeout: 60_000 }, () =>
        check(t.page, screen, seed, t.screenshot),
      );
    }
  });

  it('seeds a project with data in every area', { timeout: 120_000 }, async () => {
    Object.assign(seed, await seedEveryArea(t, receiver!));
  });

  describe('signed in', () => {
    for (const screen of PROJECT_SCREENS) {
      it.skipIf(Boolean(screen.skip))(screen.name, { timeout: 60_000 }, () =>
        check(t.page, screen, seed, t.screenshot),
      );
    }
  });

  it('shows keyboard focus: Tab reaches the skip link, then the project switcher', { timeout: 60_000 }, async () => {
    const { page } = t;
    await page.goto(p(seed, '/contacts'));
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    /** The focused element: what it is and whether its focus can be seen. */
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return {
          id: el.id,
          text: el.textContent?.trim() ?? '',
          tag: el.tagName.toLowerCase(),
          ring:
            (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) ||
            (style.boxShadow !== 'none' && style.boxShadow !== ''),
          onScreen: box.width > 4 && box.height > 4 && box.top >= 0 && box.left >= 0,
        };
      });

    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('Tab');
    const skip = await focused();
    expect(skip).toMatchObject({ tag: 'a', text: 'Skip to content', ring: true, onScreen: true });
    await t.screenshot('skip-link');

    await page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ id: 'project-switcher', ring: true, onScreen: true });

    // The skip link moves focus to the screen's content.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused())?.id).toBe('main');
    await page.keyboard.press('Tab');
    const first = await focused();
    expect(first?.ring, `first control of the content: ${JSON.stringify(first)}`).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.closest('main')?.id)).toBe('main');
  });

  it('closes dialogs on Escape and with the close button, focus back on the opener', { timeout: 60_000 }, async () => {
    const { page } = t;
    await page.goto(p(seed, '/domains'));
    const opener = page.getByRole('button', { name: 'Add domain' }).first();
    const dialog = page.getByRole('dialog', { name: 'Add a domain' });
    await opener.click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await opener.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    // Opens again after both ways of closing.
    await opener.click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('gives every screen a tab title with the project name', { timeout: 60_000 }, async () => {
    const { page } = t;
    await page.goto(p(seed, '/contacts'));
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Contacts · A11y Co · Mailwright');
    await page.getByRole('link', { name: 'Domains' }).click();
    await expect.poll(() => page.title()).toBe('Domains · A11y Co · Mailwright');
    await page.getByRole('link', { name: 'a11y.test', exact: true }).click();
    await expect.poll(() => page.title()).toBe('a11y.test · A11y Co · Mailwright');
    await page.goto(p(seed, '/settings/keys'));
    await expect.poll(() => page.title()).toBe('API keys · Settings · A11y Co · Mailwright');
    await page.goto('/account');
    await expect.poll(() => page.title()).toBe('Your account · Mailwright');
    await page.goto(p(seed, '/no-such-screen'));
    await expect.poll(() => page.title()).toBe('Page not found · A11y Co · Mailwright');
  });
});

describe('dashboard accessibility with billing on sqlite', () => {
  let stripe: StripeApiServer | undefined;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    stripe = await startStripeApi();
    Object.assign(env, {
      STRIPE_SECRET_KEY: 'sk_test_mailwright',
      STRIPE_PRICE_ID: 'price_test_pro',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
      STRIPE_API_URL: stripe.url,
    });
  });
  afterAll(async () => {
    await stripe?.close();
  });
  const t = useBrowserEnv({ dialect: 'sqlite', name: 'a11y-billing', env });

  it('settings: billing', { timeout: 60_000 }, async () => {
    const { projectId } = await t.signUpWithProject('Paid Co');
    await check(
      t.page,
      {
        name: 'settings: billing',
        url: (s) => p(s, '/settings/billing'),
        heading: 'This billing period',
      },
      { projectId } as Seed,
      t.screenshot,
    );
  });
});
