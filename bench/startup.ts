/**
 * Start-up time: from spawn to the first 200 of GET /ready, for the compiled build (`node
 * dist/main.js serve`, the image's CMD), the esbuild output `npm start` runs (scripts/prestart.ts)
 * and the sources under tsx (`npm run dev`'s way), each start on a fresh data folder, and on a fresh PostgreSQL
 * database when BENCH_DATABASE_URL names a server. Prints median, min and max of
 * BENCH_STARTUP_RUNS starts (default 5, after one untimed warm-up each) and the median resident
 * memory once ready. Builds dist/ and dist-server/ first, so the compiled figures are of the current
 * sources.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildAll } from '../scripts/build.ts';
import { prepareStart, startNodeArgs } from '../scripts/prestart.ts';
import { answersOk, startNodeWith, terminate } from '../test/fixtures/dist-process.ts';
import { withFreshPostgres } from './lib.ts';
import { freePort } from './service.ts';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);
const ENTRIES: Record<string, string[]> = {
  'node dist/main.js serve': ['dist/main.js', 'serve'],
  [`node ${startNodeArgs().join(' ')} serve (npm start)`]: [...startNodeArgs(), 'serve'],
  'node --import tsx src/main.ts serve': ['--import', 'tsx', 'src/main.ts', 'serve'],
};

interface Start {
  ms: number;
  rssMb: number;
}

/** The resident memory of a process in MB, from /proc (NaN where there is none). */
function rssMb(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Starts `node ...args` on a fresh data folder with `env`, times it to /ready and stops it. */
async function startOnce(args: string[], env: Record<string, string>): Promise<Start> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mailwright-bench-'));
  const port = await freePort();
  const t0 = performance.now();
  const p = startNodeWith(args, {
    ...env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  });
  try {
    await answersOk(p, `http://127.0.0.1:${port}/ready`);
    const ms = Math.round(performance.now() - t0);
    return { ms, rssMb: rssMb(p.child.pid!) };
  } finally {
    const code = await terminate(p, 30_000);
    rmSync(dataDir, { recursive: true, force: true });
    if (code !== 0) console.error(`${args.join(' ')} exited with ${code}:\n${p.output().stderr}`);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Times every entry RUNS times, interleaved, each start on what `fresh` provides. */
async function measure(label: string, fresh: (args: string[]) => Promise<Start>): Promise<void> {
  const starts: Record<string, Start[]> = {};
  for (const [name, args] of Object.entries(ENTRIES)) {
    await fresh(args); // warm-up: file cache, tsx's transform cache
    starts[name] = [];
  }
  for (let i = 0; i < RUNS; i++)
    for (const [name, args] of Object.entries(ENTRIES)) starts[name]!.push(await fresh(args));
  for (const [name, runs] of Object.entries(starts)) {
    const ms = runs.map((r) => r.ms);
    console.log(
      `${label}: ${name}: median ${median(ms)} ms to /ready (min ${Math.min(...ms)}, max ${Math.max(...ms)}, ` +
        `${RUNS} runs), RSS ${median(runs.map((r) => r.rssMb))} MB`,
    );
  }
}

export default async function startupBench(): Promise<void> {
  await buildAll();
  await prepareStart();
  if (process.env.BENCH_ONLY !== 'postgres') await measure('sqlite', (args) => startOnce(args, {}));
  const server = process.env.BENCH_DATABASE_URL;
  if (server) {
    await measure('postgres', (args) => withFreshPostgres(server, (url) => startOnce(args, { DATABASE_URL: url })));
  }
}
