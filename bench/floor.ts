/**
 * How far the write endpoints are from the floor their writes set. In one run: a bare Fastify
 * hello-world; Mailwright (as `npm start` runs it) under POST /v1/send, /v1/track and /contacts (new
 * contacts); then bench/floor-server.ts — bare Fastify routes writing the same rows by hand-written
 * SQL, group-committed, into the database Mailwright just wrote (a copy on SQLite; the same database
 * on PostgreSQL, Mailwright stopped), so the schema, its indexes, triggers and rows are the same.
 * Each is loaded alone from this process with the bodies of the endpoint's own benchmark. The floor's
 * ratio to hello-world is the most any implementation of these writes on this schema and machine can
 * reach; Mailwright's ratio to the floor is what its own code costs beyond them.
 * BENCH_FLOOR_NARROW=1 stores the floor's emails without HTML and text (a row rendered at delivery).
 * SQLite by default; BENCH_DATABASE_URL=postgres://… also runs it on a fresh database of that server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { load, loadPosts, onEachDatabase, WRITE_ENDPOINTS } from './lib.ts';
import { freePort, startBaseline, startHelloWorld, startService } from './service.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
// /v1/send last: the service delivers what it accepted (to its capture transport) for a while after.
const ENDPOINTS = ['contacts', 'track', 'send'] as const;
type Rates = Record<(typeof ENDPOINTS)[number], number>;

/** Each endpoint warmed for 2 s, then measured for DURATION: req/s by endpoint. */
async function measure(url: string, key: string, tag: string): Promise<Rates> {
  const out = {} as Rates;
  for (const name of ENDPOINTS) {
    const { path: route, body } = WRITE_ENDPOINTS[name];
    await loadPosts(url, key, route, (i) => body(i, `w${tag}`), 2);
    out[name] = (await loadPosts(url, key, route, (i) => body(i, tag), DURATION)).requestsPerSecond;
  }
  return out;
}

/** Mailwright's rates, and the database the floor then writes into. */
async function mailwright(env: Record<string, string>, copyDir: string, tag: string) {
  const svc = await startService(env);
  try {
    const rates = await measure(svc.url, svc.secretKey, tag);
    if (env.DATABASE_URL) return { rates, db: env.DATABASE_URL };
    // The service removes its data folder when it stops: the floor writes into an online copy.
    const db = path.join(copyDir, 'floor.db');
    const source = new Database(path.join(svc.dataDir, 'mailwright.db'), { readonly: true });
    await source.backup(db);
    source.close();
    return { rates, db };
  } finally {
    await svc.stop();
  }
}

async function floor(db: string, tag: string): Promise<Rates> {
  const port = await freePort();
  const server = await startBaseline(
    ['--import', 'tsx', 'bench/floor-server.ts'],
    { FLOOR_PORT: String(port), FLOOR_DB: db, FLOOR_NARROW: process.env.BENCH_FLOOR_NARROW === '1' ? '1' : '0' },
    `http://127.0.0.1:${port}/ready`,
  );
  try {
    return await measure(`http://127.0.0.1:${port}`, '-', `f${tag}`);
  } finally {
    await server.stop();
  }
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const tag = Date.now().toString(36);
  const copyDir = mkdtempSync(path.join(tmpdir(), 'mailwright-floor-'));
  const hello = await startHelloWorld();
  try {
    await load({ url: hello.url, duration: 1 });
    const before = (await load({ url: hello.url, duration: DURATION })).requestsPerSecond;
    const mw = await mailwright(env, copyDir, tag);
    const fl = await floor(mw.db, tag);
    const after = (await load({ url: hello.url, duration: DURATION })).requestsPerSecond;
    // The machine's pace can drift over a run of a minute: the baseline is the mean of both ends.
    const base = (before + after) / 2;
    console.log(`${label}: bare fastify hello-world ${before} then ${after} req/s`);
    for (const name of ENDPOINTS) {
      const { path: route } = WRITE_ENDPOINTS[name];
      console.log(
        `${label}: ${`POST ${route}`.padEnd(16)} floor ${String(fl[name]).padStart(5)} req/s = ${(fl[name] / base).toFixed(3)}` +
          ` | Mailwright ${String(mw.rates[name]).padStart(5)} req/s = ${(mw.rates[name] / base).toFixed(3)}` +
          ` of hello-world, ${(mw.rates[name] / fl[name]).toFixed(2)} of the floor`,
      );
    }
  } finally {
    await hello.stop();
    rmSync(copyDir, { recursive: true, force: true });
  }
}

export default (): Promise<void> => onEachDatabase(benchOn);
