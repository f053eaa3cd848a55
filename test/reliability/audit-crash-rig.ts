/**
 * For the audit crash test: the processes under test on either database (PostgreSQL: the reliability
 * cluster, 2 APIs and a worker; SQLite: the one `serve` process its layout runs), SIGKILLed all at
 * once and started again; and a stream of concurrent audited topic changes with the project's secret
 * key, each request written down as answered (status, X-Audit-Entry) or cut by the kill.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { createDeps } from '../../src/composition.ts';
import { createLogger, type Deps } from '../../src/deps.ts';
import { createTestDatabase, type Dialect, TEST_SECRETS, testConfig } from '../env.ts';
import { makeFactories, type TestProject } from '../factories.ts';
import { freePort, type NodeProcess, startProcess, until } from '../fixtures/processes.ts';
import { startCluster } from './cluster.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Requests in flight at once. */
const IN_FLIGHT = 40;
/** Topics kept alive, well under the 100 a project may have (topics.service.ts). */
const LIVE_TARGET = 50;
/** A round ends by itself after this long, whatever it reached. */
const ROUND_MS = 30_000;

export interface Fleet {
  deps: Deps;
  project: TestProject;
  urls(): string[];
  /** Every process now running. */
  processes(): NodeProcess[];
  /** SIGKILLs every process at once; resolves once each has exited by the signal. */
  killAll(): Promise<void>;
  /** Starts every process again; resolves once each is ready. */
  startAll(): Promise<void>;
}

async function killed(procs: NodeProcess[]): Promise<void> {
  for (const p of procs) p.child.kill('SIGKILL');
  for (const p of procs) expect((await p.exited(10_000)).signal).toBe('SIGKILL');
}

/** PostgreSQL: 2 APIs and a worker of the build; SQLite: one `serve` of the build (API, jobs, scheduler). */
export async function startFleet(
  dialect: Dialect,
  env: Record<string, string>,
  cleanups: Array<() => Promise<void>>,
): Promise<Fleet> {
  if (dialect === 'postgres') {
    const cluster = await startCluster({ apis: 2, workers: 1, env });
    cleanups.push(() => cluster.close());
    const members = [...cluster.apis, ...cluster.workers];
    return {
      deps: cluster.deps,
      project: await cluster.project(),
      urls: () => cluster.urls(),
      processes: () => members.map((m) => m.proc),
      killAll: () => killed(members.map((m) => m.proc)),
      startAll: async () => {
        await Promise.all(members.map((m) => cluster.start(m)));
      },
    };
  }
  const entry = process.env.RELIABILITY_ENTRY === 'tsx' ? ['--import', 'tsx', 'src/main.ts'] : ['dist/main.js'];
  if (entry[0] === 'dist/main.js' && !existsSync(`${ROOT}/dist/main.js`))
    throw new Error('dist/main.js is missing: run `npm run build` or set RELIABILITY_ENTRY=tsx');
  const database = await createTestDatabase('sqlite');
  cleanups.push(() => database.drop());
  const all = { ...database.env, ...env };
  const deps = await createDeps(testConfig(all), { log: createLogger('silent') });
  cleanups.push(() => deps.close());
  const project = await makeFactories({ deps }).project();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const serveEnv = { ...all, ...TEST_SECRETS, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  let proc: NodeProcess | undefined;
  cleanups.push(async () => {
    if (proc && proc.child.exitCode === null && !proc.child.signalCode) proc.child.kill('SIGKILL');
    await proc?.exited().catch(() => undefined);
  });
  const start = async () => {
    const s = startProcess(process.execPath, [...entry, 'serve'], { ...serveEnv, NODE_ENV: 'production' });
    proc = s;
    await until(async () => {
      if (s.child.exitCode !== null || s.child.signalCode) throw new Error(`serve exited\n${s.output().stderr}`);
      return (await fetch(`${url}/ready`).catch(() => undefined))?.ok ? true : undefined;
    }, 'serve ready');
  };
  await start();
  return {
    deps,
    project,
    urls: () => [url],
    processes: () => [proc!],
    killAll: () => killed([proc!]),
    startAll: start,
  };
}

export type Op = 'create' | 'delete' | 'patch';

/** One request: what it asked, and its answer, or the error that cut it. */
export interface Sent {
  op: Op;
  round: number;
  /** The topic: the path's, or the one a 201 created. */
  topicId?: string;
  /** The name a creation gives, or the description a PATCH sets: unique to the request. */
  token: string;
  status?: number;
  /** X-Audit-Entry of the answer. */
  entry?: string;
  error?: string;
}

export interface Ledger {
  /** Every topic known to have committed: answered 201, or found in the table after a restart. */
  seen: Set<string>;
  /** Topics believed to exist and not in flight: what a DELETE or a PATCH picks (oldest first). */
  idle: Set<string>;
  requests: Sent[];
}

/** Takes the oldest idle topic out of the ledger. */
function takeIdle(ledger: Ledger): string | undefined {
  const id = ledger.idle.values().next().value;
  if (id !== undefined) ledger.idle.delete(id);
  return id;
}

/**
 * Sends up to `requests` audited topic changes, IN_FLIGHT at a time, over the fleet's APIs: creations
 * while fewer than LIVE_TARGET topics exist, else deletions and PATCHes of idle topics (7 to 3). With
 * `killAt`, every process is SIGKILLed once that many requests have been answered, the others in
 * flight; no request is sent after. Answers when every request has settled (and the kill is done).
 */
export async function runLoad(fleet: Fleet, ledger: Ledger, o: { round: number; requests: number; killAt?: number }) {
  const urls = fleet.urls();
  const deadline = Date.now() + ROUND_MS;
  let issued = 0;
  let settled = 0;
  let inFlight = 0;
  let next = 0;
  let killing: Promise<void> | undefined;
  const send = async (r: Sent, method: string, path: string, body?: object) => {
    ledger.requests.push(r);
    const headers: Record<string, string> = { authorization: fleet.project.auth };
    if (body) headers['content-type'] = 'application/json';
    try {
      const url = urls[next++ % urls.length]!;
      const res = await fetch(`${url}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
      const text = await res.text();
      // Answered only once the whole answer arrived (a 201 names its topic in the body).
      r.status = res.status;
      r.entry = res.headers.get('x-audit-entry') ?? undefined;
      return text ? (JSON.parse(text) as { id?: string }) : undefined;
    } catch (err) {
      r.error = String((err as { cause?: unknown }).cause ?? err);
      return undefined;
    }
  };
  const pick = (): Op => {
    const live = ledger.idle.size + inFlight;
    if (ledger.idle.size === 0 || (live < LIVE_TARGET && Math.random() < 0.6)) return 'create';
    return Math.random() < 0.7 ? 'delete' : 'patch';
  };
  const one = async (seq: number) => {
    const op = pick();
    const token = `r${o.round}-${seq}`;
    if (op === 'create') {
      const r: Sent = { op, round: o.round, token };
      const created = await send(r, 'POST', '/topics', { name: token });
      if (r.status === 201 && created?.id) {
        r.topicId = created.id;
        ledger.seen.add(created.id);
        ledger.idle.add(created.id);
      }
      return;
    }
    const topicId = takeIdle(ledger)!;
    const r: Sent = { op, round: o.round, token, topicId };
    if (op === 'delete') await send(r, 'DELETE', `/topics/${topicId}`);
    else await send(r, 'PATCH', `/topics/${topicId}`, { description: token });
    // A PATCHed topic is idle again; one whose request was cut is left to the sync after the restart.
    if (op === 'patch' && r.status === 200) ledger.idle.add(topicId);
  };
  const worker = async () => {
    while (!killing && issued < o.requests && Date.now() < deadline) {
      const seq = issued++;
      inFlight++;
      await one(seq);
      inFlight--;
      settled++;
      if (o.killAt !== undefined && settled >= o.killAt && !killing) killing = fleet.killAll();
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const ms = Date.now() - started;
  await killing;
  return { issued, ms, killedAfter: killing ? o.killAt : undefined };
}

/** A topic as stored: its name (a creation's token) and description (the last PATCH's token). */
export interface TopicNow {
  name: string;
  description: string | null;
}

/** After a restart: what the table holds is what exists; each of its topics is idle and known. */
export async function syncLedger(deps: Deps, projectId: string, ledger: Ledger): Promise<Map<string, TopicNow>> {
  const rows = await deps.db
    .selectFrom('topics')
    .select(['id', 'name', 'description'])
    .where('projectId', '=', projectId)
    .orderBy('id')
    .execute();
  ledger.idle = new Set(rows.map((r) => r.id));
  for (const r of rows) ledger.seen.add(r.id);
  return new Map(rows.map((r) => [r.id, { name: r.name, description: r.description }]));
}

/** Which of the requests a kill cut had committed their change, by what the table holds after it. */
export function committedOf(cut: Sent[], rows: Map<string, TopicNow>): Sent[] {
  const names = new Set([...rows.values()].map((t) => t.name));
  return cut.filter((r) => {
    if (r.op === 'create') return names.has(r.token);
    if (r.op === 'delete') return !rows.has(r.topicId!);
    return rows.get(r.topicId!)?.description === r.token;
  });
}

/** The project's topic entries as stored, oldest first. */
export async function topicEntries(deps: Deps, projectId: string) {
  return deps.db
    .selectFrom('auditLog')
    .select(['id', 'action', 'resourceId', 'sealed', 'changes'])
    .where('projectId', '=', projectId)
    .where('resourceType', '=', 'topic')
    .orderBy('id')
    .execute();
}
