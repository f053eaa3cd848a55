/**
 * CPU time the service spends per request of an endpoint-beside-hello-world load, read from
 * /proc/<pid>/stat of the service process before and after the load: a figure that, unlike req/s,
 * holds still while other work shares the machine. `tsx bench/cpu-per-request.ts send|track|contacts`;
 * BENCH_SERVE_ARGS='--role api' leaves delivery to no one (the accept path alone), BENCH_PROF=<dir> profiles it.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadPosts, profileFlags, WRITE_ENDPOINTS } from './lib.ts';
import { startService } from './service.ts';

const TICK_US = 1e6 / Number(execSync('getconf CLK_TCK').toString().trim());

/** The pids listening on `port` (the service: tsx starts node, which listens). */
function listenerPid(port: string): number {
  const out = execSync(`ss -ltnpH 'sport = :${port}'`).toString();
  const m = /pid=(\d+)/.exec(out);
  if (!m) throw new Error(`no process listens on ${port}`);
  return Number(m[1]);
}

function cpuUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

const name = process.argv[2] ?? 'send';
if (!Object.hasOwn(WRITE_ENDPOINTS, name)) throw new Error(`unknown endpoint "${name}": send, track or contacts`);
const which = WRITE_ENDPOINTS[name as keyof typeof WRITE_ENDPOINTS];
const env: Record<string, string> = process.env.BENCH_DATABASE_URL
  ? { DATABASE_URL: process.env.BENCH_DATABASE_URL }
  : {};
const svc = await startService(
  env,
  profileFlags(),
  process.env.BENCH_SERVE_ARGS ? process.env.BENCH_SERVE_ARGS.split(' ') : [],
);
try {
  const pid = listenerPid(new URL(svc.url).port);
  const tag = Date.now().toString(36);
  await loadPosts(svc.url, svc.secretKey, which.path, (i) => which.body(i, `w${tag}`), 2);
  const before = cpuUs(pid);
  const r = await loadPosts(
    svc.url,
    svc.secretKey,
    which.path,
    (i) => which.body(i, tag),
    Number(process.env.BENCH_DURATION ?? 5),
  );
  const used = cpuUs(pid) - before;
  const n = r.requestsPerSecond * Number(process.env.BENCH_DURATION ?? 5);
  console.log(`${which.path}: ${r.requestsPerSecond} req/s, ${Math.round(used / n)} µs of service CPU a request`);
} finally {
  await svc.stop();
}
process.exit(0);
