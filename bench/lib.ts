/** Shared benchmark plumbing: a migrated app on a temp SQLite database, a project key, autocannon runs. */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type AppOptions, buildApp } from '../src/app.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { insertUser } from '../src/auth/users.repo.ts';
import { createDeps } from '../src/composition.ts';
import { loadConfig } from '../src/config.ts';
import type { createLogger, Deps } from '../src/deps.ts';
import { newId } from '../src/lib/ids.ts';
import { createProject } from '../src/projects/projects.service.ts';
import { multipartBody } from '../test/e2e/contacts-helpers.ts';
import { type Service, startHelloWorld, startService } from './service.ts';

export interface BenchApp {
  app: FastifyInstance;
  deps: Deps;
  url: string;
  secretKey: string;
  projectId: string;
  close(): Promise<void>;
}

/**
 * Starts the real app on 127.0.0.1 with request logging on (to a file, as a deployment would) and a
 * rate limit high enough that the limiter runs on every request without ever refusing one.
 */
export async function startBenchApp(env: Record<string, string> = {}, options: AppOptions = {}): Promise<BenchApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mailwright-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '1000000', ...env });
  const pino = (await import('pino')).default;
  const log = pino({ level: 'info' }, pino.destination({ dest: path.join(dataDir, 'bench.log'), sync: false }));
  const deps = await createDeps(config, { log: log as unknown as ReturnType<typeof createLogger> });
  const app = await buildApp(deps, options);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const userId = newId();
  await insertUser(deps.db, {
    id: userId,
    email: `bench-${userId}@example.test`,
    passwordHash: await hashPassword('bench-password'),
    createdAt: new Date(),
  });
  const project = await createProject(deps, userId, 'bench');
  return {
    app,
    deps,
    url: `http://127.0.0.1:${port}`,
    secretKey: project.secretKey,
    projectId: project.id,
    async close() {
      await app.close();
      await deps.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** Runs a bounded autocannon load against a loopback URL. */
export async function load(opts: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ connections: 10, duration: 5, workers: 1, ...opts });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/**
 * POSTs JSON `body(i)` (i = 1, 2, …) to `path` with a secret key for `duration` seconds over 10
 * connections, in this process (a per-request body cannot cross to autocannon's workers); any
 * error or non-2xx answer fails the benchmark.
 */
export async function loadPosts(
  url: string,
  secretKey: string,
  path: string,
  body: (i: number) => string,
  duration: number,
): Promise<LoadResult> {
  let i = 0;
  const r = await autocannon({
    url,
    duration,
    connections: 10,
    headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
    requests: [{ method: 'POST', path, setupRequest: (req) => ({ ...req, body: body(++i) }) }],
  });
  const out: LoadResult = {
    requestsPerSecond: Math.round(r.requests.average),
    p99Ms: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
  if (out.errors > 0 || out.non2xx > 0) throw new Error(`POST ${path} failed: ${JSON.stringify(out)}`);
  return out;
}

/** The POST /v1/send body of benchmark request `i`: one recipient, a Liquid subject and a body with a link. */
export function sendBody(i: number, to: string, fromEmail: string): string {
  return JSON.stringify({
    to,
    from: { name: 'Bench', email: fromEmail },
    subject: 'Order {{ order }} for {{ name ?? "you" }}',
    body: '<p>Hi {{ name ?? "there" }}, your order {{ order }} shipped.</p><p><a href="https://example.test/o/{{ order }}">Track it</a></p>',
    data: { order: i, name: { value: `N${i}`, persistent: false } },
  });
}

/**
 * The write endpoints' benchmark loads, request `i` of a run tagged `tag`: /v1/send to 5,000
 * recipients again and again, /v1/track on 5,000 contacts with changing data, /contacts creating a
 * new contact every request.
 */
export const WRITE_ENDPOINTS = {
  send: {
    path: '/v1/send',
    body: (i: number, tag: string) => sendBody(i, `r${i % 5000}-${tag}@example.test`, 'bench@example.test'),
  },
  track: {
    path: '/v1/track',
    body: (i: number, tag: string) =>
      JSON.stringify({
        email: `t${i % 5000}-${tag}@example.test`,
        event: ['signup', 'login', 'purchase', 'viewed-pricing'][i % 4],
        data: { plan: i % 3 ? 'pro' : 'free', seen: i },
      }),
  },
  contacts: {
    path: '/contacts',
    body: (i: number, tag: string) =>
      JSON.stringify({
        email: `new${i}-${tag}@example.test`,
        data: { plan: i % 2 ? 'pro' : 'free', seats: i % 50, seen: i },
      }),
  },
} as const;

/**
 * POSTs `count` /v1/send requests to `url` with `key` over `connections` connections, request `i`
 * (1-based) carrying `body(i)`; answers the email ids accepted and the requests refused.
 */
export async function postSends(
  url: string,
  key: string,
  count: number,
  opts: { connections: number; body: (i: number) => string },
): Promise<{ ids: Set<string>; refused: number }> {
  const ids = new Set<string>();
  let i = 0;
  const r = await autocannon({
    url,
    amount: count,
    connections: opts.connections,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        path: '/v1/send',
        setupRequest: (req) => ({ ...req, body: opts.body(++i) }),
        onResponse: (status, body) => {
          if (status !== 200) return;
          for (const e of (JSON.parse(body) as { data: { emails: { email: string }[] } }).data.emails) ids.add(e.email);
        },
      },
    ],
  });
  return { ids, refused: r.non2xx + r.errors };
}

/** Runs `fn` against a fresh database on the PostgreSQL server `server`, dropped afterwards. */
export async function withFreshPostgres<T>(server: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `mw_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(server);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** Runs a benchmark on SQLite, then on a fresh PostgreSQL database when BENCH_DATABASE_URL names a server. */
export async function onEachDatabase(
  benchOn: (label: string, env: Record<string, string>) => Promise<void>,
): Promise<void> {
  // BENCH_ONLY=postgres skips the SQLite run (a long benchmark re-measured on one database).
  if (process.env.BENCH_ONLY !== 'postgres') await benchOn('sqlite', {});
  const server = process.env.BENCH_DATABASE_URL;
  if (server) await withFreshPostgres(server, (url) => benchOn('postgres', { DATABASE_URL: url }));
}

/** A JSON request to the service with its secret key; any 4xx or 5xx fails the benchmark. */
export async function api(svc: Service, path: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const res = await fetch(`${svc.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${svc.secretKey}`, ...(init.headers as Record<string, string>) },
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (res.status >= 400) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * Imports `total` contacts through POST /contacts/import, files of `perFile` rows (`rows(from, to)`
 * builds one) one after another, each polled to completion; returns rows per second over the run.
 */
export async function importCsvFiles(
  svc: Service,
  total: number,
  perFile: number,
  rows: (from: number, to: number) => Buffer,
): Promise<number> {
  const t0 = performance.now();
  for (let from = 0; from < total; from += perFile) {
    const { payload: body, headers } = multipartBody(rows(from, Math.min(total, from + perFile)));
    const job = await api(svc, '/contacts/import', { method: 'POST', body, headers });
    for (;;) {
      const s = await api(svc, `/contacts/import/${job.jobId}`);
      if (s.status === 'completed') break;
      if (s.status === 'failed') throw new Error(`import failed: ${JSON.stringify(s)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return Math.round(total / ((performance.now() - t0) / 1000));
}

/**
 * BENCH_PROF=<dir>: node flags that write the service's CPU profile there when it stops (read it with
 * `tsx bench/profile-summary.ts <file>`); none otherwise, so the service runs exactly as `npm start`.
 */
export function profileFlags(): string[] {
  const dir = process.env.BENCH_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

/**
 * Starts a bare Fastify hello-world and the service with `env`, warms both, then measures the
 * hello-world and `loadPosts` of `path` with `body(i, tag)` for `duration` seconds, printing req/s, p99
 * and the ratio: the shape of every "endpoint beside hello-world" benchmark.
 */
export async function postsBesideHelloWorld(
  label: string,
  env: Record<string, string>,
  spec: { path: string; body: (i: number, tag: string) => string; duration: number },
): Promise<void> {
  const hello = await startHelloWorld();
  const svc = await startService(env, profileFlags());
  const tag = Date.now().toString(36);
  const posts = (t: string, duration: number) =>
    loadPosts(svc.url, svc.secretKey, spec.path, (i) => spec.body(i, t), duration);
  try {
    await load({ url: hello.url, duration: 1 });
    await posts(`warm${tag}`, 2);
    const base = await load({ url: hello.url, duration: spec.duration });
    const r = await posts(tag, spec.duration);
    console.log(`${label}: bare fastify hello-world: ${base.requestsPerSecond} req/s (p99 ${base.p99Ms} ms)`);
    console.log(
      `${label}: POST ${spec.path}: ${r.requestsPerSecond} req/s (p99 ${r.p99Ms} ms) = ${(r.requestsPerSecond / base.requestsPerSecond).toFixed(3)} of hello-world`,
    );
  } finally {
    await hello.stop();
    await svc.stop();
  }
}

/** The service's resident memory now, in MB (prom-client's process metric). */
export async function rssNow(svc: Service): Promise<number> {
  const text = await (await fetch(`${svc.url}/metrics`)).text();
  const m = /^process_resident_memory_bytes (\d+)/m.exec(text);
  return m ? Math.round(Number(m[1]) / 1048576) : 0;
}

/** Samples the service's resident memory until stopped; answers the highest value seen, in MB. */
export function rssSampler(svc: Service): { stop(): Promise<number> } {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await rssNow(svc));
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}

/** Median of `runs` timed calls after one warm-up; returns [ms, last result]. */
export async function medianOf<T>(runs: number, fn: () => Promise<T>): Promise<[number, T]> {
  let last = await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return [times[Math.floor(runs / 2)]!, last];
}
