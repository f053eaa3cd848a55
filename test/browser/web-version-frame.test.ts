// Invariant: in a real browser the web version shows the email as sent (its images load, its styles
// apply) while nothing in it runs: a script or an event handler in the email does nothing, and its
// links open outside the page through their click links, leaving the page where it is. Loading it
// records no open, images and all. The database plays no part in what the browser does, so this runs
// on SQLite only; the routes themselves are covered on both databases in test/e2e/web-version.test.ts.
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewPaths, webVersionHelpers } from '../e2e/web-version-helpers.ts';
import { useTestEnv } from '../env.ts';
import { freePort } from '../fixtures/processes.ts';
import { resolveChromium } from './chromium.ts';
import { launchChromium, SCREENS_DIR } from './harness.ts';

// Run in the page by Playwright: the browser's own, declared here (the server's TypeScript has no DOM library).
type FrameElement = { naturalWidth?: number };
declare function getComputedStyle(el: FrameElement): { color: string };

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe('the web version in a browser', () => {
  let port = 0;
  let outside: http.Server;
  let outsideUrl = '';
  const hits: string[] = [];
  let browser: Browser;
  beforeAll(async () => {
    port = await freePort();
    // Where the email's image and link point: a site outside the service.
    outside = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/logo.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      res.writeHead(200, { 'content-type': 'text/html' }).end('<title>destination</title>');
    });
    await new Promise<void>((resolve) => outside.listen(0, '127.0.0.1', resolve));
    outsideUrl = `http://127.0.0.1:${(outside.address() as AddressInfo).port}`;
    browser = await launchChromium(await resolveChromium());
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    outside?.close();
  });
  const t = useTestEnv({ dialect: 'sqlite', env: () => ({ BASE_URL: `http://127.0.0.1:${port}` }) });
  const h = webVersionHelpers(t);

  it('shows the email with its images and styles, runs none of it, and opens its links outside', async () => {
    await t.app.listen({ port, host: '127.0.0.1' });
    const p = await t.make.project();
    await t.make.contact(p, { email: 'ann@browser.test', data: { firstName: 'Ann' } });
    const body = [
      '<html><head><style>#hello{color:rgb(200,0,0)}</style></head><body>',
      '<p id="hello">Hello {{ firstName }}</p>',
      `<img id="logo" src="${outsideUrl}/logo.png" alt="logo">`,
      `<script>fetch("${outsideUrl}/script-ran"); parent.document.title = "taken";</script>`,
      `<img src="missing.png" onerror="fetch('${outsideUrl}/handler-ran')">`,
      `<a id="go" href="${outsideUrl}/destination">Go</a>`,
      '</body></html>',
    ].join('');
    const id = await h.createCampaign(p, { subject: 'Browser news', body });
    await h.sendCampaign(p, id);
    const [mail] = await h.outbox(p, 'ann@browser.test');
    const viewPath = viewPaths(mail!.html)[0]!;
    const counts = () =>
      t.deps.db
        .selectFrom('emails')
        .select(['openCount', 'openedAt', 'clickCount'])
        .where('id', '=', mail!.emailId)
        .executeTakeFirstOrThrow();

    const page = await browser.newPage();
    try {
      await page.goto(`http://127.0.0.1:${port}${viewPath}`);
      expect(await page.title()).toBe('Browser news');
      const frame = page.frameLocator('iframe.email');
      await expect.poll(() => frame.locator('#hello').textContent()).toBe('Hello Ann');
      expect(await frame.locator('#hello').evaluate((e) => getComputedStyle(e).color)).toBe('rgb(200, 0, 0)');
      await expect.poll(() => frame.locator('#logo').evaluate((e: FrameElement) => e.naturalWidth)).toBe(1);
      // The page loaded every image it has, and none was the open pixel.
      expect(await counts()).toMatchObject({ openCount: 0, openedAt: null, clickCount: 0 });

      const [popup] = await Promise.all([page.waitForEvent('popup'), frame.locator('#go').click()]);
      await popup.waitForLoadState();
      expect(popup.url()).toBe(`${outsideUrl}/destination`);
      expect(page.url()).toBe(`http://127.0.0.1:${port}${viewPath}`);
      expect(await page.title()).toBe('Browser news');
      expect(hits).toContain('/logo.png');
      expect(hits.filter((u) => u.endsWith('-ran'))).toEqual([]);
      // The link went through its click link, which counts as clicks do.
      expect(Number((await counts()).clickCount)).toBe(1);
    } finally {
      await page.close();
    }
  });

  it('shows the public archive and an archived campaign without JavaScript, styled, without personal data', async () => {
    await t.app.listen({ port, host: '127.0.0.1' }).catch(() => undefined);
    const p = await t.make.project();
    await t.make.contact(p, { email: 'bea@browser.test', data: { firstName: 'Bea' } });
    const archived = await h.createCampaign(p, { name: 'April', subject: 'April news <b>&</b>', archive: true });
    await h.sendCampaign(p, archived);
    const hidden = await h.createCampaign(p, { name: 'Private', subject: 'Not for the archive' });
    await h.sendCampaign(p, hidden);
    const [mail] = await h.outbox(p, 'bea@browser.test');

    mkdirSync(SCREENS_DIR, { recursive: true });
    const shot = (name: string) =>
      page.screenshot({ path: path.join(SCREENS_DIR, `web-version-sqlite-${name}-1280.png`), fullPage: true });
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    try {
      await page.goto(`http://127.0.0.1:${port}/archive/${p.id}`);
      const item = page.getByRole('link', { name: 'April news <b>&</b>' });
      await item.waitFor();
      expect(await page.getByText('Not for the archive').count()).toBe(0);
      // Styled by its own stylesheet (the page carries no script).
      expect(await page.locator('body').evaluate((e) => getComputedStyle(e).color)).not.toBe('rgb(0, 0, 0)');
      expect(await page.locator('link[rel="alternate"][type="application/rss+xml"]').count()).toBe(1);
      await shot('archive');

      await item.click();
      const frame = page.frameLocator('iframe.email');
      await expect.poll(() => frame.locator('body').textContent()).toContain('Hello there');
      expect(await frame.locator('body').textContent()).not.toContain('bea@browser.test');
      await shot('archived-campaign');

      await page.goto(`http://127.0.0.1:${port}${viewPaths(mail!.html)[0]!}`);
      await expect.poll(() => page.frameLocator('iframe.email').locator('body').textContent()).toContain('Hello Bea');
      await shot('web-version');
    } finally {
      await context.close();
    }
  });
});
