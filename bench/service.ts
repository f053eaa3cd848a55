/**
 * The service as users run it: `npm start`'s prestart (scripts/prestart.ts, once per benchmark
 * process), then `node --enable-source-maps dist-server/main.js serve` as `npm start` runs it, in a
 * process of its own, on a fresh data folder or PostgreSQL database, signed up to and given a project
 * through the HTTP API. A bare Fastify hello-world runs in a process of its own as the baseline.
 * Everything listens on 127.0.0.1 and is killed when the benchmark ends.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareStart, startNodeArgs } from '../scripts/prestart.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface Service {
  url: string;
  secretKey: string;
  /** Session cookie of the project's owner. */
  cookie: string;
  projectId: string;
  logFile: string;
  /** The data folder (the SQLite file is mailwright.db in it). */
  dataDir: string;
  stop(): Promise<void>;
}

/** A free loopback port (the OS picks it, we release it and hand it to the child). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

let prepared: Promise<unknown> | undefined;

/**
 * Node's arguments before the command: `npm start`'s, after its prestart; with BENCH_BUILD=1 the
 * production build's (`npm run build` first, then what `npm run start:prod` runs).
 */
async function entryArgs(): Promise<string[]> {
  if (process.env.BENCH_BUILD === '1') {
    if (!existsSync(path.join(ROOT, 'dist/main.js'))) throw new Error('BENCH_BUILD=1 needs `npm run build` first');
    return ['dist/main.js'];
  }
  prepared ??= prepareStart();
  await prepared;
  return startNodeArgs();
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode} before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function stopper(child: ChildProcess, cleanup: () => void): () => Promise<void> {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    cleanup();
  };
}

/** Starts Mailwright with `env` (e.g. DATABASE_URL) and returns a signed-up project on it. */
export async function startService(
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  serveArgs: string[] = [],
): Promise<Service> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mailwright-bench-'));
  const port = await freePort();
  const logFile = path.join(dataDir, 'service.log');
  // `nodeArgs` (profiling flags) go before the entry, as they would in NODE_OPTIONS.
  const args = [...nodeArgs, ...(await entryArgs()), 'serve', ...serveArgs];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // High enough that the limiter runs on every request without refusing one.
      RATE_LIMIT_PER_MINUTE: '1000000',
      ...(process.env.HEAP_GROWING_PERCENT ? { HEAP_GROWING_PERCENT: process.env.HEAP_GROWING_PERCENT } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Logs go to a file, as a deployment's would.
  const log = createWriteStream(logFile);
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(child, () => rmSync(dataDir, { recursive: true, force: true }));
  try {
    await waitFor(`${url}/ready`, child);
    const signup = await fetch(`${url}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `bench-${port}@example.test`, password: 'bench-password-123' }),
    });
    if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
    const cookie = signup.headers.get('set-cookie')!.split(';')[0]!;
    const created = await fetch(`${url}/users/@me/projects`, {
      method: 'POST',
      // A signed-in request that changes something must show it comes from the site (http/csrf.ts).
      headers: { 'content-type': 'application/json', cookie, 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ name: 'bench' }),
    });
    if (created.status !== 201) throw new Error(`project: ${created.status} ${await created.text()}`);
    const project = (await created.json()) as { id: string; secretKey: string };
    return { url, secretKey: project.secretKey, cookie, projectId: project.id, logFile, dataDir, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * A worker process (`node … worker`, as `npm run worker` runs it) beside a service started with
 * `--role api`: both need the same DATABASE_URL and secrets in `env`. Resolves once it runs.
 */
export async function startWorker(env: Record<string, string>): Promise<{ stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mailwright-worker-'));
  const child = spawn(process.execPath, [...(await entryArgs()), 'worker'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(path.join(dataDir, 'worker.log'));
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  // The worker answers no HTTP: it is up once it says so (main.ts), or failed if it exits first.
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error('worker did not start within 60 s')), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      seen = (seen + chunk.toString('utf8')).slice(-4096);
      if (seen.includes('Mailwright worker is up')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited with ${code}`));
    });
  });
  return { stop: stopper(child, () => rmSync(dataDir, { recursive: true, force: true })) };
}

/** A bare Fastify hello-world in its own process: the baseline every ratio is taken against. */
export async function startHelloWorld(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const code = `
    const app = require('fastify')({ logger: false });
    app.get('/hello', async () => ({ hello: 'world' }));
    app.listen({ host: '127.0.0.1', port: ${port} });`;
  return startBaseline(['-e', code], {}, `http://127.0.0.1:${port}/hello`);
}

/**
 * A baseline in a process of its own (node `args`, with `env` beside PATH and HOME), resolved once
 * `readyUrl` answers; stopping it kills it.
 */
export async function startBaseline(
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = stopper(child, () => {});
  try {
    await waitFor(readyUrl, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: readyUrl, stop };
}
