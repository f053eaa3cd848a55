/**
 * A webhook receiver that is down: BENCH_OUTAGE_MESSAGES (10,000) new contacts through POST /contacts
 * at BENCH_OUTAGE_RATE (250) a second, each announced to 3 endpoints on 3 loopback receivers (a
 * process of their own), three times on the same service: with every receiver up, with receiver 1's
 * port closed for the first BENCH_OUTAGE_S (30) s and then open again on the same port, and with
 * every receiver up again (so the runs without the outage come before and after it).
 * Reports per receiver the messages in the database, distinct webhook-ids that arrived, duplicates,
 * missing, and commit → arrival times; for the down one, when its first and last message arrived
 * after it came back. Targets: all delivered, none twice, the other receivers' p99 unchanged.
 * Mailwright runs as `npm start` starts it. SQLite by default; BENCH_DATABASE_URL=postgres://… also
 * runs it on a fresh database of that server.
 */
import { onEachDatabase } from './lib.ts';
import { type Service, startService } from './service.ts';
import {
  createEndpoints,
  type Drained,
  drain,
  machineLoad,
  messageCount,
  pacedWrites,
  type Receivers,
  startReceivers,
  type Tally,
  table,
  tally,
} from './webhooks-lib.ts';

const MESSAGES = Number(process.env.BENCH_OUTAGE_MESSAGES ?? 10_000);
const RATE = Number(process.env.BENCH_OUTAGE_RATE ?? 250);
const OUTAGE_S = Number(process.env.BENCH_OUTAGE_S ?? 30);
const DRAIN_TIMEOUT_MS = Number(process.env.BENCH_DRAIN_TIMEOUT_S ?? 300) * 1000;
const DOWN = 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const wallNow = () => performance.timeOrigin + performance.now();

interface Run {
  drained: Drained;
  tallies: Tally[];
  writes: { ok: number; failed: number; reqPerS: number; p99Ms: number };
  /** Wall-clock times: the first write, the receiver back up, its first arrival after that. */
  startedAt: number;
  upAt?: number;
  firstBackAt?: number;
}

async function run(svc: Service, receivers: Receivers, ids: string[], tag: string, outage: boolean): Promise<Run> {
  const before = await Promise.all(ids.map((id) => messageCount(svc, id)));
  if (outage) await receivers.down(DOWN);
  const startedAt = wallNow();
  let upAt: number | undefined;
  const back = outage
    ? sleep(OUTAGE_S * 1000).then(async () => {
        upAt = await receivers.up(DOWN);
      })
    : Promise.resolve();
  const writes = await pacedWrites(svc, { rate: RATE, count: MESSAGES, tag });
  await back;
  const drained = await drain(receivers, svc, ids, before, DRAIN_TIMEOUT_MS);
  const tallies = drained.arrivals.map((a) => tally(a, writes.committedAt));
  const firstBackAt = upAt === undefined ? undefined : Math.min(...drained.arrivals[DOWN]!.map((a) => a[3]));
  return { drained, tallies, writes, startedAt, upAt, firstBackAt };
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const receivers = await startReceivers(3);
  const svc = await startService({ ...env, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });
  const tag = Date.now().toString(36);
  try {
    const ids = await createEndpoints(svc, receivers.urls);
    await pacedWrites(svc, { rate: RATE, count: RATE * 2, tag: `warm${tag}` });
    await drain(receivers, svc, ids, [0, 0, 0], DRAIN_TIMEOUT_MS);
    const before = await run(svc, receivers, ids, `a${tag}`, false);
    const outage = await run(svc, receivers, ids, `b${tag}`, true);
    const after = await run(svc, receivers, ids, `c${tag}`, false);
    report(label, [
      ['all up', before],
      ['outage', outage],
      ['all up again', after],
    ]);
  } finally {
    await svc.stop();
    await receivers.stop();
  }
}

function report(label: string, runs: [string, Run][]) {
  const outage = runs.find(([, r]) => r.upAt !== undefined)![1];
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `${label}: ${MESSAGES} new contacts at ${RATE}/s to 3 endpoints; receiver 1 down for the first ${OUTAGE_S} s of the outage run (${machineLoad()})`,
  );
  const rows = (name: string, r: Run) =>
    r.tallies.map((t, i) => [
      `${name}, receiver ${i + 1}${r.upAt !== undefined && i === DOWN ? ' (down)' : ''}`,
      r.drained.expected[i]!,
      t.delivered,
      t.duplicates,
      t.missing,
      t.strays,
      t.p50Ms,
      t.p99Ms,
      t.maxMs,
    ]);
  table(
    label,
    ['run', 'in db', 'arrived', 'twice', 'missing', 'strays', 'p50 ms', 'p99 ms', 'max ms'],
    runs.flatMap(([name, r]) => rows(name, r)),
  );
  for (const [name, r] of runs) {
    const failed = r.writes.failed > 0 ? `, ${r.writes.failed} failed` : '';
    console.log(
      `${label}: ${name}: writes ${r.writes.ok} at ${r.writes.reqPerS} req/s (p99 ${r.writes.p99Ms} ms${failed}); ` +
        `DELIVERED in db ${r.drained.delivered.join(' / ')}`,
    );
  }
  const { upAt, firstBackAt, startedAt } = outage;
  if (upAt !== undefined && firstBackAt !== undefined) {
    const down = outage.tallies[DOWN]!;
    console.log(
      `${label}: receiver 1 up again ${s(upAt - startedAt)} after the first write; its first message ` +
        `${s(firstBackAt - upAt)} later, its last (all ${down.delivered}) ${s(down.lastAt - upAt)} after it came back`,
    );
  }
  const others = (r: Run) =>
    r.tallies
      .filter((_, i) => i !== DOWN)
      .map((t) => t.p99Ms)
      .join(' / ');
  console.log(`${label}: p99 of receivers 2 / 3: ${runs.map(([name, r]) => `${name} ${others(r)} ms`).join('; ')}`);
}

export default (): Promise<void> => onEachDatabase(benchOn);
