// Invariant: the browser tests need no set-up step. CHROMIUM_PATH wins, then Debian's Chromium, and
// without either the Chromium inside the npm package is unpacked (once, whole) and drives a page.
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { resolveChromium, unpackBundledChromium } from './chromium.ts';
import { launchChromium } from './harness.ts';

describe('the browser the dashboard tests drive', () => {
  it('is CHROMIUM_PATH when set, whatever else is installed', async () => {
    expect(await resolveChromium({ CHROMIUM_PATH: '/opt/my/chrome' })).toEqual({
      executablePath: '/opt/my/chrome',
      env: {},
      source: 'CHROMIUM_PATH',
    });
  });

  it('is the one npm install brought when the machine has no Chromium, and it clicks a button', async () => {
    const info = await resolveChromium({}, '/nonexistent/chromium');
    expect(info.source).toBe('bundled');
    expect(existsSync(info.executablePath)).toBe(true);
    // Unpacked once: a second call answers the same unpacked copy.
    expect((await unpackBundledChromium()).executablePath).toBe(info.executablePath);

    const server = http.createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end('<title>start</title><button onclick="document.title = \'clicked\'">Go</button>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const browser = await launchChromium(info);
    try {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      await page.getByRole('button', { name: 'Go' }).click();
      expect(await page.title()).toBe('clicked');
    } finally {
      await browser.close();
      server.close();
    }
  });
});
