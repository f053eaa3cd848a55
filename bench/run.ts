/**
 * Benchmark runner: `npm run bench -- <name>` runs bench/<name>.ts; with no name, every benchmark.
 * Benchmarks use loopback only and bounded durations; they print their figures and exit.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
/** Shared plumbing, not benchmarks. */
const HELPERS = [
  'run.ts',
  'lib.ts',
  'profile-summary.ts',
  'cpu-per-request.ts',
  'floor-server.ts',
  'optimization-lib.ts',
  'optimization-measure.ts',
  'service.ts',
  'smtp.ts',
  'webhooks-lib.ts',
  'webhooks-receivers.ts',
];
const available = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !HELPERS.includes(f))
  .map((f) => f.slice(0, -3))
  .sort();

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = wanted.length > 0 ? wanted : available;
for (const name of names) {
  if (!available.includes(name)) {
    console.error(`unknown benchmark "${name}"; available: ${available.join(', ')}`);
    process.exit(2);
  }
  console.log(`\n== ${name} ==`);
  const mod = (await import(pathToFileURL(path.join(dir, `${name}.ts`)).href)) as { default: () => Promise<void> };
  await mod.default();
}
process.exit(0);
