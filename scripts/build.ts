/**
 * `npm run build`, the production build: removes dist/, compiles the server into it with
 * tsconfig.build.json (relative `.ts` imports come out as `.js`), so `node dist/main.js` runs without
 * tsx, then builds the dashboard into web/dist when its sources changed since the last build.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDashboard } from './build-web.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Compiles the server into a clean dist/ and builds the dashboard if stale; throws when tsc reports errors. */
export async function buildAll(): Promise<void> {
  rmSync(path.join(root, 'dist'), { recursive: true, force: true });
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`tsc -p tsconfig.build.json failed (exit ${result.status})`);
  // The `mailwright` bin: executable when run straight from a checkout, as npm makes it when linked.
  chmodSync(path.join(root, 'dist/main.js'), 0o755);
  // Stale-checked like `npm start`: an unchanged dashboard is not rebuilt under a server serving it.
  await buildDashboard(true);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildAll();
  console.log('server compiled into dist/, dashboard in web/dist');
}
