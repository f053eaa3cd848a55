import { buildDashboard } from '../scripts/build-web.ts';

/**
 * In CI, PostgreSQL must be configured: without TEST_DATABASE_URL half the suite would silently not
 * run. The dashboard is built (when its sources changed) so the browser tests serve the current code.
 */
export default async function setup(): Promise<void> {
  if (process.env.CI && !process.env.TEST_DATABASE_URL) {
    throw new Error('CI is set but TEST_DATABASE_URL is not: the PostgreSQL half of the suite would not run.');
  }
  await buildDashboard(true);
}
