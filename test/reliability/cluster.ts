/**
 * A scaled-out Mailwright for the reliability suite: one fresh PostgreSQL database, N API processes
 * (`serve --role api`, each on its own loopback port) and M workers (`worker`), all separate
 * processes started the way production starts them (`node dist/main.js`, built by
 * `npm run test:reliability`; RELIABILITY_ENTRY=tsx runs the sources instead). The test keeps its
 * own deps on the same database to read rows, and can SIGKILL, SIGTERM and restart any process.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createDeps } from '../../src/composition.ts';
import { createLogger, type Deps } from '../../src/deps.ts';
import { createTestDatabase, TEST_SECRETS, type TestDatabase, testConfig } from '../env.ts';
import { makeFactories, type TestProject } from '../factories.ts';
import { freePort, type NodeProcess, startProcess, until } from '../fixtures/processes.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST_MAIN = 'dist/main.js';

/** How the processes run: the compiled build unless RELIABILITY_ENTRY=tsx. */
function entry(): { args: string[]; label: string } {
  if (process.env.RELIABILITY_ENTRY === 'tsx') return { args: ['--import', 'tsx', 'src/main.ts'], label: 'tsx' };
  if (!existsSync(`${ROOT}/${DIST_MAIN}`))
    throw new Error(
      `${DIST_MAIN} is missing: run \`npm run build\` (npm run test:reliability does) or set RELIABILITY_ENTRY=tsx`,
    );
  return { args: [DIST_MAIN], label: 'dist' };
}

export type Role = 'api' | 'worker';

/** One process slot: the role, its port (APIs), and the process now running in it. */
export interface Member {
  role: Role;
  index: number;
  url?: string;
  proc: NodeProcess;
  /** Every process this slot ran, oldest first (for output on failure). */
  history: NodeProcess[];
}

export interface ClusterOptions {
  apis: number;
  workers: number;
  /** Environment shared by every process (on top of the database and the test secrets). */
  env?: Record<string, string>;
}

export interface Cluster {
  database: TestDatabase;
  /** Our own deps on the cluster's database, for seeding and reading rows. */
  deps: Deps & { close(): Promise<void> };
  env: Record<string, string>;
  apis: Member[];
  workers: Member[];
  /** API base URLs, one per API process. */
  urls(): string[];
  /** Starts a fresh process in the slot (the old one must have exited) and waits until it is ready. */
  start(member: Member): Promise<void>;
  /** Sends `signal`, waits for the exit (answers it), then starts the slot again and waits for ready. */
  restart(member: Member, signal: 'SIGKILL' | 'SIGTERM'): Promise<{ code: number | null; signal: string | null }>;
  /** A project with a secret key (and its owner), created through our deps. */
  project(): Promise<TestProject>;
  /** Kills whatever still runs and drops the database. */
  close(): Promise<void>;
}

/** Starts the cluster: migrates once, then all processes at once; resolves when every one is ready. */
export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const database = await createTestDatabase('postgres');
  const env = { ...database.env, ...opts.env };
  const deps = await createDeps(testConfig(env), { log: createLogger('silent') });
  const { args, label } = entry();
  const spawnFor = (m: Pick<Member, 'role' | 'url'>, port?: number) =>
    startProcess(process.execPath, [...args, ...(m.role === 'api' ? ['serve', '--role', 'api'] : ['worker'])], {
      ...env,
      ...TEST_SECRETS,
      ...(port ? { PORT: String(port), HOST: '127.0.0.1' } : {}),
      // Workers say when they are up at info (they log nothing per job); APIs would log every request.
      LOG_LEVEL: process.env.RELIABILITY_LOG_LEVEL ?? (m.role === 'worker' ? 'info' : 'warn'),
      NODE_ENV: 'production',
    });
  const ports = new Map<Member, number>();
  const ready = async (m: Member) => {
    const proc = m.proc;
    const what = `${m.role} ${m.index} (${label}) ready`;
    if (m.role === 'api') {
      await until(async () => {
        if (proc.child.exitCode !== null || proc.child.signalCode)
          throw new Error(`${what}: exited\n${proc.output().stderr}`);
        return (await fetch(`${m.url}/ready`).catch(() => undefined))?.ok ? true : undefined;
      }, what);
    } else {
      // A worker has no port: it is ready once it has said so on its log (main.ts logs after jobs start).
      await until(async () => {
        if (proc.child.exitCode !== null || proc.child.signalCode)
          throw new Error(`${what}: exited\n${proc.output().stderr}`);
        return proc.output().stdout.includes('worker is up') ? true : undefined;
      }, what);
    }
  };
  const make = async (role: Role, index: number): Promise<Member> => {
    const port = role === 'api' ? await freePort() : undefined;
    const url = port ? `http://127.0.0.1:${port}` : undefined;
    const proc = spawnFor({ role, url }, port);
    const m: Member = { role, index, url, proc, history: [proc] };
    if (port) ports.set(m, port);
    return m;
  };
  const apis = await Promise.all(Array.from({ length: opts.apis }, (_, i) => make('api', i)));
  const workers = await Promise.all(Array.from({ length: opts.workers }, (_, i) => make('worker', i)));
  const all = [...apis, ...workers];
  const cluster: Cluster = {
    database,
    deps,
    env,
    apis,
    workers,
    urls: () => apis.map((a) => a.url!),
    async start(m) {
      if (m.proc.child.exitCode === null && !m.proc.child.signalCode)
        throw new Error(`${m.role} ${m.index} still runs`);
      m.proc = spawnFor(m, ports.get(m));
      m.history.push(m.proc);
      await ready(m);
    },
    async restart(m, signal) {
      m.proc.child.kill(signal);
      const exit = await m.proc.exited(signal === 'SIGTERM' ? 60_000 : 10_000);
      await cluster.start(m);
      return { code: exit.code, signal: exit.signal };
    },
    project: () => makeFactories({ deps }).project(),
    async close() {
      for (const m of all) if (m.proc.child.exitCode === null && !m.proc.child.signalCode) m.proc.child.kill('SIGKILL');
      await Promise.all(all.map((m) => m.proc.exited().catch(() => undefined)));
      await deps.close();
      await database.drop();
    },
  };
  try {
    await Promise.all(all.map(ready));
  } catch (err) {
    await cluster.close();
    throw err;
  }
  return cluster;
}

/** Calls the API with the project's key, spreading calls over the API processes in turn. */
export function apiClient(cluster: Cluster, auth: string) {
  let next = 0;
  return async <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => {
    const urls = cluster.urls();
    const url = urls[next++ % urls.length]!;
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: (text ? JSON.parse(text) : undefined) as T };
  };
}
