/**
 * Builds the dashboard into web/dist (or WEB_DIST_DIR). With --if-stale it first compares a hash of
 * everything the build reads with the one stored beside the last build, and skips when they match:
 * `npm start` runs it on every start and pays only a hash of the sources when nothing changed.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './source-stamp.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.resolve(process.env.WEB_DIST_DIR ?? path.join(root, 'web/dist'));
const stamped = {
  root,
  inputs: [
    'web/src',
    'web/index.html',
    'web/vite.config.ts',
    'client',
    'package-lock.json',
    'src/http/dashboard-sections.ts',
  ],
  skip: (name: string) => /\.test\.tsx?$/.test(name),
  stampFile: path.join(outDir, '.source-hash'),
};

/** Builds unless `ifStale` and the last build came from the same sources. */
export function buildDashboard(ifStale: boolean): Promise<'built' | 'fresh'> {
  return buildIfStale(stamped, ifStale, async () => {
    // Loaded only to build: importing Vite is most of what an up-to-date check would cost.
    const { build } = await import('vite');
    // Always React's production build, also when called from a test run (vitest sets NODE_ENV=test,
    // which would otherwise give the development runtime); the variable is restored afterwards.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({
        configFile: path.join(root, 'web/vite.config.ts'),
        mode: 'production',
        logLevel: 'warn',
        build: { outDir },
      });
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await buildDashboard(process.argv.includes('--if-stale'));
  console.log(result === 'built' ? `dashboard built into ${outDir}` : 'dashboard is up to date');
}
