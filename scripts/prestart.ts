/**
 * `npm start`'s prestart, also run by the benchmarks before they start the service: compiles the
 * server into dist-server/ and builds the dashboard into web/dist, each only when its sources changed,
 * so that `npm start` then runs `node` on compiled code (no tsx loader thread: some 80 MB less).
 */
import { fileURLToPath } from 'node:url';
import { buildServer } from './build-server.ts';
import { buildDashboard } from './build-web.ts';

/**
 * Node's arguments before the command, as `npm start`, `npm run worker` and `npm run migrate` spell
 * them in package.json (test/e2e/start-build.test.ts holds the two together): the compiled entry,
 * with stack traces that name lines of src/ (the source maps cost about 2 MB resident).
 */
export function startNodeArgs(distDir = 'dist-server'): string[] {
  return ['--enable-source-maps', `${distDir}/main.js`];
}

/** Builds the server and the dashboard where stale; answers what each did. */
export async function prepareStart(): Promise<{ server: 'built' | 'fresh'; dashboard: 'built' | 'fresh' }> {
  return { server: await buildServer(true), dashboard: await buildDashboard(true) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const t0 = performance.now();
  const { server, dashboard } = await prepareStart();
  const said = (what: string, r: 'built' | 'fresh') => `${what} ${r === 'built' ? 'built' : 'up to date'}`;
  console.log(`${said('server', server)}, ${said('dashboard', dashboard)} (${Math.round(performance.now() - t0)} ms)`);
}
