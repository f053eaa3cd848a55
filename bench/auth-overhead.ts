/**
 * Overhead of the API's request path (key authentication + per-project rate limit + request logging +
 * request id + metrics) on a trivial endpoint, against a bare Fastify hello-world in the same run.
 * Target: ratio ≥ 0.6.
 */
import Fastify from 'fastify';
import { requireProject } from '../src/http/auth.ts';
import { load, startBenchApp } from './lib.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);

export default async function run(): Promise<void> {
  const bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ hello: 'world' }));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const barePort = (bare.server.address() as { port: number }).port;

  const mw = await startBenchApp(
    {},
    {
      plugins: [
        async (app, deps) => {
          app.get('/bench/ping', { onRequest: requireProject(deps) }, async (req) => ({
            projectId: req.auth!.projectId,
          }));
        },
      ],
    },
  );
  try {
    // Warm both up (JIT, SQLite page cache) before measuring.
    await load({ url: `http://127.0.0.1:${barePort}/hello`, duration: 1 });
    await load({ url: `${mw.url}/bench/ping`, duration: 1, headers: { authorization: `Bearer ${mw.secretKey}` } });

    const base = await load({ url: `http://127.0.0.1:${barePort}/hello`, duration: DURATION });
    const ours = await load({
      url: `${mw.url}/bench/ping`,
      duration: DURATION,
      headers: { authorization: `Bearer ${mw.secretKey}` },
    });
    if (ours.non2xx > 0 || ours.errors > 0) throw new Error(`authenticated endpoint failed: ${JSON.stringify(ours)}`);
    console.log(`bare fastify hello-world:      ${base.requestsPerSecond} req/s (p99 ${base.p99Ms} ms)`);
    console.log(`authenticated (sk + limit + log): ${ours.requestsPerSecond} req/s (p99 ${ours.p99Ms} ms)`);
    console.log(`ratio: ${(ours.requestsPerSecond / base.requestsPerSecond).toFixed(2)} (target >= 0.60)`);
  } finally {
    await bare.close();
    await mw.close();
  }
}
