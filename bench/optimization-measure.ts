/**
 * Measurements of the optimization benchmark: the service process's CPU time (from /proc), read-only
 * questions to its database (its SQLite file, or PostgreSQL with the claim index's reads and the
 * backends' CPU), and a timed round of POST /v1/send delivered into the counting sink.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import pg from 'pg';
import { postSends, sendBody } from './lib.ts';
import type { Service } from './service.ts';
import type { CountingSink } from './smtp.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

const TICK_MS = 1000 / Number(execSync('getconf CLK_TCK').toString().trim());

/** The pid of the process listening on the service's port (the node process `npm start` runs). */
export function servicePid(svc: Service): number {
  const out = execSync(`ss -ltnpH 'sport = :${new URL(svc.url).port}'`).toString();
  const m = /pid=(\d+)/.exec(out);
  if (!m) throw new Error(`no process listens on ${svc.url}`);
  return Number(m[1]);
}

/** CPU time (user + system) the process `pid` has used so far, in ms. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** Read-only questions about a campaign's outbox rows, asked of the service's database directly. */
export interface OutboxReader {
  /** Rows of the campaign still PENDING and due after `now`: waiting, unclaimed. */
  waiting(campaignId: string, now: Date): Promise<number>;
  /** The campaign's PENDING rows by due time (ISO 8601) and how many rows have `scheduled_at` set. */
  dueTimes(campaignId: string): Promise<{ byDue: Map<string, number>; scheduled: number }>;
  /**
   * PostgreSQL only (undefined on SQLite, whose claim runs inside the service): entries of the claim's
   * index (emails_due_idx) read so far, and the CPU ms of the database's backends by pid (when local).
   */
  dbCost(): Promise<DbCost | undefined>;
  close(): Promise<void>;
}

export interface DbCost {
  dueIndexReads: number;
  backendCpuMs: Map<number, number>;
}

/** What the database did between two readings: index entries read, backend CPU ms (a backend gone meanwhile is not counted). */
export function costBetween(a: DbCost, b: DbCost): { dueIndexReads: number; backendCpuMs: number } {
  let cpu = 0;
  for (const [pid, ms] of b.backendCpuMs) cpu += ms - (a.backendCpuMs.get(pid) ?? 0);
  return { dueIndexReads: b.dueIndexReads - a.dueIndexReads, backendCpuMs: cpu };
}

const LOOPBACK = ['127.0.0.1', 'localhost', '::1', '[::1]'];
const DUE_READS = `select coalesce(sum(idx_tup_read), 0) as n from pg_stat_user_indexes where indexrelname = 'emails_due_idx'`;
const BACKENDS = 'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()';

/** CPU ms of each live pid of `pids` (one that ended meanwhile is left out). */
function cpuByPid(pids: number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      out.set(pid, cpuMs(pid));
    } catch {
      // The backend ended between the query and the read.
    }
  }
  return out;
}

const WAITING = `select count(*) as n from emails where source_id = $1 and status = 'PENDING' and next_attempt_at > $2`;
const DUE = `select next_attempt_at as at, count(*) as n, count(scheduled_at) as s from emails
  where source_id = $1 and status = 'PENDING' group by next_attempt_at`;

function dueOf(rows: { at: string | Date; n: number | string; s: number | string }[]) {
  const byDue = new Map<string, number>();
  let scheduled = 0;
  for (const r of rows) {
    byDue.set(new Date(r.at).toISOString(), Number(r.n));
    scheduled += Number(r.s);
  }
  return { byDue, scheduled };
}

/** Opens the service's database read-only: its SQLite file (WAL: the service keeps writing) or `databaseUrl`. */
export async function openOutbox(svc: Service, databaseUrl?: string): Promise<OutboxReader> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return {
      waiting: async (id, now) => Number((await client.query(WAITING, [id, now])).rows[0].n),
      dueTimes: async (id) => dueOf((await client.query(DUE, [id])).rows),
      dbCost: async () => {
        const reads = Number((await client.query(DUE_READS)).rows[0].n);
        const local = LOOPBACK.includes(new URL(databaseUrl).hostname);
        const pids = local ? (await client.query(BACKENDS)).rows.map((r) => Number(r.pid)) : [];
        return { dueIndexReads: reads, backendCpuMs: cpuByPid(pids) };
      },
      close: () => client.end(),
    };
  }
  const db = new Database(path.join(svc.dataDir, 'mailwright.db'), { readonly: true });
  db.pragma('busy_timeout = 60000');
  const waiting = db.prepare(WAITING.replace('$1', '?').replace('$2', '?'));
  const due = db.prepare(DUE.replace('$1', '?'));
  return {
    // Timestamps are ISO 8601 UTC text on SQLite: text order is time order.
    waiting: async (id, now) => (waiting.get(id, now.toISOString()) as { n: number }).n,
    dueTimes: async (id) => dueOf(due.all(id) as { at: string; n: number; s: number }[]),
    dbCost: async () => undefined,
    close: async () => {
      db.close();
    },
  };
}

export interface Round {
  acceptPerS: number;
  deliveredPerS: number;
  cpuMsPer1000: number;
  missing: number;
  /** PostgreSQL: claim-index entries read and backend CPU ms, per 1,000 delivered. */
  dueIndexReadsPer1000?: number;
  dbCpuMsPer1000?: number;
}

/** PostgreSQL backends hold index statistics up to 10 s while idle after a flush less than 1 s old. */
const STATS_SETTLE_MS = 11_000;

/** Where a round runs: the service (its pid), the sink it delivers into, its database. */
export interface RoundTarget {
  svc: Service;
  pid: number;
  sink: CountingSink;
  outbox: OutboxReader;
  /** The verified sender domain. */
  domain: string;
  timeoutMs: number;
}

/**
 * `count` emails through /v1/send (one recipient each, tagged `tag`): 20 in flight, or `perSecond`
 * requests a second one at a time when given; timed until the sink holds every id (at most
 * `timeoutMs`), with the service's CPU (and on PostgreSQL the database's) over that time.
 */
export async function sendRound(at: RoundTarget, count: number, tag: string, perSecond?: number): Promise<Round> {
  const { svc, pid, sink, outbox, domain, timeoutMs } = at;
  const body = (i: number) => sendBody(i, `r${i}-${tag}@example.test`, `news@${domain}`);
  sink.reset('x-mailwright-email-id');
  const db0 = await outbox.dbCost();
  const cpu0 = cpuMs(pid);
  const t0 = performance.now();
  const { ids, refused } = perSecond
    ? await paced(svc, count, perSecond, body)
    : await postSends(svc.url, svc.secretKey, count, { connections: 20, body });
  const acceptMs = performance.now() - t0;
  if (refused > 0) throw new Error(`/v1/send refused ${refused} of ${count}`);
  const doneAt = await sink.holding(ids.size, t0 + timeoutMs);
  // The count can be reached by mail this round did not send (a notice to the owner): wait for the ids.
  while ([...ids].some((id) => !sink.seen.has(id)) && performance.now() < t0 + timeoutMs) await sleep(50);
  const cpu = cpuMs(pid) - cpu0;
  const missing = [...ids].filter((id) => !sink.seen.has(id)).length;
  const elapsed = Math.max(doneAt, sink.lastNewAt()) - t0;
  const per1000 = (x: number) => (x / count) * 1000;
  const round: Round = {
    acceptPerS: count / (acceptMs / 1000),
    deliveredPerS: count / (elapsed / 1000),
    cpuMsPer1000: per1000(cpu),
    missing,
  };
  if (!db0) return round;
  await sleep(STATS_SETTLE_MS);
  const db = costBetween(db0, (await outbox.dbCost())!);
  return { ...round, dueIndexReadsPer1000: per1000(db.dueIndexReads), dbCpuMsPer1000: per1000(db.backendCpuMs) };
}

/** POSTs `count` sends at `perSecond` a second, each on its own schedule (a slow answer does not delay the next). */
async function paced(svc: Service, count: number, perSecond: number, body: (i: number) => string) {
  const ids = new Set<string>();
  let refused = 0;
  const t0 = performance.now();
  const sent: Promise<void>[] = [];
  for (let i = 1; i <= count; i++) {
    await sleep(t0 + ((i - 1) * 1000) / perSecond - performance.now());
    const res = fetch(`${svc.url}/v1/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${svc.secretKey}`, 'content-type': 'application/json' },
      body: body(i),
    });
    sent.push(
      res.then(async (r) => {
        const answer = (await r.json()) as { data?: { emails: { email: string }[] } };
        if (r.status !== 200 || !answer.data) refused++;
        else for (const e of answer.data.emails) ids.add(e.email);
      }),
    );
  }
  await Promise.all(sent);
  return { ids, refused };
}

/** The process's CPU over `ms` while nothing is sent, in ms per second. */
export async function idleCpu(pid: number, ms: number): Promise<number> {
  const cpu0 = cpuMs(pid);
  await sleep(ms);
  return (cpuMs(pid) - cpu0) / (ms / 1000);
}
