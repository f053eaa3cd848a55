/**
 * Builds the dashboard into web/dist (or WEB_DIST_DIR). With --if-stale it first compares a hash of
 * everything the build reads with the one stored beside the last build, and skips when they match:
 * `npm start` runs it on every start and pays only a hash of the sources when nothing changed.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.resolve(process.env.WEB_DIST_DIR ?? path.join(root, 'web/dist'));
const stampFile = path.join(outDir, '.source-hash');
const INPUTS = [
  'web/src',
  'web/index.html',
  'web/vite.config.ts',
  'client',
  'package-lock.json',
  'src/http/dashboard-sections.ts',
];

function files(entry: string): string[] {
  const full = path.join(root, entry);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (statSync(full).isFile()) return [entry];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(entry, name))
    .filter((name) => statSync(path.join(root, name)).isFile() && !/\.test\.tsx?$/.test(name))
    .sort();
}

/** One hash over every input's name and content. */
export function sourceHash(): string {
  const hash = createHash('sha256');
  for (const name of INPUTS.flatMap(files))
    hash
      .update(name)
      .update('\0')
      .update(readFileSync(path.join(root, name)));
  return hash.digest('hex');
}

function builtHash(): string | undefined {
  try {
    return readFileSync(stampFile, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Builds unless `ifStale` and the last build came from the same sources. */
export async function buildDashboard(ifStale: boolean): Promise<'built' | 'fresh'> {
  const hash = sourceHash();
  if (ifStale && builtHash() === hash) return 'fresh';
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
  writeFileSync(stampFile, hash);
  return 'built';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await buildDashboard(process.argv.includes('--if-stale'));
  console.log(result === 'built' ? `dashboard built into ${outDir}` : 'dashboard is up to date');
}
