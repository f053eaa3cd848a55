import { defineConfig } from 'vitest/config';

/**
 * The reliability suite (`npm run test:reliability`): scaled-out clusters of real processes on
 * PostgreSQL that are killed, restarted and cut off while they work, plus the sweeps (malformed
 * input, tenant isolation, SSRF) so that every figure lands in one table at the end. One file at a
 * time: each scenario owns the machine's two cores while it runs.
 */
export default defineConfig({
  test: {
    include: [
      'test/reliability/**/*.test.ts',
      'test/e2e/input-sweep.test.ts',
      'test/e2e/tenant-isolation.test.ts',
      'test/e2e/ssrf-guard.test.ts',
    ],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
    expect: { poll: { timeout: 10_000, interval: 100 } },
    reporters: ['default', './test/figures-reporter.ts'],
  },
});
