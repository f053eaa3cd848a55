/**
 * Does an import stall the API? Starts the service as `npm start` does, and while it checks and
 * imports a 5 MB CSV (~180k narrow rows) polls GET /health from this process with 10 concurrent
 * clients, reporting the latency percentiles against the same polling on an idle service.
 * Target: p99 <= 50 ms during the import. SQLite by default; BENCH_DATABASE_URL=postgres://… runs it on
 * a fresh database of that server as well.
 */
import { multipartBody } from '../test/e2e/contacts-helpers.ts';
import { onEachDatabase } from './lib.ts';
import { type Service, startService } from './service.ts';

const MAX_BYTES = 5 * 1024 * 1024;
const CLIENTS = 10;
const TARGET_P99_MS = 50;

/** Narrow rows (an email and a number) until just under 5 MB: the most rows a 5 MB upload can hold. */
function narrowCsv(): { csv: Buffer; rows: number } {
  const lines = ['email,n'];
  let size = lines[0]!.length + 1;
  for (let i = 0; ; i++) {
    const line = `u${i}@ex${i % 97}.test,${i % 1000}`;
    if (size + line.length + 1 > MAX_BYTES) break;
    lines.push(line);
    size += line.length + 1;
  }
  return { csv: Buffer.from(`${lines.join('\n')}\n`), rows: lines.length - 1 };
}

/** Polls /health with CLIENTS concurrent loops until `until` settles; returns every latency in ms. */
async function pollHealth(url: string, until: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const client = async () => {
    while (!done) {
      const t0 = performance.now();
      const res = await fetch(`${url}/health`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`/health answered ${res.status}`);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return latencies;
}

function summary(latencies: number[]): string {
  const sorted = latencies.toSorted((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  return `n=${sorted.length} p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
}

/** Uploads the file and waits until its import has completed; returns the job's figures. */
async function importFile(s: Service, csv: Buffer): Promise<{ uploadMs: number; totalMs: number; processed: number }> {
  const auth = { authorization: `Bearer ${s.secretKey}` };
  const { payload: body, headers } = multipartBody(csv);
  const t0 = performance.now();
  const res = await fetch(`${s.url}/contacts/import`, {
    method: 'POST',
    headers: { ...auth, ...headers },
    body,
  });
  if (res.status !== 202) throw new Error(`upload refused: ${res.status} ${await res.text()}`);
  const uploadMs = performance.now() - t0;
  const { jobId } = (await res.json()) as { jobId: string };
  for (;;) {
    const job = (await (await fetch(`${s.url}/contacts/import/${jobId}`, { headers: auth })).json()) as {
      status: string;
      processed: number;
    };
    if (job.status === 'completed') return { uploadMs, totalMs: performance.now() - t0, processed: job.processed };
    if (job.status === 'failed') throw new Error(`import failed: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const { csv, rows } = narrowCsv();
  const s = await startService({ LOG_LEVEL: 'warn', ...env });
  try {
    const idle = await pollHealth(s.url, new Promise((r) => setTimeout(r, 2000)));
    console.log(`${label}: idle                /health ${summary(idle)}`);
    const importing = importFile(s, csv);
    const busy = await pollHealth(s.url, importing);
    const r = await importing;
    console.log(`${label}: during the import   /health ${summary(busy)}`);
    const sorted = busy.toSorted((a, b) => a - b);
    const p99 = sorted[Math.floor(0.99 * sorted.length)]!;
    console.log(
      `${label}: ${rows} rows (${csv.length} bytes): upload check ${Math.round(r.uploadMs)} ms, done after ` +
        `${Math.round(r.totalMs)} ms (${Math.round(r.processed / (r.totalMs / 1000))} rows/s); ` +
        `p99 ${p99.toFixed(1)} ms ${p99 <= TARGET_P99_MS ? '<=' : '>'} target ${TARGET_P99_MS} ms`,
    );
  } finally {
    await s.stop();
  }
}

export default (): Promise<void> => onEachDatabase(benchOn);
