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
  /** Sends `signal` to every process now running (SIGSTOP and SIGCONT to freeze them for a look). */
  signalAll(signal: NodeJS.Signals): void;
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
      signalAll: (signal) => {
        for (const m of members) m.proc.child.kill(signal);
      },
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
    signalAll: (signal) => proc!.child.kill(signal),
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

export interface LoadOptions {
  round: number;
  requests: number;
  /** SIGKILL every process once this many requests were answered (none sent after); none without. */
  killAt?: number;
  /**
   * Aimed: from `killAt` answers on, the processes are frozen now and then for a look at the database,
   * and killed frozen once it shows a change at stake (committed, not yet sealed or entered, its request
   * unanswered): the instant between a commit and its seal, which a blind kill seldom hits on SQLite.
   */
  aimed?: boolean;
}

/**
 * Whether the database shows a change at stake: an entry left unsealed since `unsealed` was counted
 * (a change committed, its seal and answer to come), or a creation or deletion of a request still in
 * `flying` that committed without a sealed entry of its action naming its topic.
 */
async function changeAtStake(fleet: Fleet, flying: Set<Sent>, unsealed: number): Promise<boolean> {
  if ((await unsealedCount(fleet)) > unsealed) return true;
  const { db } = fleet.deps;
  const rows = await db.selectFrom('topics').select(['id', 'name']).where('projectId', '=', fleet.project.id).execute();
  const byName = new Map(rows.map((r) => [r.name, r.id]));
  const ids = new Set(rows.map((r) => r.id));
  const committed = new Map<string, string>();
  for (const r of flying) {
    if (r.op === 'create' && byName.has(r.token)) committed.set(byName.get(r.token)!, 'topic.created');
    if (r.op === 'delete' && !ids.has(r.topicId!)) committed.set(r.topicId!, 'topic.deleted');
  }
  if (committed.size === 0) return false;
  const sealed = await db
    .selectFrom('auditLog')
    .select(['resourceId', 'action'])
    .where('projectId', '=', fleet.project.id)
    .where('resourceId', 'in', [...committed.keys()])
    .where('sealed', '=', true)
    .execute();
  const entered = new Set(sealed.map((e) => `${e.resourceId} ${e.action}`));
  return [...committed].some(([id, action]) => !entered.has(`${id} ${action}`));
}

async function unsealedCount(fleet: Fleet): Promise<number> {
  const row = await fleet.deps.db
    .selectFrom('auditLog')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('projectId', '=', fleet.project.id)
    .where('sealed', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Sends up to `requests` audited topic changes, IN_FLIGHT at a time, over the fleet's APIs: creations
 * while fewer than LIVE_TARGET topics exist, else deletions and PATCHes of idle topics (7 to 3), and
 * SIGKILLs every process in the middle as `o` says. Answers once every request has settled and every
 * process is dead (or the round ran out): how many were sent, in how long, and whether an aimed kill
 * found its moment.
 */
export async function runLoad(fleet: Fleet, ledger: Ledger, o: LoadOptions) {
  const urls = fleet.urls();
  const deadline = Date.now() + ROUND_MS;
  const flying = new Set<Sent>();
  let issued = 0;
  let settled = 0;
  let next = 0;
  let killing: Promise<void> | undefined;
  let aimedHit = false;
  let killedAfter: number | undefined;
  const kill = () => {
    killedAfter = settled;
    killing = fleet.killAll();
  };
  const send = async (r: Sent, method: string, path: string, body?: object) => {
    ledger.requests.push(r);
    flying.add(r);
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
    } finally {
      flying.delete(r);
    }
  };
  const pick = (): Op => {
    const live = ledger.idle.size + flying.size;
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
  const going = () => !killing && issued < o.requests && Date.now() < deadline;
  const worker = async () => {
    while (going()) {
      await one(issued++);
      settled++;
      if (!o.aimed && o.killAt !== undefined && settled >= o.killAt && !killing) kill();
    }
  };
  // Aimed: every few ms, every process is frozen (SIGSTOP) while the database is read, so what it
  // shows is what a kill then leaves; a change at stake is killed frozen, else they go on (SIGCONT).
  const aim = async () => {
    const unsealed = await unsealedCount(fleet);
    while (going()) {
      if (settled >= o.killAt!) {
        fleet.signalAll('SIGSTOP');
        if (await changeAtStake(fleet, flying, unsealed)) {
          aimedHit = true;
          kill();
          return;
        }
        fleet.signalAll('SIGCONT');
      }
      await new Promise((r) => setTimeout(r, settled >= o.killAt! ? Math.random() * 10 : 20));
    }
  };
  const started = Date.now();
  await Promise.all([...Array.from({ length: IN_FLIGHT }, worker), o.aimed ? aim() : undefined]);
  const ms = Date.now() - started;
  // An aimed kill that found no moment still kills, at the end (nothing in flight then).
  if (o.killAt !== undefined && !killing) kill();
  await killing;
  return { issued, ms, killedAfter, aimedHit };
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
