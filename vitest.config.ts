import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './test/slow-first-sequencer.ts';

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
    // Each file gets its own database. Three files at a time on two cores: most of a file's time is
    // spent waiting (leases running out, child processes, the browser, polls), not computing.
    maxWorkers: 3,
    // The slowest files first, so none starts last and runs alone at the end (test/durations.json).
    sequence: { sequencer: SlowFirstSequencer },
  },
});
