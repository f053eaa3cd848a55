import type { TestProject } from 'vitest/node';
import { buildDashboard } from '../scripts/build-web.ts';
import { type ChromiumInfo, resolveChromium } from './browser/chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The browser the dashboard tests drive (test/browser/chromium.ts), resolved once per run. */
    chromium: ChromiumInfo;
  }
}

/**
 * In CI, PostgreSQL must be configured: without TEST_DATABASE_URL half the suite would silently not
 * run. The dashboard is built (when its sources changed) so the browser tests serve the current code,
 * and the browser they drive is found (or unpacked from its npm package) once for every worker.
 */
export default async function setup(project: TestProject): Promise<void> {
  if (process.env.CI && !process.env.TEST_DATABASE_URL) {
    throw new Error('CI is set but TEST_DATABASE_URL is not: the PostgreSQL half of the suite would not run.');
  }
  await buildDashboard(true);
  project.provide('chromium', await resolveChromium());
}
