/**
 * The dashboard speaks German, French and Spanish (beyond.md §11). With the account's language set,
 * every screen of the accessibility sweep (same seeded project, same dialogs opened) is visited at
 * 1280 px and saved (test-results/screens/lang-sqlite-<language>-<screen>-1280.png), and fails when a
 * message the screen asked for is in no catalog, when an English message that reads differently in
 * the language shows as written, or when a sentence of English shows outside the seeded data. Signed
 * out, the browser's language decides; dates and numbers follow the language. A UI sweep: SQLite only.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpListener, startHttpListener } from '../servers/http-listener.ts';
import { useBrowserEnv } from './harness.ts';
import { PROJECT_SCREENS, p, type Screen, type Seed, SIGNED_OUT_SCREENS, settle, slug } from './screens.ts';
import { seedEveryArea } from './seed.ts';
import { englishOnly, type Language, like, type Tr, translator } from './translate.ts';

// What the page-side callbacks below use of the browser: this file compiles without the DOM library.
interface PageNode {
  nodeType: number;
  nodeValue: string | null;
  parentElement: PageNode | null;
  closest(selector: string): PageNode | null;
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): ArrayLike<PageNode>;
  childNodes: ArrayLike<PageNode>;
}
declare const window: { __mwMissingMessages?: Set<string> };
declare const document: { body: PageNode; documentElement: { lang: string } };

const FOREIGN: Exclude<Language, 'en'>[] = ['de', 'fr', 'es'];

/** Text that is not the dashboard's own: what people typed, code, email content, the editor's canvas. */
const NOT_OURS = 'textarea, input, code, pre, kbd, [contenteditable], .cm-editor, iframe, [data-user-content]';

/** Every text and readable attribute on the page that is the dashboard's own. */
function pageTexts(notOurs: string): string[] {
  const out = new Set<string>();
  const walk = (node: PageNode) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) {
        const text = child.nodeValue?.trim();
        if (text && !child.parentElement?.closest(notOurs)) out.add(text);
      } else if (child.nodeType === 1) walk(child);
    }
  };
  walk(document.body);
  for (const el of Array.from(document.body.querySelectorAll('[placeholder], [aria-label], [title], [alt]'))) {
    if (el.closest(notOurs) && !el.getAttribute('aria-label')) continue;
    for (const name of ['placeholder', 'aria-label', 'title', 'alt']) {
      const value = el.getAttribute(name)?.trim();
      if (value) out.add(value);
    }
  }
  return [...out];
}

/** English words that no German, French or Spanish sentence uses ("was", "will", "has" are German or Spanish words too). */
const ENGLISH = /\b(the|your|you|this|that|with|from|when|which|have|are|been|there|their|here|into)\b/i;

/**
 * English on purpose: what the sweep seeded (names, subjects, block content, field keys, a header
 * name), and the API's own messages, which the dashboard shows as the server words them.
 */
const NOT_DASHBOARD_TEXT = [
  /a11y/i,
  /Welcome aboard/,
  /Your receipt/,
  /Thanks for your order/,
  /Our news/,
  /short note with/,
  /What we shipped/,
  /^(plan|subscribed|from|Onboarding|Read more|Right)$/,
  /^Imported from stop-list\.csv$/,
  /must NOT have/,
  /^This link is invalid or has expired/,
];

async function sweep(page: Page, screen: Screen, seed: Seed, tr: Tr, language: Language, englishText: Set<string>) {
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(screen.url(seed));
  // As getByRole matches a string: anywhere in the name, in any case.
  const heading =
    typeof screen.heading === 'string'
      ? page.getByRole('heading', {
          name: new RegExp(`${like(tr(screen.heading)).source}|${like(screen.heading).source}`, 'i'),
        })
      : page.locator('h1');
  await heading.first().waitFor({ timeout: 15_000 });
  await settle(page);
  if (screen.prepare) {
    await screen.prepare(page, tr);
    await settle(page);
  }
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
  const missing = await page.evaluate(() => [...(window.__mwMissingMessages ?? [])]);
  expect(missing, `messages in no catalog on ${screen.name}`).toEqual([]);
  if (language !== 'en') {
    const texts = await page.evaluate(pageTexts, NOT_OURS);
    const untranslated = texts.filter(
      (text) => (englishText.has(text) || ENGLISH.test(text)) && !NOT_DASHBOARD_TEXT.some((s) => s.test(text)),
    );
    expect(untranslated, `English on ${screen.name} in ${language}`).toEqual([]);
  }
}

describe('dashboard languages on sqlite', () => {
  let receiver: HttpListener | undefined;
  const env: Record<string, string> = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' };
  beforeAll(async () => {
    receiver = await startHttpListener();
  });
  afterAll(async () => {
    await receiver?.close();
  });
  const t = useBrowserEnv({ dialect: 'sqlite', name: 'lang', env });
  const seed = {} as Seed;

  it('seeds a project with data in every area', { timeout: 120_000 }, async () => {
    Object.assign(seed, await seedEveryArea(t, receiver!));
  });

  for (const language of FOREIGN) {
    describe(language, () => {
      const tr = translator(language);
      const englishText = englishOnly(language);

      it('is chosen in the account settings and stored on the account', { timeout: 60_000 }, async () => {
        const { page } = t;
        await page.goto('/account');
        const select = page.getByLabel(/Language|Sprache|Langue|Idioma/);
        await select.selectOption(language);
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
        await page.getByRole('heading', { name: tr('Your account') }).waitFor();
        expect((await t.call<{ language?: string }>('GET', '/users/@me')).language).toBe(language);
        // A reload starts in the language before the account is read again.
        await page.reload();
        await page.getByRole('heading', { name: tr('Your account') }).waitFor();
      });

      for (const screen of PROJECT_SCREENS) {
        it.skipIf(Boolean(screen.skip))(screen.name, { timeout: 60_000 }, async () => {
          await sweep(t.page, screen, seed, tr, language, englishText);
          await t.screenshot(`${language}-${slug(screen.name)}-1280`);
        });
      }

      it('signed out, follows the browser language', { timeout: 120_000 }, async () => {
        const context = await t.context.browser()!.newContext({
          locale: { de: 'de-DE', fr: 'fr-FR', es: 'es-ES' }[language],
          viewport: { width: 1280, height: 860 },
          baseURL: t.url,
        });
        try {
          const page = await context.newPage();
          for (const screen of SIGNED_OUT_SCREENS) {
            await sweep(page, screen, seed, tr, language, englishText);
            await page.screenshot({
              path: `test-results/screens/lang-sqlite-${language}-signed-out-${slug(screen.name)}-1280.png`,
              fullPage: true,
            });
          }
        } finally {
          await context.close();
        }
      });
    });
  }

  it('writes dates and numbers in the language', { timeout: 60_000 }, async () => {
    const { page } = t;
    await t.call('PATCH', '/users/@me', { language: 'de' });
    await page.goto(p(seed, `/emails/${seed.emailId}`));
    await page.locator('h1').first().waitFor();
    await settle(page);
    // German dates: "07.12.2026, 19:45" (day, month, year, 24-hour clock), never "Dec 7, 2026, 7:45 PM".
    const stamps = await page
      .locator('time')
      .evaluateAll((els) => els.flatMap((el) => [el.getAttribute('title') ?? '', el.textContent ?? '']));
    const dated = stamps.filter((s) => /\d{4}/.test(s));
    expect(dated.length).toBeGreaterThan(0);
    for (const stamp of dated) expect(stamp).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
    await page.goto(p(seed, '/contacts'));
    await page.locator('h1').first().waitFor();
    await settle(page);
    expect(await page.locator('body').innerText()).not.toMatch(
      /\b(Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}/,
    );

    // Back to the browser's language: the account forgets its choice.
    await t.call('PATCH', '/users/@me', { language: null });
    expect((await t.call<{ language?: string }>('GET', '/users/@me')).language).toBeUndefined();
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
  });
});
