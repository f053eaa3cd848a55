/**
 * Browser tests: `mailwright serve` as a real child process on a fresh database (either dialect),
 * a loopback DNS server for domain checks, and Chromium (Debian's, or the one npm install brings:
 * chromium.ts) driven by playwright-core.
 * Every test file gets its own server and browser; console errors and failed API calls fail it.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { createTestDatabase, type Dialect, TEST_SECRETS, type TestDatabase } from '../env.ts';
import { freePort, type NodeProcess, startNode, until } from '../fixtures/processes.ts';
import { type DnsServer, startDnsServer } from '../servers/dns-server.ts';
import type { ChromiumInfo } from './chromium.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SCREENS_DIR = path.join(ROOT, 'test-results/screens');
// As the machine's notes say: without these, Chromium tries to reach Google's hosts at start.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserEnvOptions {
  dialect: Dialect;
  /** Prefix of this file's screenshots (`contacts` → test-results/screens/contacts-<dialect>-list.png). */
  name: string;
  env?: Record<string, string>;
}

export interface BrowserEnv {
  url: string;
  page: Page;
  context: BrowserContext;
  dns: DnsServer;
  server: NodeProcess;
  /** Saves a full-page screenshot for review. */
  screenshot(screen: string): Promise<void>;
  /**
   * Calls the API with the browser's session cookie (and X-Project-Id when given), for setting up
   * what a test is not about; throws on a non-2xx answer.
   */
  call<T = unknown>(method: string, apiPath: string, body?: unknown, projectId?: string): Promise<T>;
  /** Signs up a fresh user through the API in this browser context and creates a project. */
  signUpWithProject(
    projectName?: string,
  ): Promise<{ email: string; password: string; projectId: string; secretKey: string }>;
  /** Reloads the page and waits until `heading` shows again: the screen's URL is a real deep link. */
  reloadShows(heading: string | RegExp): Promise<void>;
}

let counter = 0;

/** Launches the run's Chromium (test/browser/chromium.ts) headless, with the flags above. */
export function launchChromium(info: ChromiumInfo): Promise<Browser> {
  const env = Object.keys(info.env).length > 0 ? { ...process.env, ...info.env } : undefined;
  return chromium.launch({ executablePath: info.executablePath, args: CHROMIUM_ARGS, headless: true, env });
}

/** Starts server, DNS and browser in beforeAll and stops them (dropping the database) in afterAll. */
export function useBrowserEnv(options: BrowserEnvOptions): BrowserEnv {
  const t = {} as BrowserEnv;
  let db: TestDatabase | undefined;
  let browser: Browser | undefined;
  const problems: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(options.dialect);
    t.dns = await startDnsServer();
    // A test that must know the server's address before it starts (a redirect URI registered at an
    // identity provider) gives its PORT in `env`.
    const port = options.env?.PORT ? Number(options.env.PORT) : await freePort();
    t.url = `http://127.0.0.1:${port}`;
    t.server = startNode('src/main.ts', ['serve'], {
      ...db.env,
      ...TEST_SECRETS,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: t.url,
      DNS_SERVERS: t.dns.server,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: process.env.WEB_DIST_DIR,
      ...options.env,
    });
    await until(async () => {
      if (t.server.child.exitCode !== null) throw new Error(`serve exited: ${t.server.output().stderr}`);
      return (await fetch(`${t.url}/ready`).catch(() => undefined))?.ok ? true : undefined;
    }, 'serve ready');

    browser = await launchChromium(inject('chromium'));
    t.context = await browser.newContext({ viewport: { width: 1280, height: 860 }, baseURL: t.url });
    t.page = await t.context.newPage();
    t.page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
    });
    t.page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    mkdirSync(SCREENS_DIR, { recursive: true });
  }, 120_000);

  afterEach(() => {
    // An error a test expects (a 4xx shown in a form) is logged by the browser as a failed load;
    // those are "Failed to load resource" lines and are allowed. Anything else is a defect.
    const real = problems.splice(0).filter((p) => !p.includes('Failed to load resource'));
    expect(real, 'browser console errors').toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    t.server?.child.kill('SIGTERM');
    await t.server?.exited(20_000).catch(() => t.server.child.kill('SIGKILL'));
    await t.dns?.close();
    await db?.drop();
  }, 60_000);

  t.screenshot = async (screen) => {
    await t.page.screenshot({
      path: path.join(SCREENS_DIR, `${options.name}-${options.dialect}-${screen}.png`),
      fullPage: true,
    });
  };

  t.call = async <T>(method: string, apiPath: string, body?: unknown, projectId?: string): Promise<T> => {
    const res = await t.context.request.fetch(`${t.url}${apiPath}`, {
      method,
      headers: {
        'x-requested-with': 'browser-test',
        ...(projectId ? { 'x-project-id': projectId } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      data: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok()) throw new Error(`${method} ${apiPath}: ${res.status()} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };

  t.signUpWithProject = async (projectName = 'Acme') => {
    counter += 1;
    const email = `user${counter}-${Date.now()}@example.com`;
    const password = 'correct horse battery staple';
    await t.call('POST', '/auth/signup', { email, password });
    const project = await t.call<{ id: string; secretKey: string }>('POST', '/users/@me/projects', {
      name: projectName,
    });
    return { email, password, projectId: project.id, secretKey: project.secretKey };
  };

  t.reloadShows = async (heading) => {
    await t.page.reload();
    await t.page.getByRole('heading', { name: heading }).first().waitFor();
  };

  return t;
}
