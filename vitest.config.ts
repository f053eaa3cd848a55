import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'web/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    // The reliability suite runs on its own (npm run test:reliability, vitest.reliability.config.ts).
    exclude: ['**/node_modules/**', 'test/reliability/**'],
    // The sweeps' figures (inputs tried, 5xx seen, cross-tenant reads…) as one table at the end.
    reporters: ['default', './test/figures-reporter.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits on background jobs and a browser; under CI load (two files, a server and
    // Chromium on two cores) the default 1 s is too short for a result that is on its way.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    // Each file gets its own database; two cores, so two files at a time.
    maxWorkers: 2,
  },
});
