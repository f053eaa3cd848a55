/** In CI, PostgreSQL must be configured: without TEST_DATABASE_URL half the suite would silently not run. */
export default function setup(): void {
  if (process.env.CI && !process.env.TEST_DATABASE_URL) {
    throw new Error('CI is set but TEST_DATABASE_URL is not: the PostgreSQL half of the suite would not run.');
  }
}
