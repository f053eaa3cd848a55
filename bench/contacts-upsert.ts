/**
 * POST /contacts over loopback with a real secret key: creates (a new email every request) and updates
 * (1,000 known emails, data changing), beside a bare Fastify hello-world measured in the same run.
 * SQLite by default; BENCH_DATABASE_URL=postgres://… also runs it on a fresh database of that server.
 */
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import { withFreshPostgres } from './contacts-import.ts';
import { type LoadResult, load, startBenchApp } from './lib.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);

/**
 * Runs autocannon in a worker thread of its own (off the server's event loop) with a request
 * generator, which bench/lib.ts's `load` cannot ship to its worker: each request gets a fresh email
 * (`mode: 'new'`) or one of 1,000 known ones (`mode: 'update'`).
 */
function loadUpserts(url: string, secretKey: string, mode: 'new' | 'update', tag: string, duration: number) {
  const code = `
    const { workerData, parentPort } = require('node:worker_threads');
    const autocannon = require('node:module').createRequire(workerData.base)('autocannon');
    let i = 0;
    const { url, duration, secretKey, mode, tag } = workerData;
    autocannon({
      url, duration, connections: 10,
      headers: { authorization: 'Bearer ' + secretKey, 'content-type': 'application/json' },
      requests: [{ method: 'POST', path: '/contacts', setupRequest: (req) => {
        i++;
        const email = mode === 'new' ? 'new' + i + '-' + tag + '@example.test' : 'upd' + (i % 1000) + '-' + tag + '@example.test';
        return { ...req, body: JSON.stringify({ email, data: { plan: i % 2 ? 'pro' : 'free', seats: i % 50, seen: i } }) };
      } }],
    }, (err, raw) => {
      if (err) return parentPort.postMessage({ error: String(err) });
      // Inside a worker thread autocannon hands back raw histograms; aggregate them as its main thread would.
      const r = autocannon.aggregateResult([raw], { url, connections: 10 });
      parentPort.postMessage({ requestsPerSecond: Math.round(raw.totalCompletedRequests / raw.duration), p99Ms: r.latency.p99, errors: r.errors, non2xx: r.non2xx });
    });`;
  return new Promise<LoadResult>((resolve, reject) => {
    const worker = new Worker(code, {
      eval: true,
      workerData: { base: import.meta.url, url, duration, secretKey, mode, tag },
    });
    worker.once('message', (m: LoadResult & { error?: string }) => {
      void worker.terminate();
      if (m.error) reject(new Error(m.error));
      else resolve(m);
    });
    worker.once('error', reject);
  });
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ hello: 'world' }));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const hello = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/hello`;
  const b = await startBenchApp(env);
  const tag = Date.now().toString(36);
  try {
    await load({ url: hello, duration: 1 });
    await loadUpserts(b.url, b.secretKey, 'update', `warm${tag}`, 1);
    const base = await load({ url: hello, duration: DURATION });
    const created = await loadUpserts(b.url, b.secretKey, 'new', tag, DURATION);
    const updated = await loadUpserts(b.url, b.secretKey, 'update', tag, DURATION);
    for (const [kind, r] of [
      ['create', created],
      ['update', updated],
    ] as const) {
      if (r.errors > 0 || r.non2xx > 0) throw new Error(`POST /contacts (${kind}) failed: ${JSON.stringify(r)}`);
    }
    console.log(`${label}: bare fastify hello-world:       ${base.requestsPerSecond} req/s (p99 ${base.p99Ms} ms)`);
    console.log(
      `${label}: POST /contacts, new contacts:   ${created.requestsPerSecond} req/s (p99 ${created.p99Ms} ms)`,
    );
    console.log(
      `${label}: POST /contacts, updates:        ${updated.requestsPerSecond} req/s (p99 ${updated.p99Ms} ms)`,
    );
  } finally {
    await bare.close();
    await b.close();
  }
}

export default async function run(): Promise<void> {
  await benchOn('sqlite', {});
  const server = process.env.BENCH_DATABASE_URL;
  if (server) await withFreshPostgres(server, (url) => benchOn('postgres', { DATABASE_URL: url }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
